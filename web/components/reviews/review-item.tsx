import { REVIEW_SIDE_LABELS, type Review } from '../../../contracts/reviews.ts';
import { formatDate } from '../../lib/format.ts';
import { Stars } from './stars.tsx';

/**
 * One review: its stars, comment, the reviewer's first name and date, and the reply if there is
 * one. `showSide` adds what the reviewed person was ("as a client") where a list mixes them.
 */
export function ReviewItem({ review, showSide = false }: { review: Review; showSide?: boolean }) {
  return (
    <article className="review">
      <div className="review-head">
        <Stars rating={review.rating} />
        <span className="hint">
          {review.reviewer.firstName}, {formatDate(review.createdAt)}
          {review.editedAt ? ' (edited)' : ''}
          {showSide ? `, ${REVIEW_SIDE_LABELS[review.side]}` : ''}
        </span>
      </div>
      {review.comment ? <p className="pre-line review-comment">{review.comment}</p> : null}
      {review.reply ? (
        <div className="review-reply">
          <p className="hint">Reply, {formatDate(review.reply.createdAt)}</p>
          <p className="pre-line">{review.reply.text}</p>
        </div>
      ) : null}
    </article>
  );
}
