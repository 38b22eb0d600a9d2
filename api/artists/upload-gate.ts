import type { FastifyReply, FastifyRequest } from 'fastify';
import { actorOf } from '../auth/current-user.ts';
import { HttpError } from '../http/errors.ts';
import { PICTURE_BODIES_AT_ONCE } from '../lib/caps.ts';
import { Slots } from '../lib/slots.ts';
import type { ArtistsService, PictureUpload } from './artists-service.ts';

const BODIES_FULL = 'Too many pictures are being uploaded right now. Please try again in a moment.';
/** A body's place frees once its picture is decoded: a second or so. */
const BODIES_FULL_RETRY_SECONDS = 5;

/** An admitted upload and its place among the bodies, held by the exchange and the handler. */
interface Admission {
  upload: PictureUpload;
  /** Takes one more hold; false once every hold has been dropped and the place given back. */
  hold(): boolean;
  drop(): void;
}

function admission(upload: PictureUpload, giveBack: () => void): Admission {
  // The exchange holds it until its answer is sent or its connection drops.
  let holders = 1;
  return {
    upload,
    hold() {
      if (holders === 0) return false;
      holders++;
      return true;
    },
    drop() {
      if (holders === 0) return;
      holders--;
      if (holders > 0) return;
      upload.end();
      giveBack();
    },
  };
}

/**
 * The gate of the picture upload route, run once its headers are in and before a byte of its
 * body is read. A guest (401), someone who is not an artist (403), an artist with an upload
 * under way or past their upload rate (429), and anyone while the server holds
 * PICTURE_BODIES_AT_ONCE picture bodies (503) are refused for the price of their headers. An
 * admitted upload keeps its place until its answer is sent or its connection drops, and until
 * the handler using its body has returned, whichever is later: a body is in memory until then.
 */
export function createPictureUploadGate(artists: ArtistsService) {
  const bodies = new Slots(PICTURE_BODIES_AT_ONCE);
  const admitted = new WeakMap<FastifyRequest, Admission>();
  return {
    async admit(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const actor = actorOf(request);
      const giveBack = bodies.take();
      if (!giveBack) {
        throw new HttpError(503, BODIES_FULL, undefined, {
          'retry-after': String(BODIES_FULL_RETRY_SECONDS),
        });
      }
      let upload: PictureUpload;
      try {
        upload = await artists.startUpload(actor);
      } catch (error) {
        giveBack();
        throw error;
      }
      const admitting = admission(upload, giveBack);
      reply.raw.once('close', () => admitting.drop());
      admitted.set(request, admitting);
    },

    /** Runs `use` with the request's admitted upload, which keeps its place until it returns. */
    async use<T>(request: FastifyRequest, use: (upload: PictureUpload) => Promise<T>): Promise<T> {
      const admitting = admitted.get(request);
      // Its connection dropped before the body was handled: nobody is waiting for an answer.
      if (!admitting?.hold()) throw new HttpError(503, BODIES_FULL);
      try {
        return await use(admitting.upload);
      } finally {
        admitting.drop();
      }
    },

    /** Picture bodies the server holds now, or is about to read. */
    get bodiesHeld(): number {
      return bodies.inUse;
    },
  };
}
