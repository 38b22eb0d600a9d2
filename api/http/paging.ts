import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NEXT_CURSOR_HEADER, type Page, TOTAL_COUNT_HEADER } from '../../contracts/paging.ts';
import type { Db } from '../db/database.ts';
import { type DataName, type ListCache, readVersions, type Versions } from '../lib/list-cache.ts';
import { compressBody, negotiateEncoding } from './compression.ts';

/** A page as it goes on the wire, with the compressed copies made so far. */
interface WirePage {
  body: Buffer;
  etag: string;
  total: string;
  nextCursor: string | null;
  br?: Buffer;
  gzip?: Buffer;
}

const wireBytes = (page: WirePage) =>
  page.body.length + (page.br?.length ?? 0) + (page.gzip?.length ?? 0);

function toWire<T>(page: Page<T>): WirePage {
  // A paged list stays a plain array in the body (the spec's shape); the rest goes in headers.
  const body = Buffer.from(JSON.stringify(page.items));
  return {
    body,
    // What @fastify/etag (registered { weak: true }, sha1) computes for the same body.
    etag: `W/"${createHash('sha1').update(body).digest('base64')}"`,
    total: String(page.total),
    nextCursor: page.nextCursor,
  };
}

/** @fastify/etag's own test: it answers 304 for any of these. */
function notModified(request: FastifyRequest, etag: string): boolean {
  const given = request.headers['if-none-match'];
  return given === etag || given === `W/${etag}` || `W/${given}` === etag;
}

/**
 * Sends a page of a list, from the cache while the data under it is unchanged: a hit costs one
 * read of the versions, and no query, serialisation, hashing or compression. The headers are
 * the ones the ETag and compression plugins would set, so they pass a preset ETag and
 * Content-Encoding through (and still answer the 304).
 */
export async function sendPage<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  {
    db,
    cache,
    key,
    dependsOn,
    load,
  }: {
    db: Db;
    cache: ListCache;
    /** The normalised, validated query: equal keys must mean equal answers. */
    key: string;
    dependsOn: readonly DataName[];
    load: (versions: Versions) => Promise<Page<T>>;
  },
): Promise<FastifyReply> {
  const versions = await readVersions(db); // before loading: see ListCache
  let page = cache.get<WirePage>(key, dependsOn, versions);
  if (!page) {
    page = toWire(await load(versions));
    cache.set(key, dependsOn, versions, page, wireBytes(page));
  }
  reply.header(TOTAL_COUNT_HEADER, page.total);
  if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
  reply.header('etag', page.etag).type('application/json; charset=utf-8');
  // The plugin leaves a 304 bodiless and (as Fastify adds HEAD routes after it has hooked GET)
  // a HEAD answer uncompressed: both get the plain body, for the plugins to finish as before.
  const encoding =
    request.method !== 'GET' || notModified(request, page.etag)
      ? null
      : negotiateEncoding(request, page.body.length);
  if (!encoding) return reply.send(page.body);
  let compressed = page[encoding];
  if (!compressed) {
    compressed = compressBody(encoding, page.body);
    page[encoding] = compressed;
    cache.resize(key, page, wireBytes(page));
  }
  const vary = reply.getHeader('vary');
  if (vary === undefined) reply.header('vary', 'accept-encoding');
  else if (!String(vary).includes('accept-encoding'))
    reply.header('vary', `${vary}, accept-encoding`);
  return reply
    .header('content-encoding', encoding)
    .header('content-length', compressed.length)
    .send(compressed);
}

/**
 * Sends a page of a list that is not kept in the list cache (a signed-in user's own list): the
 * items as the body, the full count and the next cursor in the same headers as every list.
 */
export function sendOwnPage<T>(reply: FastifyReply, page: Page<T>): T[] {
  reply.header(TOTAL_COUNT_HEADER, String(page.total));
  if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
  return page.items;
}
