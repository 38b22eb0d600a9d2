import { expect, test } from 'vitest';
import { USAGE_CAPS } from '../api/lib/caps.ts';
import { dataVersionsTable } from '../api/lib/list-cache/version-source.ts';
import {
  applyTo,
  createTestApp,
  employerWithJobEachTest,
  type SignedInUser,
  signUp,
  signUpArtist,
  type TestApp,
  testAppFor,
} from './helpers/test-app.ts';

/**
 * Closing and reopening jobs and deciding on applications and bookings are state changes,
 * counted per user in the database (USAGE_CAPS.stateChanges): a script toggling a job cannot
 * make the cached job lists start again thousands of times a second, nor fill the disk with
 * idempotency records. A request that changes nothing is answered, stores nothing and counts
 * nothing.
 */
const { perUserMinute, perUserHour } = USAGE_CAPS.stateChanges;

const t = testAppFor('each');
const own = employerWithJobEachTest(t);

const setActive = (
  isActive: boolean,
  { key, app = t.app }: { key?: string; app?: TestApp['app'] } = {},
) =>
  app.inject({
    method: 'PATCH',
    url: `/api/jobs/${own.jobId}`,
    headers: { cookie: own.employer.cookie, ...(key ? { 'idempotency-key': key } : {}) },
    payload: { isActive },
  });

const decide = (
  kind: 'applications' | 'bookings',
  id: number,
  who: SignedInUser,
  status: string,
  key?: string,
) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/${kind}/${id}`,
    headers: { cookie: who.cookie, ...(key ? { 'idempotency-key': key } : {}) },
    payload: { status },
  });

const isActiveNow = async () =>
  Boolean(
    (
      await t.db
        .selectFrom('jobs')
        .select('is_active')
        .where('id', '=', own.jobId)
        .executeTakeFirstOrThrow()
    ).is_active,
  );
const jobsVersion = async () => (await dataVersionsTable(t.db).read(['jobs'])).jobs ?? Number.NaN;
const recordsOf = async (who: SignedInUser) =>
  (await t.db.selectFrom('idempotency_keys').select('key').where('user_id', '=', who.id).execute())
    .length;

/** Asks `times` times for the job's other state; answers the statuses and the first refusal. */
async function toggle(times: number, app = t.app) {
  const statuses: number[] = [];
  let refused: Awaited<ReturnType<typeof setActive>> | undefined;
  let active = await isActiveNow();
  for (let i = 0; i < times; i++) {
    const answer = await setActive(!active, { app });
    statuses.push(answer.statusCode);
    if (answer.statusCode === 200) active = !active;
    if (answer.statusCode === 429) refused ??= answer;
  }
  return { statuses, refused };
}
const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

test('1,000 toggles of a job in a burst: the first 60 go through, the rest are refused and change nothing', async () => {
  const versionBefore = await jobsVersion();
  const { statuses, refused } = await toggle(1000);
  expect(count(statuses, 200)).toBe(perUserMinute);
  expect(count(statuses, 429)).toBe(1000 - perUserMinute);
  // Only the changes that went through made the cached job lists start again.
  expect((await jobsVersion()) - versionBefore).toBe(perUserMinute);
  expect(refused?.json().message).toBe(
    `You can make at most ${perUserMinute} changes a minute. Please try again in 1 minute.`,
  );
  const wait = Number(refused?.headers['retry-after']);
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(60);
}, 60_000);

test('at most 60 state changes a minute and 300 an hour, each refusal saying how long to wait', async () => {
  for (let minute = 0; minute < perUserHour / perUserMinute; minute++) {
    const { statuses } = await toggle(perUserMinute + 1);
    expect(count(statuses, 200)).toBe(perUserMinute);
    expect(statuses.at(-1)).toBe(429);
    t.advance(61);
  }
  const { refused } = await toggle(1);
  expect(refused?.json().message).toMatch(
    new RegExp(
      `^You can make at most ${perUserHour} changes an hour\\. Please try again in \\d+ minutes\\.$`,
    ),
  );
  const wait = Number(refused?.headers['retry-after']);
  expect(wait).toBeGreaterThan(60);
  expect(wait).toBeLessThanOrEqual(3600);
  t.advance(wait);
  expect((await toggle(1)).statuses).toEqual([200]);
}, 60_000);

test('the changes are counted in the database: two servers on one database share one budget', async () => {
  const second = await createTestApp({ sameDataAs: t });
  try {
    let applied = 0;
    for (let i = 0; i < perUserMinute; i++) {
      const app = i % 2 === 0 ? t.app : second.app;
      const answer = await setActive(!(await isActiveNow()), { app });
      if (answer.statusCode === 200) applied++;
    }
    expect(applied).toBe(perUserMinute);
    for (const app of [t.app, second.app]) {
      expect((await setActive(!(await isActiveNow()), { app })).statusCode).toBe(429);
    }
  } finally {
    await second.close();
  }
});

test('a PATCH that changes nothing stores no idempotency record, bumps no list and is not counted', async () => {
  const versionBefore = await jobsVersion();
  for (let i = 0; i < 2 * perUserMinute; i++) {
    const answer = await setActive(true, { key: `still-open-${i}` });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ id: own.jobId, isActive: true });
  }
  expect(await recordsOf(own.employer)).toBe(0);
  expect(await jobsVersion()).toBe(versionBefore);
  // None of them counted: the full minute's worth of real changes is still there.
  expect(count((await toggle(perUserMinute)).statuses, 200)).toBe(perUserMinute);

  // A real change with a key is stored once, and its replay is answered from the record.
  t.advance(3600);
  const closed = await setActive(false, { key: 'close-it-1' });
  expect(closed.statusCode).toBe(200);
  const replay = await setActive(false, { key: 'close-it-1' });
  expect(replay.json()).toEqual(closed.json());
  expect(await recordsOf(own.employer)).toBe(1);
}, 60_000);

test('decisions on applications and bookings set again store nothing; they share the budget with jobs', async () => {
  // A seeker applies to the job; an artist with a rate is booked by the own.employer.
  const seeker = await signUp(t, 'job_seeker');
  const applicationId = await applyTo(
    t,
    seeker,
    own.jobId,
    'I have fixed pipes in Kumasi for ten years.',
  );
  const artist = await signUpArtist(t, { hourly: 10000 });
  const { artistId } = artist;
  const booked = await t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: { cookie: own.employer.cookie },
    payload: {
      artistId,
      eventDate: new Date(t.now().getTime() + 14 * 86_400_000).toISOString(),
      eventDuration: 2,
      eventType: 'Wedding',
      venue: 'Golden Tulip, Kumasi',
      eventDetails: null,
      totalAmount: '200.00',
      rateType: 'hourly',
    },
  });
  expect(booked.statusCode).toBe(201);
  const bookingId = booked.json().id as number;

  expect(
    (await decide('applications', applicationId, own.employer, 'accepted', 'accept-1')).statusCode,
  ).toBe(200);
  expect((await decide('bookings', bookingId, artist, 'accepted', 'accept-2')).statusCode).toBe(
    200,
  );
  for (let i = 0; i < 20; i++) {
    expect(
      (await decide('applications', applicationId, own.employer, 'accepted', `again-a${i}`))
        .statusCode,
    ).toBe(200);
    expect(
      (await decide('bookings', bookingId, artist, 'accepted', `again-b${i}`)).statusCode,
    ).toBe(200);
  }
  expect(await recordsOf(own.employer)).toBe(1);
  expect(await recordsOf(artist)).toBe(1);

  // One change made, the employer's job toggles take the rest of the minute; then cancelling the
  // accepted work is refused like a toggle, and changes nothing.
  const { statuses } = await toggle(perUserMinute);
  expect(count(statuses, 200)).toBe(perUserMinute - 1);
  const cancel = () =>
    t.app.inject({
      method: 'POST',
      url: `/api/applications/${applicationId}/cancel`,
      headers: { cookie: own.employer.cookie },
    });
  expect((await cancel()).statusCode).toBe(429);
  const application = await t.db
    .selectFrom('applications')
    .select('status')
    .where('id', '=', applicationId)
    .executeTakeFirstOrThrow();
  expect(application.status).toBe('accepted');
  t.advance(61);
  expect((await cancel()).json().status).toBe('cancelled');
}, 60_000);
