import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { AvailabilityAnswerSchema, MyArtistSchema } from '../../contracts/answers.schemas.ts';
import {
  ArtistProfileSchema,
  AvailabilitySchema,
  PictureParamsSchema,
} from '../../contracts/artists.schemas.ts';
import { PORTFOLIO_LIMITS } from '../../contracts/artists.ts';
import { actorOf, signedIn } from '../auth/current-user.ts';
import type { Db } from '../db/database.ts';
import { answers, type ValibotTypeProvider } from '../http/contracts.ts';
import { HttpError } from '../http/errors.ts';
import type { Clock } from '../lib/clock.ts';
import type { PictureStore } from '../storage/picture-store.ts';
import type { ArtistsService } from './artists-service.ts';
import {
  isUploadName,
  ORPHAN_GRACE_MS,
  sweepOrphanPictures,
  UPLOADS_URL,
} from './portfolio-files.ts';
import { createPictureUploadGate } from './upload-gate.ts';

/** How often the orphan sweep runs, besides once at start-up. */
const SWEEP_EVERY_MS = ORPHAN_GRACE_MS;

/** A picture arrives as the raw image body, in one of the types an upload may declare. */
const PictureBodySchema = v.instance(Uint8Array);
const PICTURE_BODY = {
  content: Object.fromEntries(
    PORTFOLIO_LIMITS.types.map((type) => [type, { schema: PictureBodySchema }]),
  ),
};

/** A stored picture as it is sent: WebP bytes. */
const PictureFileSchema = v.instance(Buffer);

/** A stored picture's name; anything else is simply not there. */
const UploadParamsSchema = v.object({ name: v.string() });

/** An artist's own profile: edit, availability, portfolio pictures. */
export async function artistProfileRoutes(
  instance: FastifyInstance,
  {
    artists,
    db,
    clock,
    pictures,
  }: { artists: ArtistsService; db: Db; clock: Clock; pictures: PictureStore },
) {
  const app = instance.withTypeProvider<ValibotTypeProvider>();
  // Only an artist, before their input is judged.
  const artistOnly = signedIn(artists.ownProfile);

  app.get(
    '/api/artists/me',
    { schema: { response: answers({ 200: MyArtistSchema }) }, preValidation: signedIn() },
    async (request) => artists.ownProfile(actorOf(request)),
  );

  app.put(
    '/api/artists/me',
    {
      schema: { body: ArtistProfileSchema, response: answers({ 200: MyArtistSchema }) },
      preValidation: artistOnly,
    },
    async (request) => artists.updateProfile(actorOf(request), request.body),
  );

  app.put(
    '/api/artists/me/availability',
    {
      schema: { body: AvailabilitySchema, response: answers({ 200: AvailabilityAnswerSchema }) },
      preValidation: artistOnly,
    },
    async (request) => artists.setAvailability(actorOf(request), request.body.entries),
  );

  // Pictures arrive as the raw image body; they are re-encoded, so nothing but pixels is kept.
  app.addContentTypeParser(
    [...PORTFOLIO_LIMITS.types],
    { parseAs: 'buffer', bodyLimit: PORTFOLIO_LIMITS.maxBytes },
    (_request, body, done) => done(null, body),
  );

  // Who may upload, and whether the server has room for one more body, is settled before the
  // body is read: a refused upload costs its headers, never 5 MB of memory.
  const uploads = createPictureUploadGate(artists);
  app.post(
    '/api/artists/me/portfolio',
    {
      schema: { body: PICTURE_BODY, response: answers({ 201: MyArtistSchema }) },
      onRequest: uploads.admit,
    },
    async (request, reply) => {
      const { body } = request;
      // A JSON body (the one other type a write may carry) is not a picture.
      if (!Buffer.isBuffer(body)) throw new HttpError(415, 'Upload a JPEG, PNG or WebP picture');
      const { artist, url } = await uploads.use(request, (upload) => upload.add(body));
      // The new picture itself, which the list in the body may not single out when uploads race.
      reply.header('location', url);
      return reply.code(201).send(artist);
    },
  );

  // By id, never by position: a position means another picture once the list has changed.
  app.delete(
    '/api/artists/me/portfolio/:pictureId',
    {
      schema: { params: PictureParamsSchema, response: answers({ 200: MyArtistSchema }) },
      preValidation: artistOnly,
    },
    async (request) => artists.removePicture(actorOf(request), request.params.pictureId),
  );

  app.get(
    `${UPLOADS_URL}/:name`,
    {
      schema: {
        params: UploadParamsSchema,
        response: answers({ 200: { content: { 'image/webp': { schema: PictureFileSchema } } } }),
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      if (!isUploadName(name)) throw new HttpError(404, 'Not found');
      // Names are random and never reused, so a picture can be cached for good.
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      const picture = await pictures.get(name);
      if (!picture) throw new HttpError(404, 'Not found');
      return reply.type('image/webp').send(picture);
    },
  );

  // Pictures whose row never came (an upload cut short) or went first (a delete cut short).
  let sweeping: Promise<void> = Promise.resolve();
  const sweep = () => {
    sweeping = sweepOrphanPictures(db, pictures, clock()).then(
      (removed) => {
        if (removed > 0) app.log.info({ removed }, 'removed orphan portfolio pictures');
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
