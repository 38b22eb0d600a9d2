import { beforeEach, expect, test } from 'vitest';
import { APPLICATION_MESSAGES } from '../../contracts/applications.ts';
import { type SignedInUser, signUp, testAppFor, validJob } from '../../tests/helpers/test-app.ts';
import { USAGE_CAPS } from '../lib/caps.ts';

const CAPS = USAGE_CAPS.applications;

const t = testAppFor('each');
let seeker: SignedInUser;
let employerId: number;

beforeEach(async () => {
  seeker = await signUp(t, 'job_seeker');
  employerId = (await signUp(t, 'employer')).id;
});

/** Open jobs by one employer, written straight to the database (posting is not under test). */
async function postJobs(count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const { id } = await t.db
      .insertInto('jobs')
      .values({
        employer_id: employerId,
        title: `${validJob.title} ${i}`,
        description: validJob.description,
        category: validJob.category,
        region: validJob.region,
        job_type: 'fixed',
        fixed_price_pesewas: 100_000,
        hourly_rate_pesewas: null,
        estimated_hours: null,
        required_skills: '[]',
        start_date: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(id);
  }
  return ids;
}

const apply = (jobId: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/applications',
    headers: { cookie: seeker.cookie },
    payload: { jobId, coverLetter: 'I have done this work for years.' },
  });

const applicationCount = async () =>
  (await t.db.selectFrom('applications').select('id').execute()).length;

test('past the hourly cap a seeker is answered 429 with Retry-After, and nothing is saved', async () => {
  const jobs = await postJobs(CAPS.perApplicantHour + 1);
  for (const jobId of jobs.slice(0, -1)) expect((await apply(jobId)).statusCode).toBe(201);
  const notifications = async () => {
    // What the requests queued, once the dispatcher has counted it into the allowance.
    t.app.notifier.kick();
    await t.app.notifier.idle();
    return t.db.selectFrom('notifications').select('id').orderBy('id').execute();
  };
  const notificationsBefore = await notifications();

  const refused = await apply(jobs.at(-1) ?? 0);
  expect(refused.statusCode).toBe(429);
  expect(refused.json().message).toBe(APPLICATION_MESSAGES.hourly);
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(59 * 60);
  expect(await applicationCount()).toBe(CAPS.perApplicantHour);
  expect(await notifications()).toEqual(notificationsBefore);

  t.advance(60 * 60);
  expect((await apply(jobs.at(-1) ?? 0)).statusCode).toBe(201);
}, 20_000);

test('open applications are capped, counting only those on jobs still open', async () => {
  const jobs = await postJobs(CAPS.openPerApplicant + 1);
  for (const [index, jobId] of jobs.slice(0, -1).entries()) {
    if (index > 0 && index % CAPS.perApplicantHour === 0) t.advance(60 * 60);
    expect((await apply(jobId)).statusCode).toBe(201);
  }
  t.advance(60 * 60);
  const last = jobs.at(-1) ?? 0;
  const refused = await apply(last);
  expect(refused.statusCode).toBe(422);
  expect(refused.json().message).toBe(APPLICATION_MESSAGES.openApplications(CAPS.openPerApplicant));
  expect(await applicationCount()).toBe(CAPS.openPerApplicant);

  // The employer closes a job without answering: that application no longer holds a place.
  await t.db
    .updateTable('jobs')
    .set({ is_active: 0 })
    .where('id', '=', jobs[0] ?? 0)
    .execute();
  expect((await apply(last)).statusCode).toBe(201);
}, 20_000);
