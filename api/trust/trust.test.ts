import { expect, test } from 'vitest';
import {
  MODERATION_MESSAGES,
  REPORTER_MIN_AGE_DAYS,
  REPORTS_TO_HIDE,
} from '../../contracts/moderation.ts';
import {
  latestCode,
  postJob,
  type SignedInUser,
  signUp,
  signUpArtist,
  type TestApp,
  testAppFor,
  validJob,
} from '../../tests/helpers/test-app.ts';
import { setOperator } from '../auth/users-repository.ts';

/**
 * Trust and safety through the real app on a real SQLite file: the fee-scam hold, reports and
 * the three-reporter rule, the operators' routes and decisions, and suspended accounts.
 */

const t = testAppFor('each');

const SCAM = {
  ...validJob,
  title: 'Shop attendants wanted in Madina',
  description:
    'Sell provisions in our shop. Registration fee of GHS 50 is required from all applicants.',
};

function call(
  who: SignedInUser | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  payload?: object,
) {
  return t.app.inject({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload ? { payload } : {}),
  });
}

/** Each person reports from their own address (10.0.x.y by their id), as people in different places do. */
const addressOf = (who: SignedInUser) => `10.0.${who.id >> 8}.${who.id & 255}`;
const report = (who: SignedInUser | null, body: object, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/reports',
    headers: who ? { cookie: who.cookie } : {},
    remoteAddress: remoteAddress ?? (who ? addressOf(who) : '127.0.0.1'),
    payload: body,
  });
const reportJob = (who: SignedInUser, jobId: number, reason = 'fake') =>
  report(who, { targetType: 'job', targetId: jobId, reason });
const listedIds = async () =>
  (await call(null, 'GET', '/api/jobs')).json<{ id: number }[]>().map((job) => job.id);

async function operator(test: TestApp = t): Promise<SignedInUser> {
  const admin = await signUp(test, 'employer', { firstName: 'Efua', lastName: 'Operator' });
  await setOperator(test.db, admin.phone, true);
  return admin;
}

const DAY = 24 * 60 * 60;

/**
 * People who signed up a week ago (the app's clock moved on): their reports count toward hiding
 * a listing, as a new account's do not.
 */
async function weekOldAccounts(count: number): Promise<SignedInUser[]> {
  const accounts: SignedInUser[] = [];
  for (let i = 0; i < count; i++) accounts.push(await signUp(t));
  t.advance(REPORTER_MIN_AGE_DAYS * DAY);
  return accounts;
}

const decide = (admin: SignedInUser, targetType: string, targetId: number, action: string) =>
  call(admin, 'POST', '/api/admin/moderation', { targetType, targetId, action });

test('a job that asks applicants for money is held: the poster is told, nobody else sees it, nobody applies', async () => {
  const employer = await signUp(t, 'employer');
  const seeker = await signUp(t);
  const posted = await call(employer, 'POST', '/api/jobs', SCAM);
  expect(posted.statusCode).toBe(201);
  const job = posted.json();
  expect(job.moderation).toBe('held');

  expect(await listedIds()).not.toContain(job.id);
  expect((await call(seeker, 'GET', `/api/jobs/${job.id}`)).statusCode).toBe(404);
  expect((await call(null, 'GET', `/api/jobs/${job.id}`)).statusCode).toBe(404);
  expect((await call(employer, 'GET', `/api/jobs/${job.id}`)).json().moderation).toBe('held');
  const mine = await call(employer, 'GET', `/api/jobs?employerId=${employer.id}`);
  expect(mine.json()).toEqual([expect.objectContaining({ id: job.id, moderation: 'held' })]);
  const applied = await call(seeker, 'POST', '/api/applications', {
    jobId: job.id,
    coverLetter: 'I can start on Monday.',
  });
  expect(applied.statusCode).toBe(404);
  expect(await t.db.selectFrom('applications').selectAll().execute()).toEqual([]);

  // An honest post of the same employer is published at once.
  const honest = await postJob(t, employer);
  expect(honest.moderation).toBe('published');
  expect(await listedIds()).toEqual([honest.id]);
});

test('the three posts the third probe published are held, not listed', async () => {
  const employer = await signUp(t, 'employer');
  for (const description of [
    'Registration: fifty cedis, momo 0241234567, then come for interview',
    'Reg. f.e.e GHS 50 via MoMo 0241234567 before start',
    'No registration fee! Just kidding, pay 50 cedis via MoMo first.',
  ]) {
    const posted = await call(employer, 'POST', '/api/jobs', { ...validJob, description });
    expect(posted.statusCode, description).toBe(201);
    expect(posted.json().moderation, description).toBe('held');
  }
  expect(await listedIds()).toEqual([]);
});

test('an operator sees the held job with the words that held it, and publishes it', async () => {
  const admin = await operator();
  const employer = await signUp(t, 'employer', { firstName: 'Kojo', lastName: 'Asante' });
  const job = await postJob(t, employer, SCAM);
  const queue = (await call(admin, 'GET', '/api/admin/queue')).json();
  expect(queue.heldJobs).toEqual([
    expect.objectContaining({
      id: job.id,
      title: SCAM.title,
      poster: {
        id: employer.id,
        name: 'Kojo Asante',
        phoneNumber: employer.phone,
        suspended: false,
      },
      reason: 'Names a fee applicants pay: "registration fee"',
    }),
  ]);
  const published = await decide(admin, 'job', job.id, 'publish');
  expect(published.json()).toEqual({
    targetType: 'job',
    targetId: job.id,
    moderation: 'published',
    message: MODERATION_MESSAGES.published,
  });
  expect(await listedIds()).toEqual([job.id]);
  expect((await call(admin, 'GET', '/api/admin/queue')).json().heldJobs).toEqual([]);
});

test('three reports from different people hide a job until it is reviewed; two do not', async () => {
  const employer = await signUp(t, 'employer');
  const job = await postJob(t, employer);
  const reporters = await weekOldAccounts(3);
  const first = await report(reporters[0] ?? null, {
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
  expect((await reportJob(reporters[1] as SignedInUser, job.id, 'offensive')).statusCode).toBe(201);
  expect(REPORTS_TO_HIDE).toBe(3);
  expect(await listedIds()).toContain(job.id);

  expect((await reportJob(reporters[2] as SignedInUser, job.id, 'other')).statusCode).toBe(201);
  expect(await listedIds()).not.toContain(job.id);
  const hidden = await call(reporters[0] ?? null, 'GET', `/api/jobs/${job.id}`);
  expect(hidden.statusCode).toBe(404);
  expect(hidden.json().message).toBe(MODERATION_MESSAGES.underReview.job);
  // Its poster still sees it, with its state, and nobody may apply while it is hidden.
  expect((await call(employer, 'GET', `/api/jobs/${job.id}`)).json().moderation).toBe(
    'under_review',
  );
  const applied = await call(await signUp(t), 'POST', '/api/applications', {
    jobId: job.id,
    coverLetter: 'I can start on Monday.',
  });
  expect(applied.statusCode).toBe(404);
});

test("one person's throwaway accounts, all in one place, count as one report", async () => {
  const employer = await signUp(t, 'employer');
  const job = await postJob(t, employer);
  const accounts = await weekOldAccounts(6);
  const body = { targetType: 'job', targetId: job.id, reason: 'fake' };
  // Three accounts from one address: one place, whatever the number of accounts.
  for (const account of accounts.slice(0, 3)) {
    expect((await report(account, body, '198.51.100.7')).statusCode).toBe(201);
  }
  expect(await listedIds()).toContain(job.id);
  // A second place, an IPv6 address; another address in its /64 is the same place.
  expect((await report(accounts[3] ?? null, body, '2001:db8:1:2::99')).statusCode).toBe(201);
  expect((await report(accounts[4] ?? null, body, '2001:db8:1:2::abcd')).statusCode).toBe(201);
  expect(await listedIds()).toContain(job.id);
  // A third place: now it is hidden.
  expect((await report(accounts[5] ?? null, body, '203.0.113.9')).statusCode).toBe(201);
  expect(await listedIds()).not.toContain(job.id);
});

test('three accounts made a minute ago, from three places, hide nothing: their reports still reach the operators', async () => {
  const admin = await operator();
  const employer = await signUp(t, 'employer');
  const job = await postJob(t, employer);
  const artist = await signUpArtist(t, { hourly: 10_000 });
  t.advance(60);
  const brigade = [await signUp(t), await signUp(t), await signUp(t)];
  for (const [index, account] of brigade.entries()) {
    const address = `198.51.100.${index + 1}`;
    expect(
      (await report(account, { targetType: 'job', targetId: job.id, reason: 'fake' }, address))
        .statusCode,
    ).toBe(201);
    const body = { targetType: 'artist', targetId: artist.artistId, reason: 'offensive' };
    expect((await report(account, body, address)).statusCode).toBe(201);
    const profile = { targetType: 'user', targetId: employer.id, reason: 'fake' };
    expect((await report(account, profile, address)).statusCode).toBe(201);
  }
  expect(await listedIds()).toContain(job.id);
  const artists = (await call(null, 'GET', '/api/artists')).json<{ id: number }[]>();
  expect(artists.map((a) => a.id)).toContain(artist.artistId);
  expect((await call(null, 'GET', `/api/employers/${employer.id}`)).statusCode).toBe(200);
  // The operator sees every one of them, shown and waiting for a decision.
  const queue = (await call(admin, 'GET', '/api/admin/queue')).json();
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
  const employer = await signUp(t, 'employer');
  const job = await postJob(t, employer);
  const early = [await signUp(t), await signUp(t), await signUp(t)];
  const onTime = [await signUp(t), await signUp(t), await signUp(t)];
  // A minute short of a week: these three hide nothing, whatever their addresses.
  t.advance(REPORTER_MIN_AGE_DAYS * DAY - 60);
  for (const account of early) expect((await reportJob(account, job.id)).statusCode).toBe(201);
  expect(await listedIds()).toContain(job.id);
  // A week old: two more places are not yet three ...
  t.advance(60);
  for (const account of onTime.slice(0, 2)) {
    expect((await reportJob(account, job.id)).statusCode).toBe(201);
  }
  expect(await listedIds()).toContain(job.id);
  // ... and the third hides it. The early reports were judged when they were made.
  expect((await reportJob(onTime[2] as SignedInUser, job.id)).statusCode).toBe(201);
  expect(await listedIds()).not.toContain(job.id);
  const counted = await t.db
    .selectFrom('reports')
    .select(['reporter_id', 'counts_to_hide'])
    .orderBy('id')
    .execute();
  expect(counted.map((row) => row.counts_to_hide)).toEqual([0, 0, 0, 1, 1, 1]);
});

test('one person reporting three times is one report: the same listing twice is 409', async () => {
  const employer = await signUp(t, 'employer');
  const job = await postJob(t, employer);
  const reporter = await signUp(t);
  expect((await reportJob(reporter, job.id)).statusCode).toBe(201);
  for (const reason of ['fake', 'offensive']) {
    const again = await reportJob(reporter, job.id, reason);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MODERATION_MESSAGES.duplicate);
  }
  expect(await t.db.selectFrom('reports').selectAll().execute()).toHaveLength(1);
  expect(await listedIds()).toContain(job.id);
});

test('nobody reports their own job, artist profile or employer profile', async () => {
  const employer = await signUp(t, 'employer');
  const job = await postJob(t, employer);
  const artist = await signUpArtist(t, { hourly: 10_000 });
  for (const [who, targetType, targetId] of [
    [employer, 'job', job.id],
    [employer, 'user', employer.id],
    [artist, 'artist', artist.artistId],
  ] as const) {
    const own = await report(who, { targetType, targetId, reason: 'fake' });
    expect(own.statusCode, targetType).toBe(422);
    expect(own.json().message).toBe(MODERATION_MESSAGES.ownListing);
  }
  expect(await t.db.selectFrom('reports').selectAll().execute()).toEqual([]);
});

test('a report needs a signed-in reporter, a real target that is shown, and a listed reason', async () => {
  const employer = await signUp(t, 'employer');
  const job = await postJob(t, employer);
  const held = await postJob(t, employer, SCAM);
  const reporter = await signUp(t);
  expect(
    (await report(null, { targetType: 'job', targetId: job.id, reason: 'fake' })).statusCode,
  ).toBe(401);
  const badReason = await report(reporter, { targetType: 'job', targetId: job.id, reason: 'ugly' });
  expect(badReason.statusCode).toBe(400);
  expect(badReason.json().errors).toEqual({ reason: MODERATION_MESSAGES.reportReason });
  const badType = await report(reporter, { targetType: 'booking', targetId: 1, reason: 'fake' });
  expect(badType.json().errors).toEqual({ targetType: MODERATION_MESSAGES.reportTargetType });
  const long = await report(reporter, {
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
    const missing = await report(reporter, { targetType, targetId, reason: 'fake' });
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
    expect((await reportJob(reporter, job.id)).statusCode).toBe(201);
  const eleventh = await reportJob(reporter, jobs[10]?.id ?? 0);
  expect(eleventh.statusCode).toBe(429);
  expect(eleventh.headers['retry-after']).toBeDefined();
  expect(eleventh.json().message).toMatch(/^You can send at most 10 reports an hour/);
  expect(await t.db.selectFrom('reports').selectAll().execute()).toHaveLength(10);
});

test('artists and employer profiles are hidden by three reports too', async () => {
  const artist = await signUpArtist(t, { hourly: 10_000 });
  const employer = await signUp(t, 'employer');
  await postJob(t, employer);
  const reporters = await weekOldAccounts(3);
  for (const reporter of reporters) {
    expect(
      (await report(reporter, { targetType: 'artist', targetId: artist.artistId, reason: 'fake' }))
        .statusCode,
    ).toBe(201);
    expect(
      (await report(reporter, { targetType: 'user', targetId: employer.id, reason: 'offensive' }))
        .statusCode,
    ).toBe(201);
  }
  const artists = (await call(null, 'GET', '/api/artists')).json<{ id: number }[]>();
  expect(artists.map((a) => a.id)).not.toContain(artist.artistId);
  const profile = await call(reporters[0] ?? null, 'GET', `/api/artists/${artist.artistId}`);
  expect(profile.json().message).toBe(MODERATION_MESSAGES.underReview.artist);
  expect((await call(artist, 'GET', `/api/artists/${artist.artistId}`)).json().moderation).toBe(
    'under_review',
  );
  const booked = await call(reporters[0] ?? null, 'POST', '/api/bookings', {
    artistId: artist.artistId,
    eventDate: new Date(t.now().getTime() + 10 * 86_400_000).toISOString(),
    eventDuration: 2,
    eventType: null,
    venue: 'Osu',
    eventDetails: null,
    totalAmount: '200.00',
  });
  expect(booked.statusCode).toBe(404);
  const employerPage = await call(null, 'GET', `/api/employers/${employer.id}`);
  expect(employerPage.statusCode).toBe(404);
  expect(employerPage.json().message).toBe(MODERATION_MESSAGES.underReview.user);
  expect((await call(employer, 'GET', `/api/employers/${employer.id}`)).statusCode).toBe(200);
});

test('only operators reach the operator routes: 401 signed out, 403 for everyone else', async () => {
  const employer = await signUp(t, 'employer');
  const job = await postJob(t, employer, SCAM);
  const routes = [
    ['GET', '/api/admin/queue', undefined],
    ['POST', '/api/admin/moderation', { targetType: 'job', targetId: job.id, action: 'publish' }],
    ['POST', '/api/admin/disputes/1', { decision: 'release' }],
  ] as const;
  for (const [method, url, body] of routes) {
    expect((await call(null, method, url, body)).statusCode, url).toBe(401);
    const refused = await call(employer, method, url, body);
    expect(refused.statusCode, url).toBe(403);
    expect(refused.json().message).toBe(MODERATION_MESSAGES.notAdmin);
    // Bad input from a non-operator is still 403: they learn nothing of the route's contract.
    expect((await call(employer, method, url, { nonsense: true })).statusCode, url).toBe(403);
  }
  expect((await call(employer, 'GET', `/api/jobs/${job.id}`)).json().moderation).toBe('held');
  expect(await t.db.selectFrom('moderation_log').selectAll().execute()).toEqual([]);
});

test('publishing closes the open reports: three new ones are needed to hide it again; remove is for good', async () => {
  const admin = await operator();
  const employer = await signUp(t, 'employer');
  const job = await postJob(t, employer);
  const reporters = await weekOldAccounts(4);
  for (const reporter of reporters.slice(0, 3)) await reportJob(reporter, job.id);
  const queue = (await call(admin, 'GET', '/api/admin/queue')).json();
  expect(queue.reported).toEqual([
    expect.objectContaining({
      targetType: 'job',
      targetId: job.id,
      title: validJob.title,
      moderation: 'under_review',
      reports: [
        expect.objectContaining({ reason: 'fake' }),
        expect.objectContaining({ reason: 'fake' }),
        expect.objectContaining({ reason: 'fake' }),
      ],
    }),
  ]);
  expect((await decide(admin, 'job', job.id, 'publish')).json().moderation).toBe('published');
  expect(await listedIds()).toContain(job.id);
  expect((await call(admin, 'GET', '/api/admin/queue')).json().reported).toEqual([]);
  // The earlier reporters cannot report it again; one new report does not hide it.
  expect((await reportJob(reporters[0] as SignedInUser, job.id)).statusCode).toBe(409);
  expect((await reportJob(reporters[3] as SignedInUser, job.id)).statusCode).toBe(201);
  expect(await listedIds()).toContain(job.id);

  expect((await decide(admin, 'job', job.id, 'remove')).json().moderation).toBe('removed');
  expect(await listedIds()).not.toContain(job.id);
  expect((await call(null, 'GET', `/api/jobs/${job.id}`)).json().message).toBe(
    "The job you're looking for doesn't exist or has been removed",
  );
  const profileRemoval = await decide(admin, 'user', employer.id, 'remove');
  expect(profileRemoval.statusCode).toBe(422);
  expect(profileRemoval.json().message).toBe(MODERATION_MESSAGES.profileNotRemovable);
  const log = await t.db.selectFrom('moderation_log').select(['operator_id', 'action']).execute();
  expect(log).toEqual([
    { operator_id: admin.id, action: 'publish' },
    { operator_id: admin.id, action: 'remove' },
  ]);
});

test('a suspended account is signed out, cannot sign in or write, and all it lists is hidden', async () => {
  const admin = await operator();
  const employer = await signUp(t, 'employer');
  const job = await postJob(t, employer);
  const artist = await signUpArtist(t, { hourly: 10_000 });
  expect((await decide(admin, 'job', job.id, 'suspend')).json()).toMatchObject({
    moderation: 'suspended',
    message: MODERATION_MESSAGES.suspendedDone,
  });
  expect(await listedIds()).toEqual([]);
  expect((await call(null, 'GET', `/api/employers/${employer.id}`)).statusCode).toBe(404);

  // The old session is gone: no write goes through.
  expect((await call(employer, 'POST', '/api/jobs', validJob)).statusCode).toBe(401);
  expect((await call(employer, 'GET', '/api/auth/user')).statusCode).toBe(401);
  expect(await t.db.selectFrom('jobs').select('id').execute()).toHaveLength(1);
  // Signing in again is refused with a message that says why.
  const phoneNumber = employer.phone;
  t.advance(10 * 60); // past the wait between two codes to one phone
  expect((await call(null, 'POST', '/api/auth/send-code', { phoneNumber })).statusCode).toBe(200);
  const code = await latestCode(t.app, phoneNumber);
  const signIn = await call(null, 'POST', '/api/auth/verify-code', { phoneNumber, code });
  expect(signIn.statusCode).toBe(403);
  expect(signIn.json().message).toBe(MODERATION_MESSAGES.suspended);
  expect(signIn.headers['set-cookie']).toBeUndefined();
  // An operator cannot publish what a suspended account lists.
  const republish = await decide(admin, 'job', job.id, 'publish');
  expect(republish.statusCode).toBe(409);
  expect(republish.json().message).toBe(MODERATION_MESSAGES.ownerSuspended);

  // Suspending through an artist profile hides the artist.
  await decide(admin, 'artist', artist.artistId, 'suspend');
  expect((await call(null, 'GET', '/api/artists')).json()).toEqual([]);
  expect((await call(null, 'GET', `/api/artists/${artist.artistId}`)).statusCode).toBe(404);
  // Nobody suspends themselves by accident.
  const self = await decide(admin, 'user', admin.id, 'suspend');
  expect(self.statusCode).toBe(422);
  expect(self.json().message).toBe(MODERATION_MESSAGES.selfSuspend);
});

test('a session that outlived its suspension ends at its next request', async () => {
  const employer = await signUp(t, 'employer');
  // Suspended behind the app's back (as a second process would): the session row survives.
  await t.db
    .updateTable('users')
    .set({ suspended_at: t.now().toISOString() })
    .where('id', '=', employer.id)
    .execute();
  expect((await call(employer, 'POST', '/api/jobs', validJob)).statusCode).toBe(401);
  expect(
    await t.db.selectFrom('sessions').where('user_id', '=', employer.id).selectAll().execute(),
  ).toEqual([]);
  expect(await t.db.selectFrom('jobs').selectAll().execute()).toEqual([]);
});

test('an operator decides a reported profile with the same route: publish clears it', async () => {
  const admin = await operator();
  const employer = await signUp(t, 'employer');
  await postJob(t, employer);
  for (const reporter of await weekOldAccounts(3)) {
    await report(reporter, { targetType: 'user', targetId: employer.id, reason: 'fake' });
  }
  expect((await call(null, 'GET', `/api/employers/${employer.id}`)).statusCode).toBe(404);
  expect((await decide(admin, 'user', employer.id, 'publish')).json().moderation).toBe('published');
  expect((await call(null, 'GET', `/api/employers/${employer.id}`)).statusCode).toBe(200);
  const bad = await call(admin, 'POST', '/api/admin/moderation', {
    targetType: 'user',
    targetId: employer.id,
    action: 'ban',
  });
  expect(bad.statusCode).toBe(400);
  expect(bad.json().errors).toEqual({ action: MODERATION_MESSAGES.moderationAction });
});
