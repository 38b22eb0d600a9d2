import { expect, test } from 'vitest';
import { APPLICATION_MESSAGES } from '../../contracts/applications.ts';
import { postJob, signUp, testAppFor, validJob } from '../../tests/helpers/test-app.ts';

const t = testAppFor('each');

const apply = (cookie: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/applications',
    headers: { cookie, ...headers },
    payload: payload as object,
  });
const countApplications = async () =>
  (await t.db.selectFrom('applications').select('id').execute()).length;

test('a job seeker applies: 201 with the application, the job and the applicant', async () => {
  const employer = await signUp(t, 'employer');
  const seeker = await signUp(t, 'job_seeker', { firstName: 'Yaw', lastName: 'Owusu' });
  const job = await postJob(t, employer);
  const response = await apply(seeker.cookie, {
    jobId: job.id,
    coverLetter: '  I have fixed pipes for 10 years.  ',
  });
  expect(response.statusCode).toBe(201);
  expect(response.json()).toEqual({
    id: expect.any(Number),
    jobId: job.id,
    coverLetter: 'I have fixed pipes for 10 years.',
    status: 'pending',
    createdAt: expect.any(String),
    job: { title: validJob.title, category: 'skilled_trades', region: 'Ashanti' },
    applicant: { firstName: 'Yaw', lastName: 'Owusu', email: null },
    // Numbers stay hidden until the employer accepts.
    contact: null,
    // The job's price: 8 hours at GHS 45.00, and the 5% fee paying would add.
    payment: {
      status: 'unpaid',
      amount: '360.00',
      serviceFee: '18.00',
      paidAt: null,
      releasedAt: null,
    },
    completion: {
      payerConfirmedAt: null,
      payeeConfirmedAt: null,
      disputedAt: null,
      autoReleaseAt: null,
      confirmableFrom: null,
    },
    review: { openUntil: null, mine: null, theirs: null },
    // A pending application: nothing to do on it yet (api/engagements/process.ts).
    allowedActions: [],
    milestones: [],
  });
  const mine = await t.app.inject({
    url: '/api/applications/user',
    headers: { cookie: seeker.cookie },
  });
  expect(mine.json()).toEqual([response.json()]);
});

test('the employer sees the applicants of their job', async () => {
  const employer = await signUp(t, 'employer');
  const seeker = await signUp(t, 'job_seeker', { firstName: 'Abena', lastName: 'Darko' });
  const job = await postJob(t, employer);
  await apply(seeker.cookie, { jobId: job.id, coverLetter: 'Available from Monday.' });
  const response = await t.app.inject({
    url: `/api/applications/job/${job.id}`,
    headers: { cookie: employer.cookie },
  });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toHaveLength(1);
  expect(response.json()[0].applicant).toEqual({
    firstName: 'Abena',
    lastName: 'Darko',
    email: null,
  });
});

test("nobody else reads a job's applicants", async () => {
  const employer = await signUp(t, 'employer');
  const seeker = await signUp(t, 'job_seeker');
  const stranger = await signUp(t, 'employer');
  const job = await postJob(t, employer);
  await apply(seeker.cookie, { jobId: job.id, coverLetter: 'Hello' });
  const asStranger = await t.app.inject({
    url: `/api/applications/job/${job.id}`,
    headers: { cookie: stranger.cookie },
  });
  expect(asStranger.statusCode).toBe(403);
  const asApplicant = await t.app.inject({
    url: `/api/applications/job/${job.id}`,
    headers: { cookie: seeker.cookie },
  });
  expect(asApplicant.statusCode).toBe(403);
  const asGuest = await t.app.inject({ url: `/api/applications/job/${job.id}` });
  expect(asGuest.statusCode).toBe(401);
  const missing = await t.app.inject({
    url: '/api/applications/job/9999',
    headers: { cookie: employer.cookie },
  });
  expect(missing.statusCode).toBe(404);
});

test('applying twice to one job is 409 "You have already applied to this job"', async () => {
  const employer = await signUp(t, 'employer');
  const seeker = await signUp(t, 'job_seeker');
  const job = await postJob(t, employer);
  await apply(seeker.cookie, { jobId: job.id, coverLetter: 'First' });
  const second = await apply(seeker.cookie, { jobId: job.id, coverLetter: 'Second' });
  expect(second.statusCode).toBe(409);
  expect(second.json().message).toBe(APPLICATION_MESSAGES.duplicate);
  expect(await countApplications()).toBe(1);
});

test('no applying to your own job or to an inactive job (422)', async () => {
  const employer = await signUp(t, 'employer');
  const seeker = await signUp(t, 'job_seeker');
  const job = await postJob(t, employer);
  const own = await apply(employer.cookie, { jobId: job.id, coverLetter: 'Me' });
  expect(own.statusCode).toBe(422);
  expect(own.json().message).toBe(APPLICATION_MESSAGES.ownJob);
  await t.db.updateTable('jobs').set({ is_active: 0 }).execute();
  const closed = await apply(seeker.cookie, { jobId: job.id, coverLetter: 'Late' });
  expect(closed.statusCode).toBe(422);
  expect(closed.json().message).toBe(APPLICATION_MESSAGES.inactive);
  expect(await countApplications()).toBe(0);
});

test('applying validates the body and the job', async () => {
  const seeker = await signUp(t, 'job_seeker');
  const blank = await apply(seeker.cookie, { jobId: 1, coverLetter: '   ' });
  expect(blank.statusCode).toBe(400);
  expect(blank.json().errors).toEqual({ coverLetter: APPLICATION_MESSAGES.coverLetter });
  const badId = await apply(seeker.cookie, { jobId: '1', coverLetter: 'Hi' });
  expect(badId.statusCode).toBe(400);
  expect(badId.json().errors).toHaveProperty('jobId');
  const missing = await apply(seeker.cookie, { jobId: 424242, coverLetter: 'Hi' });
  expect(missing.statusCode).toBe(404);
  expect(await countApplications()).toBe(0);
});

test('applying needs a signed-in user with a role', async () => {
  const employer = await signUp(t, 'employer');
  const job = await postJob(t, employer);
  expect((await apply('', { jobId: job.id, coverLetter: 'Hi' })).statusCode).toBe(401);
  const seeker = await signUp(t, 'job_seeker');
  await t.db.updateTable('users').set({ role: null }).where('id', '=', seeker.id).execute();
  expect((await apply(seeker.cookie, { jobId: job.id, coverLetter: 'Hi' })).statusCode).toBe(403);
  expect(await countApplications()).toBe(0);
});

test('an application replayed with its Idempotency-Key is stored once and answered the same', async () => {
  const employer = await signUp(t, 'employer');
  const seeker = await signUp(t, 'job_seeker');
  const job = await postJob(t, employer);
  const headers = { 'idempotency-key': 'apply-key-0001' };
  const first = await apply(seeker.cookie, { jobId: job.id, coverLetter: 'Hello' }, headers);
  const replay = await apply(seeker.cookie, { jobId: job.id, coverLetter: 'Hello' }, headers);
  expect(replay.statusCode).toBe(201);
  expect(replay.json()).toEqual(first.json());
  expect(await countApplications()).toBe(1);
});

test('GET /api/applications/user needs a signed-in user', async () => {
  expect((await t.app.inject({ url: '/api/applications/user' })).statusCode).toBe(401);
});
