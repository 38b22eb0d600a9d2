import { expect, test } from 'vitest';
import { type SignedInUser, signUp, testAppFor, validJob } from '../../tests/helpers/test-app.ts';

const t = testAppFor('each');

let posted = 0;
const postJob = (
  user: SignedInUser,
  headers: Record<string, string> = {},
  title = `Plumber number ${++posted} in Kumasi`,
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/jobs',
    headers: { cookie: user.cookie, ...headers },
    payload: { ...validJob, title },
  });
const jobsOf = async (user: SignedInUser) =>
  (await t.db.selectFrom('jobs').select('id').where('employer_id', '=', user.id).execute()).length;

test('an employer posts at most 30 jobs an hour: the next is 429 with Retry-After and stores nothing', async () => {
  const employer = await signUp(t, 'employer');
  for (let i = 0; i < 30; i += 1) {
    expect((await postJob(employer)).statusCode).toBe(201);
    t.advance(60);
  }
  // The first of the 30 went 30 minutes ago: it leaves the hour in 30 minutes.
  const refused = await postJob(employer);
  expect(refused.statusCode).toBe(429);
  expect(refused.json().message).toBe(
    'You can post at most 30 jobs an hour. Please try again in 30 minutes.',
  );
  // Less the real time the 30 posts took (the app's clock runs on while a test advances it).
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(30 * 60 - 60);
  expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(30 * 60);
  expect(await jobsOf(employer)).toBe(30);

  // Others are not held back by one employer.
  expect((await postJob(await signUp(t, 'employer'))).statusCode).toBe(201);

  t.advance(30 * 60);
  expect((await postJob(employer)).statusCode).toBe(201);
  expect(await jobsOf(employer)).toBe(31);
});

test('an employer posts at most 100 jobs a day', async () => {
  const employer = await signUp(t, 'employer');
  for (let i = 0; i < 100; i += 1) {
    expect((await postJob(employer)).statusCode).toBe(201);
    t.advance(150); // 24 an hour, under the hourly limit
  }
  const refused = await postJob(employer);
  expect(refused.statusCode).toBe(429);
  expect(refused.json().message).toMatch(
    /^You can post at most 100 jobs a day\. Please try again in \d+ hours\.$/,
  );
  const wait = Number(refused.headers['retry-after']);
  expect(wait).toBeGreaterThan(24 * 3600 - 100 * 150 - 60);
  expect(wait).toBeLessThanOrEqual(24 * 3600 - 100 * 150);
  expect(await jobsOf(employer)).toBe(100);
  t.advance(wait);
  expect((await postJob(employer)).statusCode).toBe(201);
});

test('a job replayed with its Idempotency-Key is answered even at the limit', async () => {
  const employer = await signUp(t, 'employer');
  const key = { 'idempotency-key': 'job-post-at-the-limit' };
  const title = 'Plumber for a guest house in Ejisu';
  const first = await postJob(employer, key, title);
  for (let i = 0; i < 29; i += 1) await postJob(employer);
  expect((await postJob(employer)).statusCode).toBe(429);
  const replay = await postJob(employer, key, title);
  expect(replay.statusCode).toBe(201);
  expect(replay.json()).toEqual(first.json());
  expect(await jobsOf(employer)).toBe(30);
});
