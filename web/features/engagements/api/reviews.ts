/**
 * Reviews of completed work, shared by the bookings and jobs features (the review on each
 * completed card) and the profile screens (the lists). Leaving, changing and answering a review
 * go through the outbox, like confirming the work they follow: written on a bus with no signal,
 * they wait on the phone and are sent once, with an idempotency key.
 */
import {
  infiniteQueryOptions,
  type QueryKey,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { api } from '../../../../contracts/paths.ts';
import type { EditReviewInput } from '../../../../contracts/reviews.schemas.ts';
import type { RatingSummary, Review } from '../../../../contracts/reviews.ts';
import { getJson, getPage, withQuery } from '../../../lib/api-client.ts';
import { msg, t } from '../../../lib/i18n/translate.ts';
import type { WriteKind } from '../../../lib/outbox/write-kind.ts';
import { ARTISTS_QUERY_KEY, REVIEWS_QUERY_KEY } from '../../../lib/query-keys.ts';

const pagedReviews = (key: QueryKey, url: string) =>
  infiniteQueryOptions({
    queryKey: key,
    queryFn: ({ pageParam }) => getPage<Review>(withQuery(url, { cursor: pageParam })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });

/** An artist's profile, Reviews tab: the reviews of their performances, newest first. */
export const artistReviewsQueryOptions = (artistId: number) =>
  pagedReviews([...REVIEWS_QUERY_KEY, 'artist', artistId], api.artistReviews(artistId));

/** Every review of a person (an employer's profile), newest first. */
export const userReviewsQueryOptions = (userId: number) =>
  pagedReviews([...REVIEWS_QUERY_KEY, 'user', userId], api.userReviews(userId));

export const userRatingQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: [...REVIEWS_QUERY_KEY, 'user', userId, 'summary'] as const,
    queryFn: () => getJson<RatingSummary>(api.userReviewsSummary(userId)),
  });

export const useArtistReviews = (artistId: number) =>
  useInfiniteQuery(artistReviewsQueryOptions(artistId));
export const useUserReviews = (userId: number) => useInfiniteQuery(userReviewsQueryOptions(userId));
export const useUserRating = (userId: number) => useQuery(userRatingQueryOptions(userId));

/** Which engagement a review is about, and how the outbox lists it ("DJ Kasa, 12 Dec 2026"). */
export interface ReviewTarget {
  id: number;
  label: string;
}

export interface LeaveReviewVariables extends ReviewTarget, EditReviewInput {}
export interface EditReviewVariables extends ReviewTarget, EditReviewInput {
  reviewId: number;
}
export interface ReplyVariables extends ReviewTarget {
  reviewId: number;
  reply: string;
}

/** The three writes of reviews for one kind of engagement (bookings, or applications). */
export interface ReviewKinds {
  leave: WriteKind<LeaveReviewVariables>;
  edit: WriteKind<EditReviewVariables>;
  reply: WriteKind<ReplyVariables>;
}

/**
 * The review writes of one kind of engagement. `name` prefixes the stored kind names (never
 * rename); `engagementField` is how POST /api/reviews names it; `refreshes` the feature's own
 * prefix (its cards show the reviews). Reviews lists and artist ratings refresh as well.
 */
export function reviewKinds({
  name,
  engagementField,
  refreshes,
}: {
  name: string;
  engagementField: 'bookingId' | 'applicationId';
  refreshes: QueryKey;
}): ReviewKinds {
  const changed = [refreshes, REVIEWS_QUERY_KEY, ARTISTS_QUERY_KEY];
  return {
    leave: {
      name: `${name}-review`,
      request: ({ id, label, rating, comment }) => ({
        method: 'POST',
        url: api.reviews,
        body: { [engagementField]: id, rating, comment },
        title: t('Review: {label}', { label }),
        // The engagement, so its card knows a review waits to be sent.
        ref: id,
      }),
      sent: { title: t('Review Sent'), description: t('Thank you for your review.') },
      failed: { title: t('Review Failed'), fallback: msg('Please try again.') },
      refreshes: changed,
    },
    edit: {
      name: `${name}-review-edit`,
      request: ({ id, label, reviewId, rating, comment }) => ({
        method: 'PATCH',
        url: api.review(reviewId),
        body: { rating, comment },
        title: t('Change review: {label}', { label }),
        ref: id,
      }),
      sent: { title: t('Review Changed') },
      failed: { title: t('Change Failed'), fallback: msg('Please try again.') },
      refreshes: changed,
    },
    reply: {
      name: `${name}-review-reply`,
      request: ({ id, label, reviewId, reply }) => ({
        method: 'POST',
        url: api.reviewReply(reviewId),
        body: { reply },
        title: t('Reply to review: {label}', { label }),
        ref: id,
      }),
      sent: { title: t('Reply Sent') },
      failed: { title: t('Reply Failed'), fallback: msg('Please try again.') },
      refreshes: [refreshes, REVIEWS_QUERY_KEY],
    },
  };
}
