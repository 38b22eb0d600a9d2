import { useState } from 'react';
import type { EngagementAction } from '../../../../contracts/engagements.ts';
import type { EngagementReviews } from '../../../../contracts/reviews.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { StarIcon } from '../../../components/ui/icons.tsx';
import { useUser } from '../../../lib/auth.ts';
import { formatDate } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/translate.ts';
import { useOutboxItems, useWrite } from '../../../lib/outbox/use-outbox.ts';
import type { ReviewKinds, ReviewTarget } from '../api/reviews.ts';
import { ReplyForm, ReviewForm } from './review-form.tsx';
import { ReviewItem } from './review-item.tsx';

type Open = 'leave' | 'edit' | 'reply' | null;

/**
 * The reviews part of a completed booking's or application's card: Leave a review (until the
 * window closes) or the review left, with Edit while it may be changed; the other side's review
 * of the viewer, with Reply once. Writes go through the outbox: one waiting to be sent is said
 * so, and not offered again.
 */
export function EngagementReview({
  review,
  allowedActions,
  target,
  otherName,
  kinds,
  now = Date.now(),
}: {
  review: EngagementReviews;
  /** The deal's actions from the server: Leave a review shows only when it has `review`. */
  allowedActions: readonly EngagementAction[];
  target: ReviewTarget;
  /** Whom the viewer reviews: "DJ Kasa", "Kofi". */
  otherName: string;
  kinds: ReviewKinds;
  /** Only for Edit's 7 days, which the server judges again (no money hangs on it). */
  now?: number;
}) {
  const { user } = useUser();
  const [open, setOpen] = useState<Open>(null);
  const leave = useWrite(kinds.leave);
  const edit = useWrite(kinds.edit);
  const reply = useWrite(kinds.reply);
  const waitingLeave = useOutboxItems({ userId: user?.id, kind: kinds.leave, ref: target.id });
  const waitingEdit = useOutboxItems({ userId: user?.id, kind: kinds.edit, ref: target.id });
  const waitingReply = useOutboxItems({ userId: user?.id, kind: kinds.reply, ref: target.id });
  const { mine, theirs, openUntil } = review;
  const canLeave = !mine && allowedActions.includes('review') && waitingLeave.pending.length === 0;
  const canEdit =
    mine !== null && now < Date.parse(mine.editableUntil) && waitingEdit.pending.length === 0;
  const canReply = theirs !== null && !theirs.reply && waitingReply.pending.length === 0;
  const waiting = [waitingLeave, waitingEdit, waitingReply].some((w) => w.pending.length > 0);
  if (!mine && !theirs && !canLeave && !waiting) return null;
  const close = () => setOpen(null);
  const done = (outcome: { status: string }) => outcome.status !== 'failed' && close();

  return (
    <section className="engagement-review" aria-label={t('Reviews')}>
      {mine ? (
        <div>
          <p className="section-subtitle">{t('Your review of {name}', { name: otherName })}</p>
          <ReviewItem review={mine} />
        </div>
      ) : null}
      {theirs ? (
        <div>
          <p className="section-subtitle">{t('Their review of you')}</p>
          <ReviewItem review={theirs} />
        </div>
      ) : null}
      {waiting ? <p className="hint">{t('Saved on this phone; it waits to be sent.')}</p> : null}
      {canLeave || canEdit || canReply ? (
        <div className="button-row">
          {canLeave ? (
            <button
              type="button"
              className="btn btn-primary btn-sm"
              onClick={() => setOpen('leave')}
            >
              <StarIcon size={16} /> {t('Leave a review')}
            </button>
          ) : null}
          {canEdit ? (
            <button
              type="button"
              className="btn btn-outline btn-sm"
              onClick={() => setOpen('edit')}
            >
              {t('Edit review')}
            </button>
          ) : null}
          {canReply ? (
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setOpen('reply')}>
              {t('Reply')}
            </button>
          ) : null}
        </div>
      ) : null}
      {canLeave && openUntil ? (
        <p className="hint">{t('You can review until {date}.', { date: formatDate(openUntil) })}</p>
      ) : null}
      <Dialog
        open={open === 'leave'}
        onClose={close}
        title={t('Review {otherName}', { otherName })}
        description={t(
          'Your review is public, with your first name. You can change it for 7 days.',
        )}
      >
        <ReviewForm
          submitLabel={t('Send Review')}
          pending={leave.isPending}
          onCancel={close}
          onSubmit={(input) => leave.mutate({ ...target, ...input }, { onSuccess: done })}
        />
      </Dialog>
      <Dialog
        open={open === 'edit'}
        onClose={close}
        title={t('Edit your review of {otherName}', { otherName })}
      >
        {mine ? (
          <ReviewForm
            initial={mine}
            submitLabel={t('Save Review')}
            pending={edit.isPending}
            onCancel={close}
            onSubmit={(input) =>
              edit.mutate({ ...target, reviewId: mine.id, ...input }, { onSuccess: done })
            }
          />
        ) : null}
      </Dialog>
      <Dialog open={open === 'reply'} onClose={close} title={t('Reply to the review')}>
        {theirs ? (
          <ReplyForm
            pending={reply.isPending}
            onCancel={close}
            onSubmit={(text) =>
              reply.mutate({ ...target, reviewId: theirs.id, reply: text }, { onSuccess: done })
            }
          />
        ) : null}
      </Dialog>
    </section>
  );
}
