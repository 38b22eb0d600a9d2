import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';

/**
 * Request bodies are taken as sent, never unpacked: five kilobytes of gzip unpack to the 5 MB a
 * picture may be, so a server that unpacked them would let anyone fill its memory for the price
 * of a few packets. None of our clients compresses a request body (the web app sends JSON and
 * pictures as they are), so a body that says it is compressed is refused before it is read.
 */
export function registerIdentityBodiesOnly(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const encoding = request.headers['content-encoding'];
    if (encoding === undefined || encoding.trim().toLowerCase() === 'identity') return;
    throw new HttpError(415, 'Send the request body uncompressed');
  });
}
