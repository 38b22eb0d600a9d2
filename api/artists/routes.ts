import type { FastifyInstance } from 'fastify';
import { ArtistListQuerySchema } from '../../contracts/artists.schemas.ts';
import { IdParamsSchema } from '../../contracts/common.schemas.ts';
import type { Db } from '../db/database.ts';
import { notFound } from '../http/errors.ts';
import { sendPage } from '../http/paging.ts';
import { parse } from '../http/validate.ts';
import type { Clock } from '../lib/clock.ts';
import type { ListCache } from '../lib/list-cache.ts';
import {
  ARTIST_LIST_DATA,
  findArtist,
  listArtists,
  listAvailability,
} from './artists-repository.ts';

export async function artistRoutes(
  app: FastifyInstance,
  { db, clock, listCache }: { db: Db; clock: Clock; listCache: ListCache },
) {
  // The same for every viewer (nothing in it depends on who is signed in), so cached for all,
  // keyed on the whole validated query (its fields come out in the schema's order).
  app.get('/api/artists', async (request, reply) => {
    const query = parse(ArtistListQuerySchema, request.query);
    return sendPage(request, reply, {
      db,
      cache: listCache,
      key: `artists ${JSON.stringify(query)}`,
      dependsOn: ARTIST_LIST_DATA,
      load: (versions) => listArtists(db, query, { cache: listCache, versions }),
    });
  });

  app.get('/api/artists/:id', async (request) => {
    const { id } = parse(IdParamsSchema, request.params);
    const artist = await findArtist(db, id);
    if (!artist) throw notFound('Artist not found');
    return artist;
  });

  // Past dates are of no use to a client planning an event.
  app.get('/api/artists/:id/availability', async (request) => {
    const { id } = parse(IdParamsSchema, request.params);
    if (!(await findArtist(db, id))) throw notFound('Artist not found');
    return listAvailability(db, id, clock().toISOString().slice(0, 10));
  });
}
