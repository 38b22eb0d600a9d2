import type { FastifyReply } from 'fastify';
import type * as v from 'valibot';
import { NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER } from '../../contracts/paging.ts';
import type { CountWith, ListPage, PageKey, PageRequest } from '../lib/keyset-page.ts';
import type { CachedList, ListCache, WireValue } from '../lib/list-cache/list-cache.ts';
import { serializerFor } from './contracts.ts';
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

/** A page as it goes on the wire: the body the ETag and compression plugins start from. */
export interface WirePage extends WireValue {
  total: string;
  nextCursor: string | null;
}

function toWire<T>(page: ListPage<T>, items: v.GenericSchema): WirePage {
  // A paged list stays a plain array in the body (the spec's shape); the rest goes in headers.
  // The body is written by the route's own answer schema, as any other answer is.
  return {
    body: Buffer.from(serializerFor(items)(page.items)),
    total: String(page.total),
    nextCursor: page.nextKey ? encodeCursor(page.nextKey) : null,
  };
}

interface CachedPageRequest<T> {
  cache: ListCache;
  list: CachedList;
  /** Which page of the list: its size and cursor, as the contract gave them. */
  query: { limit?: number | undefined; cursor?: string | undefined };
  keyShape?: KeyShape;
  /** The answer schema of the page (an array of the list's items), which writes its body. */
  items: v.GenericSchema;
  /** Loads the page, its full count kept in the cache through `countWith`. */
  load: (page: PageRequest, countWith: CountWith) => Promise<ListPage<T>>;
}

/**
 * A page of a list kept in the list cache, as it goes on the wire: from memory while the data
 * under it is unchanged. The API's list routes send it; a server-rendered screen reads it.
 */
export async function cachedPage<T>({
  cache,
  list,
  query,
  keyShape = DATE_AND_ID,
  items,
  load,
}: CachedPageRequest<T>): Promise<WirePage> {
  const request = pageOf(query, keyShape); // an invalid cursor is refused before anything is read
  return cache.page(list, JSON.stringify([query.limit ?? null, query.cursor ?? null]), async () =>
    toWire(await load(request, cache.countOf(list)), items),
  );
}

/**
 * Sends a page of a list kept in the list cache, from memory while the data under it is
 * unchanged: a hit costs one read of the versions and no query, serialisation, hashing or
 * compression (the cache keeps what the ETag and compression plugins make of the body). The
 * plugins treat the stored body like any other answer (304, negotiation, headers), so a hit
 * goes out exactly as a miss does.
 */
export async function sendPage<T>(
  reply: FastifyReply,
  listPage: CachedPageRequest<T>,
): Promise<FastifyReply> {
  const page = await cachedPage(listPage);
  reply.header(TOTAL_COUNT_HEADER, page.total);
  if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
  return reply.type('application/json; charset=utf-8').send(page.body);
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
