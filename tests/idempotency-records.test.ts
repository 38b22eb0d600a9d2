import { expect, test } from 'vitest';
import { USAGE_CAPS } from '../api/lib/caps.ts';
import { employerWithJobEachTest, testAppFor } from './helpers/test-app.ts';

/**
 * Idempotency records are kept 45 days, so what one account may store in a day is capped
 * (USAGE_CAPS.idempotencyKeys.perUserDay): past it a new keyed write is refused, while replays
 * and writes without a key go on as before.
 */
const PER_DAY = USAGE_CAPS.idempotencyKeys.perUserDay;

const t = testAppFor('each');
const own = employerWithJobEachTest(t);

const setActive = (isActive: boolean, key?: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/jobs/${own.jobId}`,
    headers: { cookie: own.employer.cookie, ...(key ? { 'idempotency-key': key } : {}) },
    payload: { isActive },
  });
const records = async () =>
  (
    await t.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('user_id', '=', own.employer.id)
      .execute()
  ).length;

test('one user stores at most 1,000 idempotency records a day; then a keyed write is refused, replays and unkeyed writes are not', async () => {
  const first = await setActive(false, 'close-the-job');
  expect(first.statusCode).toBe(200);
  const firstAt = t.now().getTime();
  // The rest of the day's records, as the writes of the next three hours would have left them.
  await t.db
    .insertInto('idempotency_keys')
    .values(
      Array.from({ length: PER_DAY - 1 }, (_, i) => ({
        user_id: own.employer.id,
        key: `earlier-${i}`,
        scope: 'PATCH /api/jobs/:id',
        request_hash: `hash-${i}`,
        status_code: 200,
        response_body: '{}',
        created_at: new Date(firstAt + (i + 1) * 10_000).toISOString(),
      })),
    )
    .execute();
  t.advance(3 * 3600);
  expect(await records()).toBe(PER_DAY);

  const refused = await setActive(true, 'one-too-many');
  expect(refused.statusCode).toBe(429);
  expect(refused.json().message).toMatch(
    new RegExp(
      `^You have sent ${PER_DAY} requests today, the most one account may send in a day\\. Please try again in 21 hours\\.$`,
    ),
  );
  // Until the first record is a day old.
  const wait = Number(refused.headers['retry-after']);
  expect(Math.abs(t.now().getTime() + wait * 1000 - (firstAt + 86_400_000))).toBeLessThan(2_000);
  expect(await records()).toBe(PER_DAY);
  // The refused write changed nothing.
  expect((await t.app.inject({ url: `/api/jobs/${own.jobId}` })).json().isActive).toBe(false);

  // The first write is replayed from its record; a write without a key is not refused.
  const replay = await setActive(false, 'close-the-job');
  expect(replay.statusCode).toBe(200);
  expect(replay.json()).toEqual(first.json());
  expect((await setActive(true)).statusCode).toBe(200);

  // Once the first record is a day old, a keyed write is stored again.
  t.advance(wait);
  expect((await setActive(false, 'next-day')).statusCode).toBe(200);
  expect(await records()).toBe(PER_DAY + 1);
});
