import { CompiledQuery } from 'kysely';
import { expect, test } from 'vitest';
import {
  applyTo,
  postJob,
  type SignedInUser,
  signUp,
  testAppFor,
  validJob,
} from '../../tests/helpers/test-app.ts';
import { engineOf, queryPlan } from '../db/dialect.ts';

const t = testAppFor('each');

/** `count` jobs of one employer written straight to the table, one a minute, newest last. */
async function insertJobs(employer: SignedInUser, count: number, active = (_i: number) => true) {
  const start = t.now().getTime() - count * 60_000;
  const rows = Array.from({ length: count }, (_, i) => ({
    employer_id: employer.id,
    title: `Mason number ${i} for a house in Kumasi`,
    description: validJob.description,
    category: 'skilled_trades',
    region: 'Ashanti',
    job_type: 'hourly',
    hourly_rate_pesewas: 4500,
    required_skills: '["Masonry"]',
    is_active: active(i) ? 1 : 0,
    created_at: new Date(start + i * 60_000).toISOString(),
  }));
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const inserted = await t.db
      .insertInto('jobs')
      .values(rows.slice(i, i + 500))
      .returning('id')
      .execute();
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

/** `applicants` job seekers written straight to the tables, each applying to every `jobIds` job. */
async function insertApplications(jobIds: readonly number[], applicants: number) {
  const seekers: number[] = [];
  for (let i = 0; i < applicants; i += 1) {
    const user = await t.db
      .insertInto('users')
      .values({
        phone_number: `+23320${String(i).padStart(7, '0')}`,
        first_name: 'Kojo',
        last_name: 'Antwi',
        role: 'job_seeker',
        region: 'Ashanti',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    seekers.push(user.id);
  }
  for (const jobId of jobIds) {
    for (const applicant of seekers) {
      await t.db
        .insertInto('applications')
        .values({ job_id: jobId, applicant_id: applicant, cover_letter: 'I can start Monday.' })
        .execute();
    }
  }
}

test('GET /api/jobs?employerId= answers one page however many jobs the employer posted', async () => {
  const employer = await signUp(t, 'employer');
  await insertJobs(employer, 3000);
  const response = await t.app.inject({ url: `/api/jobs?employerId=${employer.id}` });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toHaveLength(20);
  expect(response.headers['x-total-count']).toBe('3000');
  expect(response.headers['x-next-cursor']).toEqual(expect.any(String));
  // One page of JSON, not megabytes of it.
  expect(response.body.length).toBeLessThan(20_000);
  const most = await t.app.inject({ url: `/api/jobs?employerId=${employer.id}&limit=100` });
  expect(most.json()).toHaveLength(100);
  const tooMany = await t.app.inject({ url: `/api/jobs?employerId=${employer.id}&limit=1000` });
  expect(tooMany.statusCode).toBe(400);
  expect(tooMany.json().errors).toEqual({ limit: 'Limit must be a whole number from 1 to 100' });
});

test('GET /api/jobs/summary counts every job and application of the signed-in employer, not one page', async () => {
  const employer = await signUp(t, 'employer');
  const other = await signUp(t, 'employer');
  // 45 jobs, every fifth one closed; the oldest five (far past the first page) have applicants.
  const ids = await insertJobs(employer, 45, (i) => i % 5 !== 0);
  await insertApplications(ids.slice(0, 5), 3);
  await insertJobs(other, 4);

  const response = await t.app.inject({
    url: '/api/jobs/summary',
    headers: { cookie: employer.cookie },
  });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ activeJobs: 36, inactiveJobs: 9, totalApplications: 15 });

  const theirs = await t.app.inject({
    url: '/api/jobs/summary',
    headers: { cookie: other.cookie },
  });
  expect(theirs.json()).toEqual({ activeJobs: 4, inactiveJobs: 0, totalApplications: 0 });
  const seeker = await signUp(t, 'job_seeker');
  const none = await t.app.inject({ url: '/api/jobs/summary', headers: { cookie: seeker.cookie } });
  expect(none.json()).toEqual({ activeJobs: 0, inactiveJobs: 0, totalApplications: 0 });
});

test('the summary follows closing a job and a new applicant at once', async () => {
  const employer = await signUp(t, 'employer');
  const seeker = await signUp(t, 'job_seeker');
  const summary = async () =>
    (await t.app.inject({ url: '/api/jobs/summary', headers: { cookie: employer.cookie } })).json();
  const job = await postJob(t, employer);
  expect(await summary()).toEqual({ activeJobs: 1, inactiveJobs: 0, totalApplications: 0 });
  await applyTo(t, seeker, job.id, 'I have fitted pipes for ten years.');
  await t.app.inject({
    method: 'PATCH',
    url: `/api/jobs/${job.id}`,
    headers: { cookie: employer.cookie },
    payload: { isActive: false },
  });
  expect(await summary()).toEqual({ activeJobs: 0, inactiveJobs: 1, totalApplications: 1 });
});

test('GET /api/jobs/summary needs a signed-in user', async () => {
  const response = await t.app.inject({ url: '/api/jobs/summary' });
  expect(response.statusCode).toBe(401);
});

test("an employer's page and figures read indexes, not every job", async () => {
  const postgres = engineOf(t.db) === 'postgres';
  // On PostgreSQL, as if the tables were large: no reading them whole, no sorting.
  const plan = async (query: string) =>
    (
      await queryPlan(
        t.db,
        { compile: () => CompiledQuery.raw(query) },
        { avoid: ['seqscan', 'sort'] },
      )
    ).join('\n');
  const page = await plan(
    'SELECT id FROM jobs WHERE employer_id = 1 ORDER BY created_at DESC, id DESC LIMIT 21',
  );
  expect(page).toMatch(/INDEX jobs_employer_created|using jobs_employer_created/);
  expect(page).not.toMatch(/TEMP B-TREE|Sort/);
  const active = await plan('SELECT count(*) FROM jobs WHERE employer_id = 1 AND is_active = 1');
  // (PostgreSQL may as well count from jobs_employer_listed_created, which also leads with
  // employer_id and is_active: either way the index alone.)
  expect(active).toMatch(
    postgres
      ? /Index Only Scan using jobs_employer_(active|listed_created)/
      : /COVERING INDEX jobs_employer_active/,
  );
  const pending = await plan(
    "SELECT id FROM bookings WHERE artist_id = 1 AND status = 'pending' ORDER BY created_at DESC, id DESC LIMIT 21",
  );
  expect(pending).toMatch(
    /INDEX bookings_artist_status_created|using bookings_artist_status_created/,
  );
  expect(pending).not.toMatch(/TEMP B-TREE|Sort/);
});
