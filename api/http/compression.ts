import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyCompressOptions } from '@fastify/compress';
import type { FastifyRequest } from 'fastify';

type Encoding = 'br' | 'gzip';
const ENCODINGS: Encoding[] = ['br', 'gzip'];

/** How @fastify/compress is registered (app.ts); cached list answers follow the same rules. */
export const COMPRESS_OPTIONS = {
  threshold: 1024,
  // Compress pages up to 64 KB in one call: the streaming path is slower for our small answers.
  syncThreshold: 65536,
  encodings: ENCODINGS,
  // Quality 4 compresses JSON nearly as well as 11 at a fraction of the CPU.
  brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  // Answers only: request bodies are never unpacked (http/request-encoding.ts says why).
  globalDecompression: false,
} satisfies FastifyCompressOptions;

const gzipAlias = /\*|x-gzip/gu;

/**
 * The encoding @fastify/compress would pick for a JSON body of this size, or null to send it as
 * is. Bodies over the plugin's one-call limit are left to it (it streams them, without a
 * Content-Length), so they go out exactly as before.
 */
export function negotiateEncoding(request: FastifyRequest, bytes: number): Encoding | null {
  if (bytes < COMPRESS_OPTIONS.threshold || bytes > COMPRESS_OPTIONS.syncThreshold) return null;
  if (request.headers['x-no-compression'] !== undefined) return null;
  const header = request.headers['accept-encoding'];
  if (header === undefined) return null;
  return negotiate(header.toLowerCase().replace(gzipAlias, 'gzip'), ENCODINGS);
}

/** The same bytes the plugin's one-call path produces. */
export function compressBody(encoding: Encoding, body: Buffer): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, COMPRESS_OPTIONS.brotliOptions)
    : gzipSync(body);
}
