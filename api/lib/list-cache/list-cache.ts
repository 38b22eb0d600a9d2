import { createHash } from 'node:crypto';
import { type BrotliOptions, brotliCompressSync, gzipSync, type ZlibOptions } from 'node:zlib';
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

/** A value as it goes on the wire: its body, and whatever goes with it (headers). */
export interface WireValue {
  body: Buffer;
}

/** What the HTTP plugins make of a wire body: its compressed copies and its ETag hash. */
type Derived = 'br' | 'gzip' | 'etag';

export interface ListCacheLimits {
  maxEntries: number;
  /**
   * Bytes of cached values (wire bodies with their compressed copies, as counted), plus a little
   * per entry.
   */
  maxBytes: number;
}

/** About 200 first pages of jobs with their brotli and gzip copies, or many more counts. */
const DEFAULT_LIST_CACHE_LIMITS: ListCacheLimits = {
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
  /** What was made of a wire value's body when first asked for, with the options used. */
  derived?: Partial<Record<Derived, { options: object | undefined; made: Buffer | string }>>;
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

/** The body of a wire value (a page), or undefined for any other value (a count). */
function bodyOf(value: unknown): Buffer | undefined {
  const body = typeof value === 'object' && value !== null ? (value as WireValue).body : undefined;
  return body instanceof Buffer ? body : undefined;
}

/**
 * Values computed from the database (pages of the public lists, as they go on the wire, and
 * their counts), each kept until the data it was computed from changes: an entry is served
 * while the versions it was stamped with are still the ones its VersionSource reads. Least
 * recently used entries go first once either limit is reached. One per app (and database).
 *
 * Versions are read before a value is computed: a change that lands in between then stamps the
 * value older than it is, which costs a recomputation, never a stale answer.
 *
 * What the ETag and compression plugins make of a page's body is kept with it too (see `zlib`
 * and `etagHash`): compressing a page costs several times what serving it from memory does.
 */
export class ListCache {
  readonly limits: ListCacheLimits;
  #source: VersionSource;
  #entries = new Map<string, Entry>();
  /** The entry each cached wire body belongs to, for what the plugins make of it. */
  #bodies = new WeakMap<Buffer, Entry>();
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
    if (entry && entry.stamp === stamp) {
      this.#entries.delete(key.id);
      this.#entries.set(key.id, entry); // now the most recently used
      this.#hits++;
      return entry.value as T;
    }
    this.#remove(key.id); // outdated: gone for good
    this.#misses++;
    const value = await compute();
    if (stamp !== undefined) {
      this.#remove(key.id); // a concurrent miss may have kept its own meanwhile
      this.#add(key.id, { stamp, value, bytes: bytesOf(value) + ENTRY_OVERHEAD + key.id.length });
    }
    return value;
  }

  /** One page of a list as it goes on the wire; `page` names it (its size and cursor). */
  page<T extends WireValue>(list: CachedList, page: string, compute: () => Promise<T>): Promise<T> {
    const key = { id: `${list.id} page ${page}`, dependsOn: list.page };
    return this.get(key, compute, (value) => value.body.length);
  }

  /** A list's full count, computed once per change of the data it counts. */
  countOf(list: CachedList): CountWith {
    return (count) => this.get({ id: `${list.id} count`, dependsOn: list.count }, count);
  }

  /**
   * zlib's one-call compressors, for @fastify/compress's `zlib` option: the body of a page this
   * cache holds is compressed once per encoding and the copy kept (and weighed) with its entry;
   * any other payload is compressed as zlib does. The plugin still decides whether and how to
   * compress (Accept-Encoding, size limits, Vary, Content-Length), so a hit goes out as a miss
   * does.
   */
  readonly zlib = {
    brotliCompressSync: (payload: Buffer, options?: BrotliOptions): Buffer =>
      this.#derived('br', payload, options, () => brotliCompressSync(payload, options)),
    gzipSync: (payload: Buffer, options?: ZlibOptions): Buffer =>
      this.#derived('gzip', payload, options, () => gzipSync(payload, options)),
  };

  /**
   * @fastify/etag's `hashFn`: the plugin's own default hash (sha1, base64), made once for the
   * body of a page this cache holds. The plugin still makes the tag of it and answers the 304s.
   */
  readonly etagHash = (payload: string | Buffer): string =>
    this.#derived('etag', payload, undefined, () =>
      createHash('sha1').update(payload).digest('base64'),
    );

  stats() {
    return {
      entries: this.#entries.size,
      bytes: this.#bytes,
      hits: this.#hits,
      misses: this.#misses,
    };
  }

  /** What `make` makes of a payload; kept with its entry when it is the body of a cached page. */
  #derived<T extends Buffer | string>(
    what: Derived,
    payload: Buffer | string,
    options: object | undefined,
    make: () => T,
  ): T {
    const entry = typeof payload === 'string' ? undefined : this.#bodies.get(payload);
    if (!entry) return make();
    const kept = entry.derived?.[what];
    if (kept && kept.options === options) return kept.made as T;
    const made = make();
    if (!kept) {
      entry.derived = { ...entry.derived, [what]: { options, made } };
      entry.bytes += made.length;
      this.#bytes += made.length;
      this.#evict();
    }
    return made;
  }

  #add(id: string, entry: Entry): void {
    // One huge value must not push out everything else.
    if (entry.bytes > this.limits.maxBytes / 8) return;
    this.#entries.set(id, entry);
    this.#bytes += entry.bytes;
    const body = bodyOf(entry.value);
    if (body) this.#bodies.set(body, entry);
    this.#evict();
  }

  #remove(id: string): void {
    const entry = this.#entries.get(id);
    if (!entry) return;
    this.#entries.delete(id);
    this.#bytes -= entry.bytes;
    const body = bodyOf(entry.value);
    if (body) this.#bodies.delete(body);
  }

  /** Drops the least recently used entries until both limits hold. */
  #evict(): void {
    for (const id of this.#entries.keys()) {
      if (this.#entries.size <= this.limits.maxEntries && this.#bytes <= this.limits.maxBytes) {
        return;
      }
      this.#remove(id);
    }
  }
}
