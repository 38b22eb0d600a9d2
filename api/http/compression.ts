import { constants as zlibConstants } from 'node:zlib';
import type { FastifyCompressOptions } from '@fastify/compress';

/** How @fastify/compress is registered (app.ts). */
export const COMPRESS_OPTIONS = {
  threshold: 1024,
  // Compress pages up to 64 KB in one call: the streaming path is slower for our small answers.
  syncThreshold: 65536,
  encodings: ['br', 'gzip'],
  // Quality 4 compresses JSON nearly as well as 11 at a fraction of the CPU.
  brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  // Answers only: request bodies are never unpacked (http/request-encoding.ts says why).
  globalDecompression: false,
} satisfies FastifyCompressOptions;
