import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  ArtistProfileSchema,
  AvailabilitySchema,
  PictureParamsSchema,
} from '../../contracts/artists.schemas.ts';
import { ARTIST_MESSAGES, PORTFOLIO_LIMITS } from '../../contracts/artists.ts';
import { DATE_WINDOWS, isDayInWindow } from '../../contracts/dates.ts';
import { requireUser } from '../auth/current-user.ts';
import type { Db } from '../db/database.ts';
import { forbidden, HttpError } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import type { Clock } from '../lib/clock.ts';
import {
  findMyArtist,
  listAvailability,
  replaceAvailability,
  updateArtistProfile,
} from './artists-repository.ts';
import {
  isUploadName,
  ORPHAN_GRACE_MS,
  sweepOrphanPictures,
  UPLOADS_URL,
} from './portfolio-files.ts';
import { addPortfolioPicture, removePortfolioPicture } from './portfolio-service.ts';

/** How often the orphan sweep runs, besides once at start-up. */
const SWEEP_EVERY_MS = ORPHAN_GRACE_MS;

/** An artist's own profile: edit, availability, portfolio pictures. */
export async function artistProfileRoutes(
  app: FastifyInstance,
  { db, clock, uploadsDir }: { db: Db; clock: Clock; uploadsDir: string },
) {
  mkdirSync(uploadsDir, { recursive: true });
  const store = { db, uploadsDir };

  async function ownArtist(request: Parameters<typeof requireUser>[0]) {
    const user = requireUser(request);
    const artist = await findMyArtist(db, user.id);
    if (!artist) throw forbidden('Only artists have an artist profile');
    return artist;
  }
  /** The artist as it is now, after a change. */
  const reread = async (artist: { userId: number }) =>
    (await findMyArtist(db, artist.userId)) ?? artist;

  app.get('/api/artists/me', async (request) => ownArtist(request));

  app.put('/api/artists/me', async (request) => {
    const artist = await ownArtist(request);
    const profile = parse(ArtistProfileSchema, request.body);
    await updateArtistProfile(db, artist.id, profile);
    return reread(artist);
  });

  // Replaces the upcoming dates; past ones are history and stay as they are.
  app.put('/api/artists/me/availability', async (request) => {
    const artist = await ownArtist(request);
    const { entries } = parse(AvailabilitySchema, request.body);
    const today = clock().toISOString().slice(0, 10);
    if (entries.some((entry) => entry.date < today)) {
      throw new HttpError(400, ARTIST_MESSAGES.availabilityDate, {
        entries: ARTIST_MESSAGES.availabilityDate,
      });
    }
    if (entries.some((entry) => !isDayInWindow(entry.date, today, DATE_WINDOWS.availability))) {
      throw new HttpError(400, ARTIST_MESSAGES.availabilityWindow, {
        entries: ARTIST_MESSAGES.availabilityWindow,
      });
    }
    await replaceAvailability(db, artist.id, entries, today);
    return listAvailability(db, artist.id, today);
  });

  // Pictures arrive as the raw image body; they are re-encoded, so nothing but pixels is kept.
  app.addContentTypeParser(
    [...PORTFOLIO_LIMITS.types],
    { parseAs: 'buffer', bodyLimit: PORTFOLIO_LIMITS.maxBytes },
    (_request, body, done) => done(null, body),
  );

  app.post('/api/artists/me/portfolio', async (request, reply) => {
    const artist = await ownArtist(request);
    if (!Buffer.isBuffer(request.body)) {
      throw new HttpError(415, 'Upload a JPEG, PNG or WebP picture');
    }
    const added = await addPortfolioPicture(store, artist.id, request.body);
    // The new picture itself, which the list in the body may not single out when uploads race.
    reply.header('location', added.url);
    return reply.code(201).send(await reread(artist));
  });

  // By id, never by position: a position means another picture once the list has changed.
  app.delete('/api/artists/me/portfolio/:pictureId', async (request) => {
    const artist = await ownArtist(request);
    const { pictureId } = parse(PictureParamsSchema, request.params);
    await removePortfolioPicture(store, artist.id, pictureId);
    return reread(artist);
  });

  app.get(`${UPLOADS_URL}/:name`, async (request, reply) => {
    const { name } = request.params as { name: string };
    if (!isUploadName(name)) throw new HttpError(404, 'Not found');
    // Names are random and never reused, so a picture can be cached for good.
    reply.header('cache-control', 'public, max-age=31536000, immutable');
    const picture = await readFile(join(uploadsDir, name)).catch(() => undefined);
    if (!picture) throw new HttpError(404, 'Not found');
    return reply.type('image/webp').send(picture);
  });

  // Files whose row never came (an upload cut short) or went first (a delete cut short).
  let sweeping: Promise<void> = Promise.resolve();
  const sweep = () => {
    sweeping = sweepOrphanPictures(db, uploadsDir, clock()).then(
      (removed) => {
        if (removed > 0) app.log.info({ removed }, 'removed orphan portfolio files');
      },
      (error: unknown) => app.log.error({ err: error }, 'orphan sweep failed'),
    );
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    sweep();
    timer = setInterval(sweep, SWEEP_EVERY_MS).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await sweeping;
  });
}
