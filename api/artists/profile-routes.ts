import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import * as v from 'valibot';
import { ArtistProfileSchema, AvailabilitySchema } from '../../contracts/artists.schemas.ts';
import { ARTIST_MESSAGES, PORTFOLIO_LIMITS } from '../../contracts/artists.ts';
import { DATE_WINDOWS, isDayInWindow } from '../../contracts/dates.ts';
import { requireUser } from '../auth/current-user.ts';
import type { Db } from '../db/database.ts';
import { forbidden, HttpError, unprocessable } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import type { Clock } from '../lib/clock.ts';
import {
  findArtistByUser,
  listAvailability,
  replaceAvailability,
  setPortfolio,
  updateArtistProfile,
} from './artists-repository.ts';

export const UPLOADS_URL = '/uploads';
const UPLOAD_NAME = /^[a-f0-9]{32}\.webp$/;

/** An artist's own profile: edit, availability, portfolio pictures. */
export async function artistProfileRoutes(
  app: FastifyInstance,
  { db, clock, uploadsDir }: { db: Db; clock: Clock; uploadsDir: string },
) {
  mkdirSync(uploadsDir, { recursive: true });

  async function ownArtist(request: Parameters<typeof requireUser>[0]) {
    const user = requireUser(request);
    const artist = await findArtistByUser(db, user.id);
    if (!artist) throw forbidden('Only artists have an artist profile');
    return artist;
  }

  app.get('/api/artists/me', async (request) => ownArtist(request));

  app.put('/api/artists/me', async (request) => {
    const artist = await ownArtist(request);
    const profile = parse(ArtistProfileSchema, request.body);
    await updateArtistProfile(db, artist.id, profile);
    return (await findArtistByUser(db, artist.userId)) ?? artist;
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
    if (artist.portfolioImages.length >= PORTFOLIO_LIMITS.maxImages) {
      throw unprocessable(`You can show at most ${PORTFOLIO_LIMITS.maxImages} pictures`);
    }
    let webp: Buffer;
    try {
      webp = await sharp(request.body, { limitInputPixels: 40_000_000 })
        .rotate()
        .resize({ width: 640, height: 640, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 70 })
        .toBuffer();
    } catch {
      throw new HttpError(400, "That file isn't a picture we can use", {
        image: "That file isn't a picture we can use",
      });
    }
    const name = `${randomBytes(16).toString('hex')}.webp`;
    await writeFile(join(uploadsDir, name), webp);
    const images = [...artist.portfolioImages, `${UPLOADS_URL}/${name}`];
    await setPortfolio(db, artist.id, images);
    return reply.code(201).send({ ...artist, portfolioImages: images });
  });

  app.delete('/api/artists/me/portfolio/:index', async (request) => {
    const artist = await ownArtist(request);
    const { index } = parse(
      v.object({ index: v.pipe(v.string(), v.regex(/^\d{1,2}$/), v.transform(Number)) }),
      request.params,
    );
    const removed = artist.portfolioImages[index];
    if (removed === undefined) throw new HttpError(404, 'Picture not found');
    const images = artist.portfolioImages.filter((_, position) => position !== index);
    await setPortfolio(db, artist.id, images);
    if (removed.startsWith(`${UPLOADS_URL}/`)) {
      await unlink(join(uploadsDir, removed.slice(UPLOADS_URL.length + 1))).catch(() => undefined);
    }
    return { ...artist, portfolioImages: images };
  });

  app.get(`${UPLOADS_URL}/:name`, async (request, reply) => {
    const { name } = request.params as { name: string };
    if (!UPLOAD_NAME.test(name)) throw new HttpError(404, 'Not found');
    // Names are random and never reused, so a picture can be cached for good.
    reply.header('cache-control', 'public, max-age=31536000, immutable');
    const picture = await readFile(join(uploadsDir, name)).catch(() => undefined);
    if (!picture) throw new HttpError(404, 'Not found');
    return reply.type('image/webp').send(picture);
  });
}
