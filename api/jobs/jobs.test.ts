import { expect, test } from 'vitest';
import { JOB_MESSAGES } from '../../contracts/jobs.messages.ts';
import { PRICE_FLOOR_MESSAGES } from '../../contracts/money.ts';
import {
  expectFieldErrors,
  listing,
  signUp,
  testAppFor,
  validJob,
} from '../../tests/helpers/test-app.ts';

const t = testAppFor('each');

const postJob = (cookie: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/jobs',
    headers: { cookie, ...headers },
    payload: payload as object,
  });
/** The calendar day `days` from the app's today. */
const inDays = (days: number) =>
  new Date(t.now().getTime() + days * 86_400_000).toISOString().slice(0, 10);
const countJobs = async () => (await t.db.selectFrom('jobs').select('id').execute()).length;

test('an employer posts a job: 201 with the created record, money as two-decimal strings', async () => {
  const employer = await signUp(t, 'employer');
  const response = await postJob(employer.cookie, { ...validJob, hourlyRate: 45.5 });
  expect(response.statusCode).toBe(201);
  expect(response.json()).toEqual({
    id: expect.any(Number),
    title: validJob.title,
    description: validJob.description,
    category: 'skilled_trades',
    region: 'Ashanti',
    jobType: 'hourly',
    hourlyRate: '45.50',
    fixedPrice: null,
    estimatedHours: 8,
    requiredSkills: ['Plumbing', 'Pipe fitting'],
    startDate: null,
    isActive: true,
    createdAt: expect.any(String),
    employerId: employer.id,
    town: null,
    employer: { id: employer.id, name: 'Ama Mensah', phoneVerified: true },
    moderation: 'published',
    applicationCount: 0,
  });
  const row = await t.db.selectFrom('jobs').selectAll().executeTakeFirstOrThrow();
  expect(row.hourly_rate_pesewas).toBe(4550);
});

test('a fixed job keeps only the fixed price', async () => {
  const employer = await signUp(t, 'employer');
  const response = await postJob(employer.cookie, {
    ...validJob,
    jobType: 'fixed',
    hourlyRate: '30',
    fixedPrice: '1500.5',
    startDate: inDays(60),
  });
  expect(response.statusCode).toBe(201);
  expect(response.json()).toMatchObject({
    hourlyRate: null,
    fixedPrice: '1500.50',
    startDate: inDays(60),
  });
});

test('a start date is a real day from a year ago to two years ahead', async () => {
  const employer = await signUp(t, 'employer');
  for (const startDate of ['0001-01-01', '9999-12-31', inDays(-400), inDays(365 * 2 + 2)]) {
    const response = await postJob(employer.cookie, { ...validJob, startDate });
    expect(response.statusCode, startDate).toBe(400);
    expect(response.json().errors).toEqual({ startDate: JOB_MESSAGES.startDateWindow });
  }
  const year = t.now().getUTCFullYear() + 1;
  for (const startDate of [`${year}-02-31`, `${year}-2-3`, `${year}-04-31T00:00:00Z`]) {
    const response = await postJob(employer.cookie, { ...validJob, startDate });
    expect(response.statusCode, startDate).toBe(400);
    expect(response.json().errors).toEqual({ startDate: JOB_MESSAGES.startDate });
  }
  expect(await countJobs()).toBe(0);
  for (const startDate of [inDays(-300), inDays(700)]) {
    expect((await postJob(employer.cookie, { ...validJob, startDate })).statusCode).toBe(201);
  }
});

test('posting validates with the spec messages and stores nothing', async () => {
  const employer = await signUp(t, 'employer');
  const response = await postJob(employer.cookie, {
    ...validJob,
    title: 'Fix',
    description: 'Too short',
    region: 'Lagos',
    hourlyRate: null,
  });
  expectFieldErrors(response, {
    title: JOB_MESSAGES.title,
    description: JOB_MESSAGES.description,
    region: JOB_MESSAGES.region,
    hourlyRate: JOB_MESSAGES.rate,
  });
  expect(await countJobs()).toBe(0);
});

test('the rate rule reports "Please provide a valid rate" on hourlyRate', async () => {
  const employer = await signUp(t, 'employer');
  for (const payload of [
    { ...validJob, hourlyRate: null },
    { ...validJob, hourlyRate: '0' },
    { ...validJob, hourlyRate: '-5' },
    { ...validJob, hourlyRate: '12.345' },
    { ...validJob, jobType: 'fixed', hourlyRate: '50', fixedPrice: null },
  ]) {
    const response = await postJob(employer.cookie, payload);
    expectFieldErrors(response, { hourlyRate: JOB_MESSAGES.rate });
  }
  expect(await countJobs()).toBe(0);
});

test('posting needs a signed-in user', async () => {
  const response = await postJob('', validJob);
  expect(response.statusCode).toBe(401);
  expect(await countJobs()).toBe(0);
});

test('posting needs a verified phone', async () => {
  const employer = await signUp(t, 'employer');
  await t.db.updateTable('users').set({ phone_verified: 0 }).execute();
  const response = await postJob(employer.cookie, validJob);
  expect(response.statusCode).toBe(403);
  expect(await countJobs()).toBe(0);
});

test('posting needs a role', async () => {
  const employer = await signUp(t, 'employer');
  await t.db.updateTable('users').set({ role: null }).execute();
  expect((await postJob(employer.cookie, validJob)).statusCode).toBe(403);
});

test('GET /api/jobs lists active jobs newest first, filtered by category and region', async () => {
  const employer = await signUp(t, 'employer');
  await postJob(employer.cookie, validJob);
  t.advance(1);
  await postJob(employer.cookie, {
    ...validJob,
    title: 'Accountant for a shop in Ho',
    category: 'professional',
    region: 'Volta',
  });
  t.advance(1);
  const closed = await postJob(employer.cookie, { ...validJob, title: 'Closed cleaning job' });
  await t.db.updateTable('jobs').set({ is_active: 0 }).where('id', '=', closed.json().id).execute();

  const all = (await t.app.inject({ url: '/api/jobs' })).json();
  expect(all.map((job: { title: string }) => job.title)).toEqual([
    'Accountant for a shop in Ho',
    'Plumber needed in Kumasi',
  ]);
  const professional = (await t.app.inject({ url: '/api/jobs?category=professional' })).json();
  expect(professional).toHaveLength(1);
  const volta = (await t.app.inject({ url: '/api/jobs?region=Volta&category=all' })).json();
  expect(volta.map((job: { region: string }) => job.region)).toEqual(['Volta']);
  const bad = await t.app.inject({ url: '/api/jobs?category=plumbing' });
  expectFieldErrors(bad, { category: JOB_MESSAGES.category });
});

test("GET /api/jobs?employerId lists all of that employer's jobs with application counts to them, the open ones to others", async () => {
  const employer = await signUp(t, 'employer');
  const other = await signUp(t, 'employer');
  const seeker = await signUp(t, 'job_seeker');
  const job = (await postJob(employer.cookie, validJob)).json();
  await postJob(other.cookie, { ...validJob, title: 'Somebody else job' });
  await t.app.inject({
    method: 'POST',
    url: '/api/applications',
    headers: { cookie: seeker.cookie },
    payload: { jobId: job.id, coverLetter: 'I have ten years of plumbing experience.' },
  });
  await t.db.updateTable('jobs').set({ is_active: 0 }).where('id', '=', job.id).execute();
  const url = `/api/jobs?employerId=${employer.id}`;
  const mine = (await t.app.inject({ url, headers: { cookie: employer.cookie } })).json();
  expect(mine).toHaveLength(1);
  expect(mine[0]).toMatchObject({ id: job.id, applicationCount: 1, isActive: false });
  expect((await t.app.inject({ url })).json()).toEqual([]);
  expect((await t.app.inject({ url, headers: { cookie: other.cookie } })).json()).toEqual([]);
});

test('GET /api/jobs/:id returns a job, 404 for a missing one, 400 for a bad id', async () => {
  const employer = await signUp(t, 'employer');
  const job = (await postJob(employer.cookie, validJob)).json();
  expect((await t.app.inject({ url: `/api/jobs/${job.id}` })).json()).toEqual(job);
  const missing = await t.app.inject({ url: '/api/jobs/99999' });
  expect(missing.statusCode).toBe(404);
  expect(missing.json().message).toBe(
    "The job you're looking for doesn't exist or has been removed",
  );
  expect((await t.app.inject({ url: '/api/jobs/abc' })).statusCode).toBe(400);
});

test('an Idempotency-Key replay returns the first response and creates nothing new', async () => {
  const employer = await signUp(t, 'employer');
  const headers = { 'idempotency-key': '3f1c2a4e-7b8d-4c1e-9a2b-5d6e7f809a1b' };
  const first = await postJob(employer.cookie, validJob, headers);
  const replay = await postJob(employer.cookie, validJob, headers);
  expect(first.statusCode).toBe(201);
  expect(replay.statusCode).toBe(201);
  expect(replay.json()).toEqual(first.json());
  expect(await countJobs()).toBe(1);
});

test('the same Idempotency-Key with a different body is refused with 422', async () => {
  const employer = await signUp(t, 'employer');
  const headers = { 'idempotency-key': 'key-0000-0001' };
  await postJob(employer.cookie, validJob, headers);
  const other = await postJob(
    employer.cookie,
    { ...validJob, title: 'A different job title' },
    headers,
  );
  expect(other.statusCode).toBe(422);
  expect(other.json().message).toMatch(/Idempotency-Key/);
  expect(await countJobs()).toBe(1);
});

test('Idempotency-Keys are per user: another user with the same key gets their own job', async () => {
  const first = await signUp(t, 'employer');
  const second = await signUp(t, 'employer');
  const headers = { 'idempotency-key': 'shared-key-123' };
  await postJob(first.cookie, validJob, headers);
  const response = await postJob(second.cookie, validJob, headers);
  expect(response.statusCode).toBe(201);
  expect(response.json().employerId).toBe(second.id);
  expect(await countJobs()).toBe(2);
});

test('a malformed body is a clear 400, never a 500', async () => {
  const employer = await signUp(t, 'employer');
  const response = await postJob(employer.cookie, '{"title": ', {
    'content-type': 'application/json',
  });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ message: 'The request body is not valid JSON' });
});

test('unknown /api paths answer JSON 404', async () => {
  const response = await t.app.inject({ url: '/api/nothing-here' });
  expect(response.statusCode).toBe(404);
  expect(response.json().message).toMatch(/No such endpoint/);
});

test('a job is priced at least at the floor: GHS 5.00 an hour, GHS 20.00 fixed; 422 naming it, nothing stored', async () => {
  const employer = await signUp(t, 'employer');
  const fixed = { ...validJob, jobType: 'fixed', hourlyRate: null, fixedPrice: '19.99' };
  for (const [payload, field] of [
    [{ ...validJob, hourlyRate: '4.99' }, 'hourlyRate'],
    [{ ...validJob, hourlyRate: '0.01' }, 'hourlyRate'],
    [fixed, 'fixedPrice'],
    [{ ...fixed, fixedPrice: 0.01 }, 'fixedPrice'],
  ] as const) {
    const refused = await postJob(employer.cookie, payload);
    expect(refused.statusCode, JSON.stringify(payload)).toBe(422);
    const message = PRICE_FLOOR_MESSAGES[field];
    expect(refused.json()).toEqual({ message, errors: { [field]: message } });
  }
  expect(PRICE_FLOOR_MESSAGES).toEqual({
    hourlyRate: 'Hourly rate must be at least GHS 5.00',
    eventRate: 'Event rate must be at least GHS 20.00',
    fixedPrice: 'Fixed price must be at least GHS 20.00',
  });
  expect(await countJobs()).toBe(0);
  // At the floor exactly is fine.
  expect((await postJob(employer.cookie, { ...validJob, hourlyRate: '5.00' })).statusCode).toBe(
    201,
  );
  expect((await postJob(employer.cookie, { ...fixed, fixedPrice: 20 })).statusCode).toBe(201);
});

test('a job priced below the floor from before is not listed, searched or on its employer page; it still opens, and its employer still sees it', async () => {
  const employer = await signUp(t, 'employer');
  const cheap = (
    await postJob(employer.cookie, { ...validJob, title: 'Cheap plumber job' })
  ).json();
  const fair = (await postJob(employer.cookie, { ...validJob, title: 'Fair plumber job' })).json();
  const browse = (query = '') => listing(t, `/api/jobs${query}`);
  const before = await browse();
  expect(before.ids).toEqual([fair.id, cheap.id]);
  // The row as a job posted before the floors would be (no API sets it so).
  await t.db
    .updateTable('jobs')
    .set({ hourly_rate_pesewas: 1 })
    .where('id', '=', cheap.id)
    .execute();
  // The cached list follows at once: its version moved with the row, so its ETag changed.
  const after = await browse();
  expect(after.ids).toEqual([fair.id]);
  expect(after.etag).not.toBe(before.etag);
  expect((await browse('?q=Cheap')).ids).toEqual([]);
  expect((await browse('?category=skilled_trades&region=Ashanti')).ids).toEqual([fair.id]);
  expect((await browse(`?employerId=${employer.id}`)).ids).toEqual([fair.id]);
  expect((await t.app.inject({ url: '/api/jobs?limit=1' })).headers['x-total-count']).toBe('1');
  // Its page opens, and the employer's own list (their dashboard) still has it.
  expect((await t.app.inject({ url: `/api/jobs/${cheap.id}` })).statusCode).toBe(200);
  const own = await t.app.inject({
    url: `/api/jobs?employerId=${employer.id}`,
    headers: { cookie: employer.cookie },
  });
  expect(own.json().map((job: { id: number }) => job.id)).toEqual([fair.id, cheap.id]);
});
