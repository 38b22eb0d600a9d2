import { expect, test } from 'vitest';
import { ListCache } from './list-cache.ts';

const versions = { jobs: 1, application_counts: 1, artists: 1 };

test('an entry is a hit until a version it depends on changes, and only then', () => {
  const cache = new ListCache();
  cache.set('page', ['jobs', 'application_counts'], versions, 'first', 10);
  expect(cache.get('page', ['jobs', 'application_counts'], versions)).toBe('first');
  expect(cache.get('page', ['jobs', 'application_counts'], { ...versions, artists: 2 })).toBe(
    'first',
  );
  expect(
    cache.get('page', ['jobs', 'application_counts'], { ...versions, application_counts: 2 }),
  ).toBeUndefined();
  // An outdated entry is dropped, not kept for a return to old versions.
  expect(cache.get('page', ['jobs', 'application_counts'], versions)).toBeUndefined();
  expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0, hits: 2, misses: 2 });
});

test('nothing is kept when a version is unknown (a database without the version rows)', () => {
  const cache = new ListCache();
  cache.set('page', ['jobs', 'application_counts'], { jobs: 1 }, 'first', 10);
  expect(cache.stats().entries).toBe(0);
  expect(cache.get('page', ['jobs', 'application_counts'], { jobs: 1 })).toBeUndefined();
});

test('the entry limit drops the least recently used first', () => {
  const cache = new ListCache({ maxEntries: 3, maxBytes: 1_000_000 });
  for (const key of ['a', 'b', 'c']) cache.set(key, ['jobs'], versions, key, 10);
  cache.get('a', ['jobs'], versions); // a is now the most recently used
  cache.set('d', ['jobs'], versions, 'd', 10);
  expect(cache.stats().entries).toBe(3);
  expect(cache.get('b', ['jobs'], versions)).toBeUndefined();
  for (const key of ['a', 'c', 'd']) expect(cache.get(key, ['jobs'], versions)).toBe(key);
});

test('the byte limit holds, counting values that grow in place', () => {
  const maxBytes = 20_000;
  const cache = new ListCache({ maxEntries: 1000, maxBytes });
  for (let i = 0; i < 50; i += 1) {
    cache.set(`page ${i}`, ['jobs'], versions, { i }, 1_500);
    expect(cache.stats().bytes).toBeLessThanOrEqual(maxBytes);
  }
  const { entries } = cache.stats();
  expect(entries).toBeGreaterThan(5);
  expect(entries).toBeLessThan(20);
  expect(cache.get('page 49', ['jobs'], versions)).toEqual({ i: 49 });
  expect(cache.get('page 0', ['jobs'], versions)).toBeUndefined();

  const grown = cache.get<{ i: number }>('page 48', ['jobs'], versions);
  cache.resize('page 48', grown, 2_400);
  expect(cache.stats().bytes).toBeLessThanOrEqual(maxBytes);
  expect(cache.get('page 48', ['jobs'], versions)).toBe(grown);
  // A value no longer under its key (replaced meanwhile) changes nothing.
  const before = cache.stats().bytes;
  cache.resize('page 48', { i: 48 }, 2_400_000);
  expect(cache.stats().bytes).toBe(before);
});

test('one answer bigger than an eighth of the limit is not kept', () => {
  const cache = new ListCache({ maxEntries: 100, maxBytes: 80_000 });
  cache.set('small', ['jobs'], versions, 'small', 1_000);
  cache.set('whole list', ['jobs'], versions, 'huge', 20_000);
  expect(cache.get('whole list', ['jobs'], versions)).toBeUndefined();
  expect(cache.get('small', ['jobs'], versions)).toBe('small');
});

test('remember computes once per version', async () => {
  const cache = new ListCache();
  let runs = 0;
  const count = async () => {
    runs += 1;
    return 42;
  };
  expect(await cache.remember('count', ['jobs'], versions, count)).toBe(42);
  expect(await cache.remember('count', ['jobs'], versions, count)).toBe(42);
  expect(runs).toBe(1);
  await cache.remember('count', ['jobs'], { ...versions, jobs: 2 }, count);
  expect(runs).toBe(2);
});
