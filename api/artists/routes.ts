import type { FastifyInstance } from 'fastify';
import { ArtistListQuerySchema } from '../../contracts/artists.ts';
import { IdParamsSchema } from '../../contracts/common.ts';
import type { Db } from '../db/database.ts';
import { notFound } from '../http/errors.ts';
import { sendPage } from '../http/paging.ts';
import { parse } from '../http/validate.ts';
import type { Clock } from '../lib/clock.ts';
import { findArtist, listArtists, listAvailability } from './artists-repository.ts';

export async function artistRoutes(app: FastifyInstance, { db, clock }: { db: Db; clock: Clock }) {
  app.get('/api/artists', async (request, reply) =>
    sendPage(reply, await listArtists(db, parse(ArtistListQuerySchema, request.query))),
  );

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
