import type { CreateReview, EditReview } from '../../contracts/reviews.schemas.ts';
import {
  type OwnReview,
  type RatingSummary,
  REVIEW_MESSAGES,
  type Review,
  type ReviewSide,
  reviewEditEnd,
  reviewWindowEnd,
} from '../../contracts/reviews.ts';
import { findArtist } from '../artists/artists-service.ts';
import type { Actor } from '../auth/actor.ts';
import { findUserById } from '../auth/auth-service.ts';
import type { Db } from '../db/database.ts';
import { type Engagement, findEngagement } from '../engagements/engagements-service.ts';
import { Conflict, Forbidden, NotFound, RuleBroken } from '../lib/domain-errors.ts';
import {
  runWrite,
  type WriteContext,
  type WriteOptions,
  type WriteServiceDeps,
} from '../lib/idempotent-write.ts';
import type { ListPage, PageRequest } from '../lib/keyset-page.ts';
import { STATE_CHANGE_RATE, takeAction } from '../lib/user-rates.ts';
import {
  findReview,
  insertReview,
  listReviewsOf,
  ratingOf,
  refreshArtistRating,
  setReply,
  toOwnReview,
  updateReview,
} from './reviews-repository.ts';

export type ReviewsService = ReturnType<typeof createReviewsService>;

/**
 * Who the author reviews, and as what: the payer (client, employer) reviews the payee (artist,
 * worker), and the other way round. Undefined for someone who is neither side.
 */
function subjectOf(
  engagement: Engagement,
  authorId: number,
): { subjectId: number; side: ReviewSide } | undefined {
  const booking = engagement.type === 'booking';
  if (authorId === engagement.payerId) {
    return { subjectId: engagement.payeeId, side: booking ? 'artist' : 'worker' };
  }
  if (authorId === engagement.payeeId) {
    return { subjectId: engagement.payerId, side: booking ? 'client' : 'employer' };
  }
  return undefined;
}

/**
 * Reviews of completed work: each side of a completed booking or hired application reviews the
 * other once within the window after completion, may change it for the edit days, and the one
 * reviewed may reply once. An artist's rating is kept as the mean of the reviews of them as an
 * artist, in the same transaction as each change.
 */
export function createReviewsService({ db, clock, userWriteCaps }: WriteServiceDeps) {
  /**
   * One review write of the actor's, done exactly once (runWrite): `work` runs in its transaction
   * at `now`. Unless it says it changed nothing, the write counts as a state change: each one that
   * touches an artist starts the cached artist lists again for everyone, so one account may not
   * do it without end.
   */
  const reviewWrite = async <T>(
    actor: Actor,
    { idempotency }: WriteOptions,
    work: (trx: Db, now: Date, write: WriteContext) => Promise<T>,
  ): Promise<T> => {
    const now = clock();
    const options = { userId: actor.id, now, idempotency, userWriteCaps };
    const { value } = await runWrite(db, options, async (trx, write) => {
      let changed = true;
      const result = await work(trx, now, {
        unchanged() {
          changed = false;
          write.unchanged();
        },
      });
      if (changed && userWriteCaps) await takeAction(trx, actor.id, STATE_CHANGE_RATE, now);
      return result;
    });
    return value;
  };

  /** The review with this id, or NotFound. */
  const foundReview = async (trx: Db, id: number) => {
    const found = await findReview(trx, id);
    if (!found) throw new NotFound(REVIEW_MESSAGES.notFound);
    return found;
  };

  const refreshRating = async (trx: Db, side: ReviewSide, subjectId: number) => {
    if (side === 'artist') await refreshArtistRating(trx, subjectId);
  };

  return {
    /** Leaves the actor's one review of the other side of a completed engagement. */
    async create(
      actor: Actor,
      { engagement: ref, rating, comment }: CreateReview,
      options: WriteOptions = {},
    ): Promise<OwnReview> {
      return reviewWrite(actor, options, async (trx, now) => {
        const nowIso = now.toISOString();
        const engagement = await findEngagement(trx, ref);
        if (!engagement) {
          throw new NotFound(
            ref.type === 'booking'
              ? REVIEW_MESSAGES.bookingNotFound
              : REVIEW_MESSAGES.applicationNotFound,
          );
        }
        const subject = subjectOf(engagement, actor.id);
        if (!subject) throw new Forbidden(REVIEW_MESSAGES.notParty);
        if (engagement.status !== 'completed') throw new RuleBroken(REVIEW_MESSAGES.notCompleted);
        // Work completed before completion dates were kept has no window to count from.
        if (engagement.completedAt === null || nowIso > reviewWindowEnd(engagement.completedAt)) {
          throw new RuleBroken(REVIEW_MESSAGES.windowClosed);
        }
        const id = await insertReview(trx, {
          engagement: ref,
          authorId: actor.id,
          subjectId: subject.subjectId,
          side: subject.side,
          rating,
          comment,
          now: nowIso,
        });
        if (id === null) throw new Conflict(REVIEW_MESSAGES.duplicate);
        await refreshRating(trx, subject.side, subject.subjectId);
        return toOwnReview((await findReview(trx, id))?.review as Review);
      });
    },

    /** The author changes their review's stars and comment, within the edit days. */
    async edit(
      actor: Actor,
      id: number,
      { rating, comment }: EditReview,
      options: WriteOptions = {},
    ): Promise<OwnReview> {
      return reviewWrite(actor, options, async (trx, now, write) => {
        const nowIso = now.toISOString();
        const found = await foundReview(trx, id);
        if (found.authorId !== actor.id) throw new Forbidden(REVIEW_MESSAGES.notAuthor);
        if (nowIso > reviewEditEnd(found.review.createdAt)) {
          throw new RuleBroken(REVIEW_MESSAGES.editClosed);
        }
        if (found.review.rating === rating && found.review.comment === comment) {
          write.unchanged();
          return toOwnReview(found.review);
        }
        await updateReview(trx, id, { rating, comment, now: nowIso });
        await refreshRating(trx, found.review.side, found.subjectId);
        return toOwnReview((await findReview(trx, id))?.review as Review);
      });
    },

    /** The one reviewed answers the review, once; a reply is not changed afterwards. */
    async reply(
      actor: Actor,
      id: number,
      reply: string,
      options: WriteOptions = {},
    ): Promise<Review> {
      return reviewWrite(actor, options, async (trx, now) => {
        const found = await foundReview(trx, id);
        if (found.subjectId !== actor.id) throw new Forbidden(REVIEW_MESSAGES.notSubject);
        if (!(await setReply(trx, id, reply, now.toISOString()))) {
          throw new Conflict(REVIEW_MESSAGES.alreadyReplied);
        }
        return (await findReview(trx, id))?.review as Review;
      });
    },

    /** The reviews of an artist's performances, newest first: their profile's Reviews tab. */
    async listForArtist(artistId: number, page: PageRequest): Promise<ListPage<Review>> {
      const artist = await findArtist(db, artistId);
      if (!artist) throw new NotFound('Artist not found');
      return listReviewsOf(db, artist.userId, 'artist', page);
    },

    /** Every review of a person, newest first, whatever they were in the work. */
    async listForUser(userId: number, page: PageRequest): Promise<ListPage<Review>> {
      if (!(await findUserById(db, userId))) throw new NotFound('User not found');
      return listReviewsOf(db, userId, undefined, page);
    },

    /** A person's rating over every review of them. */
    async summaryOf(userId: number): Promise<RatingSummary> {
      if (!(await findUserById(db, userId))) throw new NotFound('User not found');
      return ratingOf(db, userId);
    },
  };
}
