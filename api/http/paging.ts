import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER } from '../../contracts/paging.ts';
import type { Db } from '../db/database.ts';
import type { CountWith, ListPage, PageKey, PageRequest } from '../lib/keyset-page.ts';
import {
  CACHED_LISTS,
  type CachedList,
  countWithCache,
  type ListCache,
  readVersions,
} from '../lib/list-cache.ts';
import { compressBody, negotiateEncoding } from './compression.ts';
import { HttpError } from './errors.ts';

/** What a page key is made of, part by part: a list sorted by date has ['string', 'number']. */
type KeyShape = readonly ['string' | 'number', 'number'];
const DATE_AND_ID: KeyShape = ['string', 'number'];

/** Opaque page cursors: the page key of the last row, as base64url JSON. */
export function encodeCursor(key: PageKey): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

function decodeCursor(cursor: string, shape: KeyShape): PageKey | undefined {
  try {
    const key: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(key) || key.length !== shape.length) return undefined;
    return key.every((part, index) => typeof part === shape[index])
      ? (key as unknown as PageKey)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The page a list query asks for, its cursor decoded; 400 "Invalid cursor" for one we did not make. */
export function pageOf(
  query: { limit?: number | undefined; cursor?: string | undefined },
  shape: KeyShape = DATE_AND_ID,
): PageRequest {
  if (query.cursor === undefined) return { limit: query.limit };
  const after = decodeCursor(query.cursor, shape);
  if (!after) throw new HttpError(400, 'Invalid cursor', { cursor: 'Invalid cursor' });
  return { limit: query.limit, after };
}

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

function toWire<T>(page: ListPage<T>): WirePage {
  // A paged list stays a plain array in the body (the spec's shape); the rest goes in headers.
  const body = Buffer.from(JSON.stringify(page.items));
  return {
    body,
    // What @fastify/etag (registered { weak: true }, sha1) computes for the same body.
    etag: `W/"${createHash('sha1').update(body).digest('base64')}"`,
    total: String(page.total),
    nextCursor: page.nextKey ? encodeCursor(page.nextKey) : null,
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
    list,
    query,
    load,
  }: {
    db: Db;
    cache: ListCache;
    list: CachedList;
    /**
     * The validated query, normalised by its contract (its fields in the schema's order): equal
     * queries must mean equal answers.
     */
    query: Record<string, unknown>;
    /** Loads the page, its full count kept in the cache through `countWith`. */
    load: (countWith: CountWith) => Promise<ListPage<T>>;
  },
): Promise<FastifyReply> {
  const key = `${list} ${JSON.stringify(query)}`;
  const { page: dependsOn } = CACHED_LISTS[list];
  const versions = await readVersions(db); // before loading: see ListCache
  let page = cache.get<WirePage>(key, dependsOn, versions);
  if (!page) {
    page = toWire(await load(countWithCache(cache, versions, list, query)));
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
export function sendOwnPage<T>(reply: FastifyReply, page: ListPage<T>): T[] {
  reply.header(TOTAL_COUNT_HEADER, String(page.total));
  if (page.nextKey) reply.header(NEXT_CURSOR_HEADER, encodeCursor(page.nextKey));
  return page.items;
}
