import { expect, test } from 'vitest';
import {
  MODERATION_MESSAGES,
  REPORTER_MIN_AGE_DAYS,
  REPORTS_TO_HIDE,
} from '../../contracts/moderation.ts';
import { call, DAY } from '../../tests/helpers/escrow-world.ts';
import {
  FEE_SCAM_JOB,
  listedJobIds,
  report,
  reportJob,
  weekOldAccounts,
} from '../../tests/helpers/moderation.ts';
import {
  employerWithJob,
  postJob,
  type SignedInUser,
  signUp,
  signUpArtist,
  signUpOperator,
  testAppFor,
  validJob,
} from '../../tests/helpers/test-app.ts';

/**
 * Reports and the three-reporter rule: three people, each a week old or with paid work, in
 * different places, hide a listing until an operator reviews it; one person counts once. Through
 * the real app on a real SQLite file.
 */
const t = testAppFor('each');

test('three reports from different people hide a job until it is reviewed; two do not', async () => {
  const { employer, job } = await employerWithJob(t);
  const reporters = await weekOldAccounts(t, 3);
  const first = await report(t, reporters[0] ?? null, {
    targetType: 'job',
    targetId: job.id,
    reason: 'asks_for_money',
    details: '  They asked me for GHS 50 on WhatsApp  ',
  });
  expect(first.statusCode).toBe(201);
  expect(first.json()).toEqual({
    id: expect.any(Number),
    targetType: 'job',
    targetId: job.id,
    reason: 'asks_for_money',
    createdAt: expect.any(String),
  });
  expect((await reportJob(t, reporters[1] as SignedInUser, job.id, 'offensive')).statusCode).toBe(
    201,
  );
  expect(REPORTS_TO_HIDE).toBe(3);
  expect(await listedJobIds(t)).toContain(job.id);

  expect((await reportJob(t, reporters[2] as SignedInUser, job.id, 'other')).statusCode).toBe(201);
  expect(await listedJobIds(t)).not.toContain(job.id);
  const hidden = await call(t, reporters[0] ?? null, 'GET', `/api/jobs/${job.id}`);
  expect(hidden.statusCode).toBe(404);
  expect(hidden.json().message).toBe(MODERATION_MESSAGES.underReview.job);
  // Its poster still sees it, with its state, and nobody may apply while it is hidden.
  expect((await call(t, employer, 'GET', `/api/jobs/${job.id}`)).json().moderation).toBe(
    'under_review',
  );
  const applied = await call(t, await signUp(t), 'POST', '/api/applications', {
    jobId: job.id,
    coverLetter: 'I can start on Monday.',
  });
  expect(applied.statusCode).toBe(404);
});

test("one person's throwaway accounts, all in one place, count as one report", async () => {
  const { job } = await employerWithJob(t);
  const accounts = await weekOldAccounts(t, 6);
  const body = { targetType: 'job', targetId: job.id, reason: 'fake' };
  // Three accounts from one address: one place, whatever the number of accounts.
  for (const account of accounts.slice(0, 3)) {
    expect((await report(t, account, body, '198.51.100.7')).statusCode).toBe(201);
  }
  expect(await listedJobIds(t)).toContain(job.id);
  // A second place, an IPv6 address; another address in its /64 is the same place.
  expect((await report(t, accounts[3] ?? null, body, '2001:db8:1:2::99')).statusCode).toBe(201);
  expect((await report(t, accounts[4] ?? null, body, '2001:db8:1:2::abcd')).statusCode).toBe(201);
  expect(await listedJobIds(t)).toContain(job.id);
  // A third place: now it is hidden.
  expect((await report(t, accounts[5] ?? null, body, '203.0.113.9')).statusCode).toBe(201);
  expect(await listedJobIds(t)).not.toContain(job.id);
});

test('three accounts made a minute ago, from three places, hide nothing: their reports still reach the operators', async () => {
  const admin = await signUpOperator(t);
  const { employer, job } = await employerWithJob(t);
  const artist = await signUpArtist(t, { hourly: 10_000 });
  t.advance(60);
  const brigade = [await signUp(t), await signUp(t), await signUp(t)];
  for (const [index, account] of brigade.entries()) {
    const address = `198.51.100.${index + 1}`;
    expect(
      (await report(t, account, { targetType: 'job', targetId: job.id, reason: 'fake' }, address))
        .statusCode,
    ).toBe(201);
    const body = { targetType: 'artist', targetId: artist.artistId, reason: 'offensive' };
    expect((await report(t, account, body, address)).statusCode).toBe(201);
    const profile = { targetType: 'user', targetId: employer.id, reason: 'fake' };
    expect((await report(t, account, profile, address)).statusCode).toBe(201);
  }
  expect(await listedJobIds(t)).toContain(job.id);
  const artists = (await call(t, null, 'GET', '/api/artists')).json<{ id: number }[]>();
  expect(artists.map((a) => a.id)).toContain(artist.artistId);
  expect((await call(t, null, 'GET', `/api/employers/${employer.id}`)).statusCode).toBe(200);
  // The operator sees every one of them, shown and waiting for a decision.
  const queue = (await call(t, admin, 'GET', '/api/admin/queue')).json();
  expect(
    queue.reported.map(
      (listing: { targetType: string; moderation: string; reports: unknown[] }) => [
        listing.targetType,
        listing.moderation,
        listing.reports.length,
      ],
    ),
  ).toEqual(
    expect.arrayContaining([
      ['job', 'published', 3],
      ['artist', 'published', 3],
      ['user', 'published', 3],
    ]),
  );
});

test('a report counts toward hiding from the day its account is 7 days old, by the test clock', async () => {
  const { job } = await employerWithJob(t);
  const early = [await signUp(t), await signUp(t), await signUp(t)];
  const onTime = [await signUp(t), await signUp(t), await signUp(t)];
  // A minute short of a week: these three hide nothing, whatever their addresses.
  t.advance(REPORTER_MIN_AGE_DAYS * DAY - 60);
  for (const account of early) expect((await reportJob(t, account, job.id)).statusCode).toBe(201);
  expect(await listedJobIds(t)).toContain(job.id);
  // A week old: two more places are not yet three ...
  t.advance(60);
  for (const account of onTime.slice(0, 2)) {
    expect((await reportJob(t, account, job.id)).statusCode).toBe(201);
  }
  expect(await listedJobIds(t)).toContain(job.id);
  // ... and the third hides it. The early reports were judged when they were made.
  expect((await reportJob(t, onTime[2] as SignedInUser, job.id)).statusCode).toBe(201);
  expect(await listedJobIds(t)).not.toContain(job.id);
  const counted = await t.db
    .selectFrom('reports')
    .select(['reporter_id', 'counts_to_hide'])
    .orderBy('id')
    .execute();
  expect(counted.map((row) => row.counts_to_hide)).toEqual([0, 0, 0, 1, 1, 1]);
});

test('one person reporting three times is one report: the same listing twice is 409', async () => {
  const { job } = await employerWithJob(t);
  const reporter = await signUp(t);
  expect((await reportJob(t, reporter, job.id)).statusCode).toBe(201);
  for (const reason of ['fake', 'offensive']) {
    const again = await reportJob(t, reporter, job.id, reason);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MODERATION_MESSAGES.duplicate);
  }
  expect(await t.db.selectFrom('reports').selectAll().execute()).toHaveLength(1);
  expect(await listedJobIds(t)).toContain(job.id);
});

test('nobody reports their own job, artist profile or employer profile', async () => {
  const { employer, job } = await employerWithJob(t);
  const artist = await signUpArtist(t, { hourly: 10_000 });
  for (const [who, targetType, targetId] of [
    [employer, 'job', job.id],
    [employer, 'user', employer.id],
    [artist, 'artist', artist.artistId],
  ] as const) {
    const own = await report(t, who, { targetType, targetId, reason: 'fake' });
    expect(own.statusCode, targetType).toBe(422);
    expect(own.json().message).toBe(MODERATION_MESSAGES.ownListing);
  }
  expect(await t.db.selectFrom('reports').selectAll().execute()).toEqual([]);
});

test('a report needs a signed-in reporter, a real target that is shown, and a listed reason', async () => {
  const { employer, job } = await employerWithJob(t);
  const held = await postJob(t, employer, FEE_SCAM_JOB);
  const reporter = await signUp(t);
  expect(
    (await report(t, null, { targetType: 'job', targetId: job.id, reason: 'fake' })).statusCode,
  ).toBe(401);
  const badReason = await report(t, reporter, {
    targetType: 'job',
    targetId: job.id,
    reason: 'ugly',
  });
  expect(badReason.statusCode).toBe(400);
  expect(badReason.json().errors).toEqual({ reason: MODERATION_MESSAGES.reportReason });
  const badType = await report(t, reporter, { targetType: 'booking', targetId: 1, reason: 'fake' });
  expect(badType.json().errors).toEqual({ targetType: MODERATION_MESSAGES.reportTargetType });
  const long = await report(t, reporter, {
    targetType: 'job',
    targetId: job.id,
    reason: 'other',
    details: 'x'.repeat(501),
  });
  expect(long.json().errors).toEqual({ details: MODERATION_MESSAGES.reportDetails });
  for (const [targetType, targetId] of [
    ['job', 99_999],
    ['job', held.id],
    ['artist', 99_999],
    ['user', 99_999],
  ] as const) {
    const missing = await report(t, reporter, { targetType, targetId, reason: 'fake' });
    expect(missing.statusCode, `${targetType} ${targetId}`).toBe(404);
  }
  expect(await t.db.selectFrom('reports').selectAll().execute()).toEqual([]);
});

test('a user sends at most 10 reports an hour', async () => {
  const reporter = await signUp(t);
  const employer = await signUp(t, 'employer');
  const jobs = [];
  for (let i = 0; i < 11; i++)
    jobs.push(await postJob(t, employer, { ...validJob, title: `Plumber number ${i}` }));
  for (const job of jobs.slice(0, 10))
    expect((await reportJob(t, reporter, job.id)).statusCode).toBe(201);
  const eleventh = await reportJob(t, reporter, jobs[10]?.id ?? 0);
  expect(eleventh.statusCode).toBe(429);
  expect(eleventh.headers['retry-after']).toBeDefined();
  expect(eleventh.json().message).toMatch(/^You can send at most 10 reports an hour/);
  expect(await t.db.selectFrom('reports').selectAll().execute()).toHaveLength(10);
});

test('artists and employer profiles are hidden by three reports too', async () => {
  const artist = await signUpArtist(t, { hourly: 10_000 });
  const { employer } = await employerWithJob(t);
  const reporters = await weekOldAccounts(t, 3);
  for (const reporter of reporters) {
    expect(
      (
        await report(t, reporter, {
          targetType: 'artist',
          targetId: artist.artistId,
          reason: 'fake',
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await report(t, reporter, {
          targetType: 'user',
          targetId: employer.id,
          reason: 'offensive',
        })
      ).statusCode,
    ).toBe(201);
  }
  const artists = (await call(t, null, 'GET', '/api/artists')).json<{ id: number }[]>();
  expect(artists.map((a) => a.id)).not.toContain(artist.artistId);
  const profile = await call(t, reporters[0] ?? null, 'GET', `/api/artists/${artist.artistId}`);
  expect(profile.json().message).toBe(MODERATION_MESSAGES.underReview.artist);
  expect((await call(t, artist, 'GET', `/api/artists/${artist.artistId}`)).json().moderation).toBe(
    'under_review',
  );
  const booked = await call(t, reporters[0] ?? null, 'POST', '/api/bookings', {
    artistId: artist.artistId,
    eventDate: new Date(t.now().getTime() + 10 * 86_400_000).toISOString(),
    eventDuration: 2,
    eventType: null,
    venue: 'Osu',
    eventDetails: null,
    totalAmount: '200.00',
  });
  expect(booked.statusCode).toBe(404);
  const employerPage = await call(t, null, 'GET', `/api/employers/${employer.id}`);
  expect(employerPage.statusCode).toBe(404);
  expect(employerPage.json().message).toBe(MODERATION_MESSAGES.underReview.user);
  expect((await call(t, employer, 'GET', `/api/employers/${employer.id}`)).statusCode).toBe(200);
});
