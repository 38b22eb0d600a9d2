import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { Page } from '../../../../contracts/paging.ts';
import type { Review } from '../../../../contracts/reviews.ts';
import { StarIcon } from '../../../components/ui/icons.tsx';
import { PagedList } from '../../../components/ui/paged-list.tsx';
import { t } from '../../../lib/i18n/translate.ts';
import { ratingSummary } from '../../../lib/rating-summary.ts';
import { ReviewItem } from './review-item.tsx';

/**
 * A person's reviews, newest first, 20 at a time, under their rating ("4.7 (23 reviews)"): an
 * artist's Reviews tab, an employer's profile. With no reviews it says so; no rating is shown.
 */
export function ReviewsList({
  query,
  rating,
  reviewCount,
  showSide = false,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page<Review>>>;
  rating: number | null;
  reviewCount: number;
  /** Say what the person was in each review ("as a client"), for a list that mixes them. */
  showSide?: boolean;
}) {
  const summary = ratingSummary(rating, reviewCount);
  return (
    <div className="card stack reviews-list">
      {summary ? (
        <p className="rating review-summary">
          <StarIcon size={18} /> {summary}
        </p>
      ) : null}
      <PagedList
        query={query}
        label={t('Reviews')}
        loading={t('Loading reviews...')}
        failed={t('Failed to fetch reviews')}
        empty={<p className="muted">{t('No reviews yet.')}</p>}
        renderItem={(review) => (
          <li key={review.id}>
            <ReviewItem review={review} showSide={showSide} />
          </li>
        )}
      />
    </div>
  );
}
