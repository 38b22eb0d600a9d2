import { sql } from 'kysely';
import { beforeEach, expect, test, vi } from 'vitest';
import { APPLICATION_MESSAGES } from '../../contracts/applications.ts';
import type { SignedInUser } from '../../scripts/lib/sign-up.ts';
import { postJob, signUp, testAppFor } from '../../tests/helpers/test-app.ts';
import { walCommits } from '../../tests/helpers/wal-commits.ts';
import { groupCommitOf } from '../db/database.ts';

// Applications sent at the same moment are committed in groups (api/db/group-commit.ts): these
// tests send them together through the real app and count the commits in the database's log.
const t = testAppFor('each');

beforeEach(async () => {
  // The log is read to count commits: no checkpoint may restart it meanwhile.
  await sql`PRAGMA wal_autocheckpoint = 0`.execute(t.db);
});

const apply = (seeker: SignedInUser, jobId: number, key: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/applications',
    headers: { cookie: seeker.cookie, 'idempotency-key': key },
    payload: { jobId, coverLetter: 'I have fixed pipes in Kumasi for ten years.' },
  });

const applicationsTo = (jobId: number) =>
  t.db
    .selectFrom('applications')
    .select(['id', 'applicant_id'])
    .where('job_id', '=', jobId)
    .execute();

/**
 * Commits into the log while `work` runs. The sender of the employer's messages is stopped first,
 * so that only the applications' own commits are counted.
 */
async function commitsDuring<T>(work: () => Promise<T>): Promise<{ value: T; commits: number }> {
  await t.app.notifier.stop();
  const before = walCommits(t.databasePath);
  const value = await work();
  return { value, commits: walCommits(t.databasePath) - before };
}

/**
 * Sends requests so that their writes reach the database together, whatever the machine's load:
 * the write connection is held (by a raw statement, as a pragma or a backup step would hold it)
 * until `writes` transactions wait for it; then they start as one group.
 */
async function together<T>(writes: number, send: () => Promise<T>): Promise<T> {
  const groups = groupCommitOf(t.db);
  if (!groups) throw new Error('The test database has no group commit');
  let release: () => void = () => undefined;
  const gate = new Promise<void>((done) => {
    release = done;
  });
  const holding = t.db.connection().execute(async (connection) => {
    await sql`SELECT 1`.execute(connection);
    await gate;
  });
  const sent = send();
  await vi.waitFor(() => expect(groups.waiting).toBe(writes), { timeout: 10_000 });
  release();
  await holding;
  return sent;
}

test('24 seekers applying at once are saved in far fewer commits than 24', async () => {
  const employer = await signUp(t, 'employer');
  const job = await postJob(t, employer);
  const seekers = await Promise.all(Array.from({ length: 24 }, () => signUp(t, 'job_seeker')));
  const { value: responses, commits } = await commitsDuring(() =>
    Promise.all(seekers.map((seeker, i) => apply(seeker, job.id, `apply-in-groups-${i}`))),
  );
  expect(responses.map((response) => response.statusCode)).toEqual(seekers.map(() => 201));
  expect(await applicationsTo(job.id)).toHaveLength(24);
  // Sent at once, they arrive over a few turns of the event loop: a few groups, not 24 commits.
  expect(commits).toBeLessThanOrEqual(12);
});

test('writes waiting together commit together: 24 applications, one commit', async () => {
  const employer = await signUp(t, 'employer');
  const job = await postJob(t, employer);
  const seekers = await Promise.all(Array.from({ length: 24 }, () => signUp(t, 'job_seeker')));
  const { value: responses, commits } = await commitsDuring(() =>
    together(24, () =>
      Promise.all(seekers.map((seeker, i) => apply(seeker, job.id, `apply-together-${i}`))),
    ),
  );
  expect(responses.map((response) => response.statusCode)).toEqual(seekers.map(() => 201));
  expect(await applicationsTo(job.id)).toHaveLength(24);
  expect(commits).toBe(1);
});

test('one request sent twice at once with one key: one application, the same answer twice', async () => {
  const employer = await signUp(t, 'employer');
  const job = await postJob(t, employer);
  const seeker = await signUp(t, 'job_seeker');
  const { value: responses, commits } = await commitsDuring(() =>
    together(2, () =>
      Promise.all([
        apply(seeker, job.id, 'same-key-twice'),
        apply(seeker, job.id, 'same-key-twice'),
      ]),
    ),
  );
  expect(responses.map((response) => response.statusCode)).toEqual([201, 201]);
  const [first, second] = responses.map((response) => response.json());
  expect(second).toEqual(first);
  expect(await applicationsTo(job.id)).toEqual([{ id: first.id, applicant_id: seeker.id }]);
  const keys = await t.db
    .selectFrom('idempotency_keys')
    .select('key')
    .where('user_id', '=', seeker.id)
    .execute();
  expect(keys).toEqual([{ key: 'same-key-twice' }]);
  // Both in one group.
  expect(commits).toBe(1);
});

test('two applications to one job by one seeker at once: one is saved, the other is told 409', async () => {
  const employer = await signUp(t, 'employer');
  const job = await postJob(t, employer);
  const seeker = await signUp(t, 'job_seeker');
  const { value: responses, commits } = await commitsDuring(() =>
    together(2, () =>
      Promise.all([apply(seeker, job.id, 'first-of-two'), apply(seeker, job.id, 'second-of-two')]),
    ),
  );
  expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
  const refused = responses.find((response) => response.statusCode === 409);
  expect(refused?.json()).toEqual({ message: APPLICATION_MESSAGES.duplicate });
  const saved = responses.find((response) => response.statusCode === 201);
  expect(await applicationsTo(job.id)).toEqual([{ id: saved?.json().id, applicant_id: seeker.id }]);
  expect(commits).toBe(1);
});

test('an application that fails after writing is undone alone; the rest of its group is saved', async () => {
  const employer = await signUp(t, 'employer');
  const job = await postJob(t, employer);
  const faulty = await signUp(t, 'job_seeker', { firstName: 'Kofi', lastName: 'Faulty' });
  const others = await Promise.all([signUp(t, 'job_seeker'), signUp(t, 'job_seeker')]);
  // The employer's message about Kofi cannot be stored: his application is written first, then
  // the write fails, as it would on a disk error for that one row.
  await sql`CREATE TRIGGER notifications_fail BEFORE INSERT ON notifications
    WHEN new.body LIKE '%Kofi Faulty%'
    BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END`.execute(t.db);
  const { value: responses, commits } = await commitsDuring(() =>
    Promise.all([faulty, ...others].map((seeker, i) => apply(seeker, job.id, `faulty-group-${i}`))),
  );
  expect(responses.map((response) => response.statusCode)).toEqual([500, 201, 201]);
  const saved = await applicationsTo(job.id);
  expect(saved.map((row) => row.applicant_id).sort()).toEqual(
    others.map((seeker) => seeker.id).sort(),
  );
  const keys = await t.db
    .selectFrom('idempotency_keys')
    .select('user_id')
    .where('key', 'like', 'faulty-group-%')
    .execute();
  expect(keys.map((row) => row.user_id).sort()).toEqual(others.map((seeker) => seeker.id).sort());
  expect(commits).toBe(1);
});
