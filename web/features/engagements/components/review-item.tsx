import { formatAmount } from '../../../../contracts/money.ts';
import {
  COUNTED_WORK_MIN,
  REVIEW_SIDE_LABELS,
  type Review,
} from '../../../../contracts/reviews.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/translate.ts';
import { Stars } from './stars.tsx';

/** Why a review shown is not in the rating, as its small note says it. */
function notCountedNote(review: Review): string | null {
  if (review.counted) return null;
  return review.notCountedBecause === 'later_review'
    ? t('Not counted in the rating: a later review by the same person counts')
    : t('Not counted in the rating: paid under {amount}', {
        amount: formatMoney(formatAmount(COUNTED_WORK_MIN)),
      });
}

/**
 * One review: its stars, comment, the reviewer's first name and date, and the reply if there is
 * one. `showSide` adds what the reviewed person was ("as a client") where a list mixes them. A
 * review that does not count toward the rating says so, and why, in a small note.
 */
export function ReviewItem({ review, showSide = false }: { review: Review; showSide?: boolean }) {
  const note = notCountedNote(review);
  return (
    <article className="review">
      <div className="review-head">
        <Stars rating={review.rating} />
        <span className="hint">
          {review.reviewer.firstName}, {formatDate(review.createdAt)}
          {review.editedAt ? ` ${t('(edited)')}` : ''}
          {showSide ? `, ${t(REVIEW_SIDE_LABELS[review.side])}` : ''}
        </span>
      </div>
      {review.comment ? <p className="pre-line review-comment">{review.comment}</p> : null}
      {note ? <p className="hint review-not-counted">{note}</p> : null}
      {review.reply ? (
        <div className="review-reply">
          <p className="hint">{t('Reply, {date}', { date: formatDate(review.reply.createdAt) })}</p>
          <p className="pre-line">{review.reply.text}</p>
        </div>
      ) : null}
    </article>
  );
}
