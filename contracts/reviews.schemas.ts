import * as v from 'valibot';
import { idSchema, objectSchema } from './common.schemas.ts';
import { REVIEW_MESSAGES, REVIEW_RULES } from './reviews.ts';
import { cleanText } from './text.ts';

/** 1 to 5 whole stars. */
const ratingSchema = v.pipe(
  v.number(REVIEW_MESSAGES.rating),
  v.integer(REVIEW_MESSAGES.rating),
  v.minValue(REVIEW_RULES.minRating, REVIEW_MESSAGES.rating),
  v.maxValue(REVIEW_RULES.maxRating, REVIEW_MESSAGES.rating),
);

/** Free text cleaned as every other; blank is no comment at all. */
const commentSchema = v.nullish(
  v.pipe(
    v.string(REVIEW_MESSAGES.commentMax),
    v.transform(cleanText),
    v.trim(),
    v.maxLength(REVIEW_RULES.commentMax, REVIEW_MESSAGES.commentMax),
    v.transform((comment) => (comment === '' ? null : comment)),
  ),
  null,
);

/**
 * POST /api/reviews: `{ bookingId | applicationId, rating, comment }`, exactly one of the two
 * ids. Its output names the engagement as escrow does: `{ type, id }`.
 */
export const CreateReviewSchema = v.pipe(
  objectSchema({
    bookingId: v.optional(idSchema(REVIEW_MESSAGES.engagement)),
    applicationId: v.optional(idSchema(REVIEW_MESSAGES.engagement)),
    rating: ratingSchema,
    comment: commentSchema,
  }),
  v.forward(
    v.check(
      (input) => (input.bookingId === undefined) !== (input.applicationId === undefined),
      REVIEW_MESSAGES.engagement,
    ),
    ['bookingId'],
  ),
  v.transform(({ bookingId, applicationId, rating, comment }) => ({
    engagement:
      bookingId !== undefined
        ? { type: 'booking' as const, id: bookingId }
        : { type: 'application' as const, id: applicationId as number },
    rating,
    comment,
  })),
);
export type CreateReviewInput = v.InferInput<typeof CreateReviewSchema>;
export type CreateReview = v.InferOutput<typeof CreateReviewSchema>;

/** PATCH /api/reviews/:id: the author changes the stars and the comment, within the edit days. */
export const EditReviewSchema = objectSchema({
  rating: ratingSchema,
  comment: commentSchema,
});
export type EditReviewInput = v.InferInput<typeof EditReviewSchema>;
export type EditReview = v.InferOutput<typeof EditReviewSchema>;

/** POST /api/reviews/:id/reply: the reviewed person answers once. */
export const ReplySchema = objectSchema({
  reply: v.pipe(
    v.string(REVIEW_MESSAGES.reply),
    v.transform(cleanText),
    v.trim(),
    v.nonEmpty(REVIEW_MESSAGES.reply),
    v.maxLength(REVIEW_RULES.replyMax, REVIEW_MESSAGES.replyMax),
  ),
});
export type ReplyInput = v.InferInput<typeof ReplySchema>;
