import type { FastifyInstance } from 'fastify';
import {
  OwnReviewSchema,
  RatingSummarySchema,
  ReviewListSchema,
  ReviewSchema,
} from '../../contracts/answers.schemas.ts';
import { IdParamsSchema } from '../../contracts/common.schemas.ts';
import { PageQuerySchema } from '../../contracts/paging.schemas.ts';
import {
  CreateReviewSchema,
  EditReviewSchema,
  ReplySchema,
} from '../../contracts/reviews.schemas.ts';
import { actorOf, signedIn } from '../auth/current-user.ts';
import { answers, type ValibotTypeProvider } from '../http/contracts.ts';
import { created, keyedWrite } from '../http/idempotency.ts';
import { pageOf, sendOwnPage } from '../http/paging.ts';
import type { ReviewsService } from './reviews-service.ts';

/**
 * Reviews of completed work. The writes may wait in a phone's outbox like every other write
 * after the work (confirming, reporting a problem), so they take an Idempotency-Key. The lists
 * are public, the same for every viewer; they are not kept in the list cache (a profile's
 * reviews are read far less than the artist lists), and the ETag still answers a repeat with 304.
 */
export async function reviewRoutes(
  instance: FastifyInstance,
  { reviews }: { reviews: ReviewsService },
) {
  const app = instance.withTypeProvider<ValibotTypeProvider>();

  app.post(
    '/api/reviews',
    {
      schema: { body: CreateReviewSchema, response: answers({ 201: OwnReviewSchema }) },
      preValidation: signedIn(),
    },
    created((request, options) => reviews.create(actorOf(request), request.body, options)),
  );

  app.patch(
    '/api/reviews/:id',
    {
      schema: {
        params: IdParamsSchema,
        body: EditReviewSchema,
        response: answers({ 200: OwnReviewSchema }),
      },
      preValidation: signedIn(),
    },
    async (request) =>
      reviews.edit(actorOf(request), request.params.id, request.body, keyedWrite(request, 200)),
  );

  app.post(
    '/api/reviews/:id/reply',
    {
      schema: {
        params: IdParamsSchema,
        body: ReplySchema,
        response: answers({ 200: ReviewSchema }),
      },
      preValidation: signedIn(),
    },
    async (request) =>
      reviews.reply(
        actorOf(request),
        request.params.id,
        request.body.reply,
        keyedWrite(request, 200),
      ),
  );

  // The two public lists of reviews, one page at a time: an artist's, and a person's.
  const reviewLists = {
    '/api/artists/:id/reviews': reviews.listForArtist,
    '/api/users/:id/reviews': reviews.listForUser,
  };
  for (const [path, list] of Object.entries(reviewLists)) {
    app.get(
      path,
      {
        schema: {
          params: IdParamsSchema,
          querystring: PageQuerySchema,
          response: answers({ 200: ReviewListSchema }),
        },
      },
      async (request, reply) =>
        sendOwnPage(reply, await list(request.params.id, pageOf(request.query))),
    );
  }

  app.get(
    '/api/users/:id/reviews/summary',
    { schema: { params: IdParamsSchema, response: answers({ 200: RatingSummarySchema }) } },
    async (request) => reviews.summaryOf(request.params.id),
  );
}
