import { expect, test } from 'vitest';
import { MODERATION_MESSAGES } from '../../contracts/moderation.ts';
import { call } from '../../tests/helpers/escrow-world.ts';
import { decide, FEE_SCAM_JOB, listedJobIds } from '../../tests/helpers/moderation.ts';
import {
  postJob,
  signUp,
  signUpOperator,
  testAppFor,
  validJob,
} from '../../tests/helpers/test-app.ts';

/**
 * A job that asks applicants for money is held, listed for nobody, and published only by an
 * operator. Through the real app on a real SQLite file.
 */
const t = testAppFor('each');

test('a job that asks applicants for money is held: the poster is told, nobody else sees it, nobody applies', async () => {
  const employer = await signUp(t, 'employer');
  const seeker = await signUp(t);
  const posted = await call(t, employer, 'POST', '/api/jobs', FEE_SCAM_JOB);
  expect(posted.statusCode).toBe(201);
  const job = posted.json();
  expect(job.moderation).toBe('held');

  expect(await listedJobIds(t)).not.toContain(job.id);
  expect((await call(t, seeker, 'GET', `/api/jobs/${job.id}`)).statusCode).toBe(404);
  expect((await call(t, null, 'GET', `/api/jobs/${job.id}`)).statusCode).toBe(404);
  expect((await call(t, employer, 'GET', `/api/jobs/${job.id}`)).json().moderation).toBe('held');
  const mine = await call(t, employer, 'GET', `/api/jobs?employerId=${employer.id}`);
  expect(mine.json()).toEqual([expect.objectContaining({ id: job.id, moderation: 'held' })]);
  const applied = await call(t, seeker, 'POST', '/api/applications', {
    jobId: job.id,
    coverLetter: 'I can start on Monday.',
  });
  expect(applied.statusCode).toBe(404);
  expect(await t.db.selectFrom('applications').selectAll().execute()).toEqual([]);

  // An honest post of the same employer is published at once.
  const honest = await postJob(t, employer);
  expect(honest.moderation).toBe('published');
  expect(await listedJobIds(t)).toEqual([honest.id]);
});

test('the three posts the third probe published are held, not listed', async () => {
  const employer = await signUp(t, 'employer');
  for (const description of [
    'Registration: fifty cedis, momo 0241234567, then come for interview',
    'Reg. f.e.e GHS 50 via MoMo 0241234567 before start',
    'No registration fee! Just kidding, pay 50 cedis via MoMo first.',
  ]) {
    const posted = await call(t, employer, 'POST', '/api/jobs', { ...validJob, description });
    expect(posted.statusCode, description).toBe(201);
    expect(posted.json().moderation, description).toBe('held');
  }
  expect(await listedJobIds(t)).toEqual([]);
});

test('an operator sees the held job with the words that held it, and publishes it', async () => {
  const admin = await signUpOperator(t);
  const employer = await signUp(t, 'employer', { firstName: 'Kojo', lastName: 'Asante' });
  const job = await postJob(t, employer, FEE_SCAM_JOB);
  const queue = (await call(t, admin, 'GET', '/api/admin/queue')).json();
  expect(queue.heldJobs).toEqual([
    expect.objectContaining({
      id: job.id,
      title: FEE_SCAM_JOB.title,
      poster: {
        id: employer.id,
        name: 'Kojo Asante',
        phoneNumber: employer.phone,
        suspended: false,
      },
      reason: 'Names a fee applicants pay: "registration fee"',
    }),
  ]);
  const published = await decide(t, admin, 'job', job.id, 'publish');
  expect(published.json()).toEqual({
    targetType: 'job',
    targetId: job.id,
    moderation: 'published',
    message: MODERATION_MESSAGES.published,
  });
  expect(await listedJobIds(t)).toEqual([job.id]);
  expect((await call(t, admin, 'GET', '/api/admin/queue')).json().heldJobs).toEqual([]);
});
