import type { FastifyInstance } from 'fastify';
import {
  ArtistBookingsSummarySchema,
  BookingListSchema,
  BookingSchema,
  ClientBookingListSchema,
} from '../../contracts/answers.schemas.ts';
import {
  ArtistBookingsQuerySchema,
  CreateBookingSchema,
} from '../../contracts/bookings.schemas.ts';
import { IdParamsSchema } from '../../contracts/common.schemas.ts';
import { PageQuerySchema } from '../../contracts/paging.schemas.ts';
import { StatusChangeSchema } from '../../contracts/transitions.schemas.ts';
import { actorOf, signedIn } from '../auth/current-user.ts';
import { engagementActionRoutes } from '../engagements/engagement-routes.ts';
import { answers, type ValibotTypeProvider } from '../http/contracts.ts';
import { created, keyedWrite } from '../http/idempotency.ts';
import { pageOf, sendOwnPage } from '../http/paging.ts';
import { type BookingsService, mayBook } from './bookings-service.ts';

export async function bookingRoutes(
  instance: FastifyInstance,
  { bookings }: { bookings: BookingsService },
) {
  const app = instance.withTypeProvider<ValibotTypeProvider>();

  app.post(
    '/api/bookings',
    {
      schema: { body: CreateBookingSchema, response: answers({ 201: BookingSchema }) },
      preValidation: signedIn(mayBook),
    },
    created((request, options) => bookings.request(actorOf(request), request.body, options)),
  );

  // Always the signed-in user's own artist bookings; a user without an artist profile has none.
  app.get(
    '/api/bookings/artist',
    {
      schema: {
        querystring: ArtistBookingsQuerySchema,
        response: answers({ 200: BookingListSchema }),
      },
      preValidation: signedIn(),
    },
    async (request, reply) =>
      sendOwnPage(
        reply,
        await bookings.listForArtist(actorOf(request), request.query, pageOf(request.query)),
      ),
  );

  app.get(
    '/api/bookings/artist/summary',
    {
      schema: { response: answers({ 200: ArtistBookingsSummarySchema }) },
      preValidation: signedIn(),
    },
    async (request) => bookings.artistSummary(actorOf(request)),
  );

  app.get(
    '/api/bookings/client',
    {
      schema: {
        querystring: PageQuerySchema,
        response: answers({ 200: ClientBookingListSchema }),
      },
      preValidation: signedIn(),
    },
    async (request, reply) =>
      sendOwnPage(reply, await bookings.listMine(actorOf(request), pageOf(request.query))),
  );

  app.patch(
    '/api/bookings/:id',
    {
      schema: {
        params: IdParamsSchema,
        body: StatusChangeSchema,
        response: answers({ 200: BookingSchema }),
      },
      preValidation: signedIn(),
    },
    async (request) =>
      bookings.decide(
        actorOf(request),
        request.params.id,
        request.body.status,
        keyedWrite(request, 200),
      ),
  );

  engagementActionRoutes(instance, 'bookings', bookings, BookingSchema);
}
