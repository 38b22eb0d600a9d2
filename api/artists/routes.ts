import type { FastifyInstance } from 'fastify';
import { ArtistListQuerySchema } from '../../contracts/artists.schemas.ts';
import { IdParamsSchema } from '../../contracts/common.schemas.ts';
import type { ValibotTypeProvider } from '../http/contracts.ts';
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
    { schema: { querystring: ArtistListQuerySchema } },
    async (request, reply) => {
      const { limit, cursor, ...filter } = request.query;
      return sendPage(reply, {
        cache: listCache,
        list: artistList(filter),
        query: { limit, cursor },
        keyShape: ARTIST_PAGE_KEY,
        load: (page, countWith) => artists.list(filter, page, countWith),
      });
    },
  );

  app.get('/api/artists/:id', { schema: { params: IdParamsSchema } }, async (request) =>
    artists.find(request.params.id, () => request.actor),
  );

  app.get(
    '/api/artists/:id/availability',
    { schema: { params: IdParamsSchema } },
    async (request) => artists.availability(request.params.id),
  );

  app.get('/api/artists/:id/booked-days', { schema: { params: IdParamsSchema } }, async (request) =>
    artists.bookedDays(request.params.id),
  );
}
