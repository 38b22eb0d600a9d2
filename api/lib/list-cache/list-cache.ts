import type { CountWith } from '../keyset-page.ts';
import type { DataName, VersionSource, Versions } from './version-source.ts';

/** Under what a value is kept, and until when. */
export interface CacheKey {
  /** Equal ids must mean equal values (a list's filters and page, normalised by its contract). */
  id: string;
  /** The data the value is computed from: it is kept until the version of one of them changes. */
  dependsOn: readonly DataName[];
}

/**
 * A list kept in the cache: which list with which filters (not which page), and what its pages
 * and its full count are computed from. A count often depends on less than the page it goes
 * with (the rows the filters choose, not everything each row shows), so it outlives the pages.
 */
export interface CachedList {
  id: string;
  page: readonly DataName[];
  count: readonly DataName[];
}

export interface ListCacheLimits {
  maxEntries: number;
  /** Bytes of cached values (as their producers count them), plus a little per entry. */
  maxBytes: number;
}

/** About 300 first pages of jobs, or many more counts. */
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
 * Values computed from the database (pages of the public lists, as they go on the wire, and
 * their counts), each kept until the data it was computed from changes: an entry is served
 * while the versions it was stamped with are still the ones its VersionSource reads. Least
 * recently used entries go first once either limit is reached. One per app (and database).
 *
 * Versions are read before a value is computed: a change that lands in between then stamps the
 * value older than it is, which costs a recomputation, never a stale answer.
 */
export class ListCache {
  readonly limits: ListCacheLimits;
  #source: VersionSource;
  #entries = new Map<string, Entry>();
  #bytes = 0;
  #hits = 0;
  #misses = 0;

  constructor(source: VersionSource, limits: ListCacheLimits = DEFAULT_LIST_CACHE_LIMITS) {
    this.#source = source;
    this.limits = limits;
  }

  /**
   * The value kept under `key` if the data it depends on is unchanged (one read of the versions);
   * else `compute()`'s, kept for next time. `bytesOf` says what a value weighs.
   */
  async get<T>(
    key: CacheKey,
    compute: () => Promise<T>,
    bytesOf: (value: T) => number = () => 0,
  ): Promise<T> {
    const stamp = stampOf(key.dependsOn, await this.#source.read(key.dependsOn));
    const entry = this.#entries.get(key.id);
    if (entry) {
      this.#remove(key.id);
      if (entry.stamp === stamp) {
        this.#add(key.id, entry); // now the most recently used
        this.#hits++;
        return entry.value as T;
      }
    }
    this.#misses++;
    const value = await compute();
    if (stamp !== undefined) {
      this.#remove(key.id); // a concurrent miss may have kept its own meanwhile
      this.#add(key.id, { stamp, value, bytes: bytesOf(value) + ENTRY_OVERHEAD + key.id.length });
    }
    return value;
  }

  /** One page of a list; `page` names it (its size and cursor). */
  page<T>(
    list: CachedList,
    page: string,
    compute: () => Promise<T>,
    bytesOf: (value: T) => number,
  ): Promise<T> {
    return this.get({ id: `${list.id} page ${page}`, dependsOn: list.page }, compute, bytesOf);
  }

  /** A list's full count, computed once per change of the data it counts. */
  countOf(list: CachedList): CountWith {
    return (count) => this.get({ id: `${list.id} count`, dependsOn: list.count }, count);
  }

  stats() {
    return {
      entries: this.#entries.size,
      bytes: this.#bytes,
      hits: this.#hits,
      misses: this.#misses,
    };
  }

  #add(id: string, entry: Entry): void {
    // One huge value must not push out everything else.
    if (entry.bytes > this.limits.maxBytes / 8) return;
    this.#entries.set(id, entry);
    this.#bytes += entry.bytes;
    for (const [oldest, { bytes }] of this.#entries) {
      if (this.#entries.size <= this.limits.maxEntries && this.#bytes <= this.limits.maxBytes) {
        return;
      }
      this.#entries.delete(oldest);
      this.#bytes -= bytes;
    }
  }

  #remove(id: string): void {
    const entry = this.#entries.get(id);
    if (!entry) return;
    this.#entries.delete(id);
    this.#bytes -= entry.bytes;
  }
}
