import { type FormEvent, useState } from 'react';
import { EditReviewSchema, ReplySchema } from '../../../../contracts/reviews.schemas.ts';
import { REVIEW_RULES } from '../../../../contracts/reviews.ts';
import { validate } from '../../../../contracts/validate.ts';
import { Field } from '../../../components/ui/field.tsx';
import { t } from '../../../lib/i18n/translate.ts';
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
  const [rating, setRating] = useState<number | undefined>(initial?.rating);
  const [comment, setComment] = useState(initial?.comment ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(EditReviewSchema, { rating, comment });
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    onSubmit(result.value);
  };
  return (
    <form onSubmit={submit} noValidate className="stack">
      <StarsInput value={rating} onChange={setRating} error={errors.rating} />
      <Field label={t('Comment')} optional error={errors.comment}>
        <textarea
          className="input"
          rows={4}
          maxLength={REVIEW_RULES.commentMax}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          placeholder={t('What was it like to work with them?')}
        />
      </Field>
      <div className="dialog-actions">
        <button type="button" className="btn btn-outline" onClick={onCancel}>
          {t('Cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? t('Sending...') : submitLabel}
        </button>
      </div>
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
  const [reply, setReply] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(ReplySchema, { reply });
    if (!result.ok) return setError(result.errors.reply);
    setError(undefined);
    onSubmit(result.value.reply);
  };
  return (
    <form onSubmit={submit} noValidate className="stack">
      <Field
        label={t('Your reply')}
        error={error}
        hint={t('You can reply once, and not change it later.')}
      >
        <textarea
          className="input"
          rows={4}
          maxLength={REVIEW_RULES.replyMax}
          value={reply}
          onChange={(event) => setReply(event.target.value)}
        />
      </Field>
      <div className="dialog-actions">
        <button type="button" className="btn btn-outline" onClick={onCancel}>
          {t('Cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? t('Sending...') : t('Send Reply')}
        </button>
      </div>
    </form>
  );
}
