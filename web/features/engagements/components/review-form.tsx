import { EditReviewSchema, ReplySchema } from '../../../../contracts/reviews.schemas.ts';
import { REVIEW_RULES } from '../../../../contracts/reviews.ts';
import { TextAreaField } from '../../../components/ui/field.tsx';
import { DialogActions, PendingButton } from '../../../components/ui/form-buttons.tsx';
import { t } from '../../../lib/i18n/translate.ts';
import { useForm } from '../../../lib/use-form.ts';
import { StarsInput } from './stars.tsx';

/**
 * Stars and an optional comment, checked with the API's own schema before it is sent: a review
 * to leave, or one to change (`initial`).
 */
export function ReviewForm({
  initial,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
}: {
  initial?: { rating: number; comment: string | null } | undefined;
  submitLabel: string;
  pending: boolean;
  onSubmit: (review: { rating: number; comment: string | null }) => void;
  onCancel: () => void;
}) {
  const { values, errors, field, set, submit } = useForm(
    { rating: initial?.rating as number | undefined, comment: initial?.comment ?? '' },
    EditReviewSchema,
  );
  return (
    <form onSubmit={submit(onSubmit)} noValidate className="stack">
      <StarsInput
        value={values.rating}
        onChange={(rating) => set('rating', rating)}
        error={errors.rating}
      />
      <TextAreaField
        label={t('Comment')}
        optional
        error={errors.comment}
        rows={4}
        maxLength={REVIEW_RULES.commentMax}
        {...field('comment')}
        placeholder={t('What was it like to work with them?')}
      />
      <DialogActions onCancel={onCancel}>
        <PendingButton pending={pending} pendingLabel={t('Sending...')}>
          {submitLabel}
        </PendingButton>
      </DialogActions>
    </form>
  );
}

/** The reviewed person's one reply. */
export function ReplyForm({
  pending,
  onSubmit,
  onCancel,
}: {
  pending: boolean;
  onSubmit: (reply: string) => void;
  onCancel: () => void;
}) {
  const { errors, field, submit } = useForm({ reply: '' }, ReplySchema);
  return (
    <form onSubmit={submit((value) => onSubmit(value.reply))} noValidate className="stack">
      <TextAreaField
        label={t('Your reply')}
        error={errors.reply}
        hint={t('You can reply once, and not change it later.')}
        rows={4}
        maxLength={REVIEW_RULES.replyMax}
        {...field('reply')}
      />
      <DialogActions onCancel={onCancel}>
        <PendingButton pending={pending} pendingLabel={t('Sending...')}>
          {t('Send Reply')}
        </PendingButton>
      </DialogActions>
    </form>
  );
}
