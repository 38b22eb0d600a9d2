import type { Kysely } from 'kysely';
import { type EngagementReviews, reviewWindowEnd } from '../../contracts/reviews.ts';
import type { Database } from '../db/database.ts';
import type { EngagementType } from '../engagements/engagements-service.ts';
import type { ListPage } from '../lib/keyset-page.ts';
import { completionsOf, reviewsOfEngagements, toOwnReview } from './reviews-repository.ts';

/**
 * Adds the `review` of each engagement as `viewerId` (one of its two sides) sees it: until when
 * they may review, what they wrote, and what was written about them. Two queries for all.
 */
export async function withReviews<T extends { id: number }>(
  db: Kysely<Database>,
  type: EngagementType,
  items: T[],
  viewerId: number,
): Promise<(T & { review: EngagementReviews })[]> {
  const ids = items.map((item) => item.id);
  const completions = await completionsOf(db, type, ids);
  const reviews = await reviewsOfEngagements(db, type, ids);
  return items.map((item) => {
    const completedAt = completions.get(item.id) ?? null;
    const both = reviews.get(item.id) ?? [];
    const mine = both.find((entry) => entry.authorId === viewerId)?.review;
    const theirs = both.find((entry) => entry.authorId !== viewerId)?.review;
    return {
      ...item,
      review: {
        openUntil: completedAt === null ? null : reviewWindowEnd(completedAt),
        mine: mine ? toOwnReview(mine) : null,
        theirs: theirs ?? null,
      },
    };
  });
}

/** A page of engagements with their reviews, as the viewer sees them. */
export async function pageWithReviews<T extends { id: number }>(
  db: Kysely<Database>,
  type: EngagementType,
  page: ListPage<T>,
  viewerId: number,
): Promise<ListPage<T & { review: EngagementReviews }>> {
  return { ...page, items: await withReviews(db, type, page.items, viewerId) };
}

/** One engagement with its reviews, as the viewer sees them. */
export async function oneWithReviews<T extends { id: number }>(
  db: Kysely<Database>,
  type: EngagementType,
  item: T,
  viewerId: number,
): Promise<T & { review: EngagementReviews }> {
  const [withReview] = await withReviews(db, type, [item], viewerId);
  return withReview as T & { review: EngagementReviews };
}

/**
 * An engagement made in this transaction, with its reviews: it is not completed and nobody has
 * reviewed it, so there is nothing to read.
 */
export function newWithReviews<T extends { id: number }>(
  item: T,
): T & { review: EngagementReviews } {
  return { ...item, review: { openUntil: null, mine: null, theirs: null } };
}
