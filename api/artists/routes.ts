import type { FastifyInstance } from 'fastify';
import {
  ArtistDetailSchema,
  ArtistListSchema,
  AvailabilityAnswerSchema,
  BookedDaysSchema,
} from '../../contracts/answers.schemas.ts';
import { ArtistListQuerySchema } from '../../contracts/artists.schemas.ts';
import { IdParamsSchema } from '../../contracts/common.schemas.ts';
import { answers, type ValibotTypeProvider } from '../http/contracts.ts';
import { sendPage } from '../http/paging.ts';
import type { ListCache } from '../lib/list-cache/list-cache.ts';
import { artistList } from '../lib/list-cache/lists.ts';
import { ARTIST_PAGE_KEY } from './artists-repository.ts';
import type { ArtistsService } from './artists-service.ts';

export async function artistRoutes(
  instance: FastifyInstance,
  { artists, listCache }: { artists: ArtistsService; listCache: ListCache },
) {
  const app = instance.withTypeProvider<ValibotTypeProvider>();

  // The same for every viewer (nothing in it depends on who is signed in), so cached for all.
  app.get(
    '/api/artists',
    {
      schema: {
        querystring: ArtistListQuerySchema,
        response: answers({ 200: ArtistListSchema }),
      },
    },
    async (request, reply) => {
      const { limit, cursor, ...filter } = request.query;
      return sendPage(reply, {
        cache: listCache,
        list: artistList(filter),
        query: { limit, cursor },
        keyShape: ARTIST_PAGE_KEY,
        items: ArtistListSchema,
        load: (page, countWith) => artists.list(filter, page, countWith),
      });
    },
  );

  app.get(
    '/api/artists/:id',
    { schema: { params: IdParamsSchema, response: answers({ 200: ArtistDetailSchema }) } },
    async (request) => artists.find(request.params.id, () => request.actor),
  );

  app.get(
    '/api/artists/:id/availability',
    { schema: { params: IdParamsSchema, response: answers({ 200: AvailabilityAnswerSchema }) } },
    async (request) => artists.availability(request.params.id),
  );

  app.get(
    '/api/artists/:id/booked-days',
    { schema: { params: IdParamsSchema, response: answers({ 200: BookedDaysSchema }) } },
    async (request) => artists.bookedDays(request.params.id),
  );
}
