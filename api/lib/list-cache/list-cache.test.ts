import { createHash, randomBytes } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { expect, test } from 'vitest';
import { type CachedList, type CacheKey, ListCache } from './list-cache.ts';
import type { DataName, VersionSource } from './version-source.ts';

/** A version source the test moves by hand; a name it does not hold is unknown. */
function handVersions(start: Partial<Record<DataName, number>> = { jobs: 1, artists: 1 }) {
  const versions = { ...start };
  let reads = 0;
  const source: VersionSource = {
    async read(names) {
      reads += 1;
      return Object.fromEntries(
        names.filter((name) => versions[name] !== undefined).map((name) => [name, versions[name]]),
      );
    },
  };
  return {
    source,
    bump: (name: DataName) => {
      versions[name] = (versions[name] ?? 0) + 1;
    },
    reads: () => reads,
  };
}

/** compute() for a value, counting how often it ran. */
function computing<T>(value: T) {
  const compute = async () => {
    compute.runs += 1;
    return value;
  };
  compute.runs = 0;
  return compute;
}

const page: CacheKey = { id: 'page', dependsOn: ['jobs', 'application_counts'] };

test('a value is computed once and served until a version it depends on changes, and only then', async () => {
  const versions = handVersions({ jobs: 1, application_counts: 1, artists: 1 });
  const cache = new ListCache(versions.source);
  const first = computing({ jobs: ['first'] });
  expect(await cache.get(page, first)).toEqual({ jobs: ['first'] });
  const hit = await cache.get(page, first);
  expect(hit).toBe(await cache.get(page, first)); // the very value, not a copy
  versions.bump('artists');
  await cache.get(page, first);
  expect(first.runs).toBe(1);
  expect(cache.stats()).toMatchObject({ entries: 1, hits: 3, misses: 1 });

  versions.bump('application_counts');
  const second = computing({ jobs: ['second'] });
  expect(await cache.get(page, second)).toEqual({ jobs: ['second'] });
  expect(await cache.get(page, second)).toEqual({ jobs: ['second'] });
  expect(second.runs).toBe(1);
  // The outdated value is gone for good: one entry, counted once.
  expect(cache.stats()).toMatchObject({ entries: 1, hits: 4, misses: 2 });
});

test('a hit reads the versions once and runs nothing else', async () => {
  const versions = handVersions();
  const cache = new ListCache(versions.source);
  const value = computing('page');
  await cache.get({ id: 'page', dependsOn: ['jobs'] }, value);
  const before = versions.reads();
  await cache.get({ id: 'page', dependsOn: ['jobs'] }, value);
  expect(versions.reads() - before).toBe(1);
  expect(value.runs).toBe(1);
});

test('a change that lands while a value is computed is not hidden by it', async () => {
  const versions = handVersions();
  const cache = new ListCache(versions.source);
  const key: CacheKey = { id: 'page', dependsOn: ['jobs'] };
  // The write commits after the versions were read and before the value was computed.
  await cache.get(key, async () => {
    versions.bump('jobs');
    return 'computed from the new data, stamped with the old version';
  });
  const again = computing('computed again');
  expect(await cache.get(key, again)).toBe('computed again');
  expect(again.runs).toBe(1);
});

test('nothing is kept when a version is unknown (a database without the version rows)', async () => {
  const cache = new ListCache(handVersions({ jobs: 1 }).source);
  const value = computing('page');
  await cache.get(page, value);
  await cache.get(page, value);
  expect(value.runs).toBe(2);
  expect(cache.stats().entries).toBe(0);
});

test('the entry limit drops the least recently used first', async () => {
  const cache = new ListCache(handVersions().source, { maxEntries: 3, maxBytes: 1_000_000 });
  const key = (id: string): CacheKey => ({ id, dependsOn: ['jobs'] });
  for (const id of ['a', 'b', 'c']) await cache.get(key(id), async () => id);
  await cache.get(key('a'), async () => 'a'); // a is now the most recently used
  await cache.get(key('d'), async () => 'd');
  expect(cache.stats().entries).toBe(3);
  const b = computing('b');
  await cache.get(key('b'), b);
  expect(b.runs).toBe(1); // b was dropped; now c is the oldest, and gone
  for (const id of ['a', 'd', 'b']) {
    const again = computing(id);
    expect(await cache.get(key(id), again)).toBe(id);
    expect(again.runs, id).toBe(0);
  }
});

test('the byte limit holds, counting what each value weighs', async () => {
  const maxBytes = 20_000;
  const cache = new ListCache(handVersions().source, { maxEntries: 1000, maxBytes });
  const key = (i: number): CacheKey => ({ id: `page ${i}`, dependsOn: ['jobs'] });
  for (let i = 0; i < 50; i += 1) {
    await cache.get(
      key(i),
      async () => ({ i }),
      () => 1_500,
    );
    expect(cache.stats().bytes).toBeLessThanOrEqual(maxBytes);
  }
  const { entries } = cache.stats();
  expect(entries).toBeGreaterThan(5);
  expect(entries).toBeLessThan(20);
  const newest = computing({ i: 49 });
  await cache.get(key(49), newest, () => 1_500);
  expect(newest.runs).toBe(0);
  const oldest = computing({ i: 0 });
  await cache.get(key(0), oldest, () => 1_500);
  expect(oldest.runs).toBe(1);
});

test('one value bigger than an eighth of the limit is not kept', async () => {
  const cache = new ListCache(handVersions().source, { maxEntries: 100, maxBytes: 80_000 });
  const small: CacheKey = { id: 'small', dependsOn: ['jobs'] };
  const whole: CacheKey = { id: 'whole list', dependsOn: ['jobs'] };
  await cache.get(
    small,
    async () => 'small',
    () => 1_000,
  );
  const huge = computing('huge');
  await cache.get(whole, huge, () => 20_000);
  await cache.get(whole, huge, () => 20_000);
  expect(huge.runs).toBe(2);
  const again = computing('small');
  await cache.get(small, again, () => 1_000);
  expect(again.runs).toBe(0);
});

test("a list's count outlives its pages when it depends on less", async () => {
  const versions = handVersions({ jobs: 1, application_counts: 1 });
  const cache = new ListCache(versions.source);
  const list: CachedList = { id: 'jobs {}', page: ['jobs', 'application_counts'], count: ['jobs'] };
  const count = computing(42);
  const load = async () => ({ body: Buffer.from(`a page of ${await cache.countOf(list)(count)}`) });
  const text = async (page: Promise<{ body: Buffer }>) => (await page).body.toString();
  expect(await text(cache.page(list, 'first', load))).toBe('a page of 42');
  expect(await text(cache.page(list, 'second', load))).toBe('a page of 42');
  expect(count.runs).toBe(1);
  versions.bump('application_counts');
  const recomputed = computing({ body: Buffer.from('a page computed again') });
  expect(await text(cache.page(list, 'first', recomputed))).toBe('a page computed again');
  expect(await cache.countOf(list)(count)).toBe(42);
  expect(count.runs).toBe(1);
  versions.bump('jobs');
  await cache.countOf(list)(count);
  expect(count.runs).toBe(2);
});

const BROTLI_Q4 = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } };
const pageOf = (text: string) => ({ body: Buffer.from(text.repeat(200)) });
const jobs: CachedList = { id: 'jobs {}', page: ['jobs'], count: ['jobs'] };

test("a page's compressed copies are made once, are zlib's own bytes, and go with the page", async () => {
  const versions = handVersions();
  const cache = new ListCache(versions.source);
  const { body } = await cache.page(jobs, 'first', async () => pageOf('Plumber in Ho. '));
  const plain = cache.stats().bytes;
  const br = cache.zlib.brotliCompressSync(body, BROTLI_Q4);
  expect(br).toEqual(brotliCompressSync(body, BROTLI_Q4));
  expect(cache.zlib.brotliCompressSync(body, BROTLI_Q4)).toBe(br); // the kept copy
  const gzip = cache.zlib.gzipSync(body);
  expect(gzip).toEqual(gzipSync(body));
  expect(cache.zlib.gzipSync(body)).toBe(gzip);
  // The copies are weighed with their page.
  expect(cache.stats().bytes).toBe(plain + br.length + gzip.length);

  // Other options than the ones a copy was made with: compressed afresh, as asked.
  const q11 = cache.zlib.brotliCompressSync(body, {});
  expect(q11).toEqual(brotliCompressSync(body, {}));
  expect(cache.zlib.brotliCompressSync(body, BROTLI_Q4)).toBe(br);

  // A page out of date is gone with its copies; its body is compressed like any payload.
  versions.bump('jobs');
  await cache.page(jobs, 'first', async () => pageOf('Mason in Wa. '));
  expect(cache.stats().bytes).toBe(plain - body.length + pageOf('Mason in Wa. ').body.length);
  const again = cache.zlib.brotliCompressSync(body, BROTLI_Q4);
  expect(again).not.toBe(br);
  expect(again).toEqual(br);
});

test("a page's ETag hash is @fastify/etag's own, made once and kept with the page", async () => {
  const cache = new ListCache(handVersions().source);
  const { body } = await cache.page(jobs, 'first', async () => pageOf('Tiler in Tema. '));
  const plain = cache.stats().bytes;
  const hash = createHash('sha1').update(body).digest('base64');
  expect(cache.etagHash(body)).toBe(hash);
  expect(cache.stats().bytes).toBe(plain + hash.length);
  expect(cache.etagHash(body)).toBe(hash);
  expect(cache.stats().bytes).toBe(plain + hash.length);
  // Any other payload, a string too, is hashed as the plugin hashes it.
  expect(cache.etagHash('{"id":1}')).toBe(createHash('sha1').update('{"id":1}').digest('base64'));
  expect(cache.stats().bytes).toBe(plain + hash.length);
});

test('any other payload is compressed as zlib does and nothing is kept', () => {
  const cache = new ListCache(handVersions().source);
  const payload = Buffer.from('{"message":"Not found"}'.repeat(100));
  const first = cache.zlib.brotliCompressSync(payload, BROTLI_Q4);
  expect(first).toEqual(brotliCompressSync(payload, BROTLI_Q4));
  expect(cache.zlib.brotliCompressSync(payload, BROTLI_Q4)).not.toBe(first);
  expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
});

test('compressed copies count against the byte limit', async () => {
  const cache = new ListCache(handVersions().source, { maxEntries: 100, maxBytes: 40_000 });
  const bodies: Buffer[] = [];
  for (let i = 0; i < 8; i += 1) {
    const { body } = await cache.page(jobs, `page ${i}`, async () => ({
      body: randomBytes(4_000),
    }));
    bodies.push(body);
  }
  const before = cache.stats();
  for (const body of bodies) {
    cache.zlib.gzipSync(body);
    expect(cache.stats().bytes).toBeLessThanOrEqual(40_000);
  }
  // Random bytes do not shrink: the copies pushed the oldest pages out.
  expect(cache.stats().entries).toBeLessThan(before.entries);
});
