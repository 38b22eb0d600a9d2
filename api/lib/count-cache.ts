import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';

type Versioned = 'jobs' | 'artists';

/** Search counts can cost as much as the rest of the page; this keeps each until its table changes. */
const MAX_ENTRIES = 500;
const caches = new WeakMap<object, Map<string, { version: number; count: number }>>();

/**
 * A list's full match count, computed once per change of the table: `data_versions` is bumped
 * by triggers on every insert, update and delete, whoever makes them.
 */
export async function cachedCount(
  db: Kysely<Database>,
  table: Versioned,
  key: string,
  count: () => Promise<number>,
): Promise<number> {
  const row = await db
    .selectFrom('data_versions')
    .select('version')
    .where('name', '=', table)
    .executeTakeFirst();
  const version = row?.version ?? -1;
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const cacheKey = `${table}:${key}`;
  const hit = cache.get(cacheKey);
  if (hit && hit.version === version) return hit.count;
  const value = await count();
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(cacheKey, { version, count: value });
  return value;
}
