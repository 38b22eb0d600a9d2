import { sql } from 'kysely';
import { beforeEach, expect, test } from 'vitest';
import { type SignedInUser, signUp, testAppFor, validJob } from '../../tests/helpers/test-app.ts';

/** What the test's app logged, from its start. */
let lines: string[];
beforeEach(() => {
  lines = [];
});
const t = testAppFor('each', {
  config: { logLevel: 'info' },
  logStream: { write: (line) => lines.push(line) },
});
let employer: SignedInUser;
beforeEach(async () => {
  employer = await signUp(t, 'employer');
});

/** The disk is full: the database may not grow by a single page. */
async function fillTheDisk() {
  const { rows } = await sql<{ page_count: number }>`PRAGMA page_count`.execute(t.db);
  await sql.raw(`PRAGMA max_page_count = ${rows[0]?.page_count}`).execute(t.db);
}

const postJob = (key: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/jobs',
    headers: { cookie: employer.cookie, 'idempotency-key': key },
    payload: { ...validJob, description: 'Block work, plastering and a new roof. '.repeat(50) },
  });

/** Posts jobs until one is refused: the first that needs a page the disk hasn't got. */
async function postUntilRefused() {
  for (let index = 0; index < 100; index++) {
    const response = await postJob(`full-disk-${index}`);
    if (response.statusCode !== 201) return { response, key: `full-disk-${index}`, saved: index };
  }
  throw new Error('The disk never filled up');
}

test('a full disk answers 503 with a retry hint, and the log names SQLITE_FULL', async () => {
  await fillTheDisk();
  const { response, key, saved } = await postUntilRefused();
  expect(response.statusCode).toBe(503);
  expect(response.headers['retry-after']).toBe('60');
  expect(response.json()).toEqual({
    message: "We couldn't save that just now. Please try again in a minute.",
  });
  const logged = lines.join('\n');
  expect(logged).toContain('SQLITE_FULL');
  expect(logged).not.toContain('cannot rollback');
  expect(await t.db.selectFrom('jobs').select('id').execute()).toHaveLength(saved);
  // The server goes on: reads still work, and the write succeeds once there is room.
  expect((await t.app.inject({ url: '/api/jobs' })).statusCode).toBe(200);
  await sql`PRAGMA max_page_count = 1073741823`.execute(t.db);
  expect((await postJob(key)).statusCode).toBe(201);
});
