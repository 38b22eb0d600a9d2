import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { CountWith } from './keyset-page.ts';

/**
 * What a cached list can depend on: each is a row of `data_versions`, bumped by triggers on every
 * change that could alter a list, whoever makes it (the app, a script, the sqlite3 shell).
 * `jobs` and `artists` follow their tables (artists also its performance types and portfolio
 * pictures);
 * `application_counts` follows applications arriving, leaving or moving to another job.
 */
export type DataName = 'jobs' | 'application_counts' | 'artists';
export type Versions = Readonly<Partial<Record<DataName, number>>>;

/** Every version in one read: the only SQL a cache hit runs. */
export async function readVersions(db: Kysely<Database>): Promise<Versions> {
  const rows = await db.selectFrom('data_versions').select(['name', 'version']).execute();
  return Object.fromEntries(rows.map((row) => [row.name, row.version]));
}

export interface ListCacheLimits {
  maxEntries: number;
  /** Bytes of cached bodies (and their compressed copies), plus a little per entry. */
  maxBytes: number;
}

/** About 200 first pages of jobs with their brotli and gzip copies, or many more counts. */
export const DEFAULT_LIST_CACHE_LIMITS: ListCacheLimits = {
  maxEntries: 500,
  maxBytes: 4 * 1024 * 1024,
};

/** Rough cost of an entry beyond its bytes: the key, the map slot, the object. */
const ENTRY_OVERHEAD = 200;

interface Entry {
  /** The versions of the data the value was computed from. */
  stamp: string;
  value: unknown;
  bytes: number;
}

/** The versions of the data a value depends on, or undefined when one is unknown (not cacheable). */
function stampOf(dependsOn: readonly DataName[], versions: Versions): string | undefined {
  let stamp = '';
  for (const name of dependsOn) {
    const version = versions[name];
    if (version === undefined) return undefined;
    stamp += `${version};`;
  }
  return stamp;
}

/**
 * Answers and counts of the list endpoints, each kept until the data it was computed from
 * changes: an entry is valid while the versions it was stamped with are still current. Least
 * recently used entries go first once either limit is reached. One per app (and database).
 *
 * Versions must be read before the value is computed: a change that lands in between then
 * stamps the value older than it is, which costs a recomputation, never a stale answer.
 */
export class ListCache {
  readonly limits: ListCacheLimits;
  #entries = new Map<string, Entry>();
  #bytes = 0;
  #hits = 0;
  #misses = 0;

  constructor(limits: ListCacheLimits = DEFAULT_LIST_CACHE_LIMITS) {
    this.limits = limits;
  }

  get<T>(key: string, dependsOn: readonly DataName[], versions: Versions): T | undefined {
    const entry = this.#entries.get(key);
    if (entry) {
      this.#entries.delete(key);
      if (entry.stamp === stampOf(dependsOn, versions)) {
        this.#entries.set(key, entry); // now the most recently used
        this.#hits++;
        return entry.value as T;
      }
      this.#bytes -= entry.bytes; // outdated: gone for good
    }
    this.#misses++;
    return undefined;
  }

  set(
    key: string,
    dependsOn: readonly DataName[],
    versions: Versions,
    value: unknown,
    bytes: number,
  ): void {
    const stamp = stampOf(dependsOn, versions);
    this.#remove(key);
    if (stamp === undefined) return;
    const entry = { stamp, value, bytes: bytes + ENTRY_OVERHEAD + key.length };
    // One huge answer must not push out everything else.
    if (entry.bytes > this.limits.maxBytes / 8) return;
    this.#entries.set(key, entry);
    this.#bytes += entry.bytes;
    this.#evict();
  }

  /** A cached value grew in place (a compressed copy was added): count its new size. */
  resize(key: string, value: unknown, bytes: number): void {
    const entry = this.#entries.get(key);
    if (!entry || entry.value !== value) return;
    this.#bytes -= entry.bytes;
    entry.bytes = bytes + ENTRY_OVERHEAD + key.length;
    this.#bytes += entry.bytes;
    this.#evict();
  }

  /** The value under key if its data is unchanged, else computes and keeps it. */
  async remember<T>(
    key: string,
    dependsOn: readonly DataName[],
    versions: Versions,
    compute: () => Promise<T>,
    bytes = 0,
  ): Promise<T> {
    const hit = this.get<T>(key, dependsOn, versions);
    if (hit !== undefined) return hit;
    const value = await compute();
    this.set(key, dependsOn, versions, value, bytes);
    return value;
  }

  stats() {
    return {
      entries: this.#entries.size,
      bytes: this.#bytes,
      hits: this.#hits,
      misses: this.#misses,
    };
  }

  #remove(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }

  #evict(): void {
    for (const [key, entry] of this.#entries) {
      if (this.#entries.size <= this.limits.maxEntries && this.#bytes <= this.limits.maxBytes) {
        return;
      }
      this.#entries.delete(key);
      this.#bytes -= entry.bytes;
    }
  }
}

/** The lists kept in the cache, and what a page and a count of each is read from. */
export const CACHED_LISTS = {
  /** A page shows each job's application count; the count of jobs follows the jobs alone. */
  jobs: { page: ['jobs', 'application_counts'], count: ['jobs'] },
  /** Artists with their performance types and pictures (not availability, bookings or users). */
  artists: { page: ['artists'], count: ['artists'] },
} as const satisfies Record<string, { page: readonly DataName[]; count: readonly DataName[] }>;
export type CachedList = keyof typeof CACHED_LISTS;

/** The cache key of a list's count: its filters, not which page (`limit`, `cursor`) was asked. */
export function countKey(list: CachedList, query: { limit?: unknown; cursor?: unknown }): string {
  const { limit: _limit, cursor: _cursor, ...filters } = query;
  return `${list} count ${JSON.stringify(filters)}`;
}

/** A list's full match count, computed once per change of the data it counts. */
export function countWithCache(
  cache: ListCache,
  versions: Versions,
  list: CachedList,
  query: { limit?: unknown; cursor?: unknown },
): CountWith {
  return (count) =>
    cache.remember(countKey(list, query), CACHED_LISTS[list].count, versions, count);
}
