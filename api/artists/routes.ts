import type { FastifyInstance } from 'fastify';
import { ArtistListQuerySchema } from '../../contracts/artists.schemas.ts';
import { IdParamsSchema } from '../../contracts/common.schemas.ts';
import type { Db } from '../db/database.ts';
import type { ValibotTypeProvider } from '../http/contracts.ts';
import { pageOf, sendPage } from '../http/paging.ts';
import type { ListCache } from '../lib/list-cache.ts';
import { ARTIST_PAGE_KEY } from './artists-repository.ts';
import type { ArtistsService } from './artists-service.ts';

export async function artistRoutes(
  instance: FastifyInstance,
  { artists, db, listCache }: { artists: ArtistsService; db: Db; listCache: ListCache },
) {
  const app = instance.withTypeProvider<ValibotTypeProvider>();

  // The same for every viewer (nothing in it depends on who is signed in), so cached for all.
  app.get(
    '/api/artists',
    { schema: { querystring: ArtistListQuerySchema } },
    async (request, reply) => {
      const page = pageOf(request.query, ARTIST_PAGE_KEY);
      return sendPage(request, reply, {
        db,
        cache: listCache,
        list: 'artists',
        query: request.query,
        load: (countWith) => artists.list(request.query, page, countWith),
      });
    },
  );

  app.get('/api/artists/:id', { schema: { params: IdParamsSchema } }, async (request) =>
    artists.find(request.params.id),
  );

  app.get(
    '/api/artists/:id/availability',
    { schema: { params: IdParamsSchema } },
    async (request) => artists.availability(request.params.id),
  );
}
