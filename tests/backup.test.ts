import { randomInt } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { expect, test } from 'vitest';
import { backupDatabase } from '../scripts/backup.ts';
import { api } from '../scripts/lib/http-api.ts';
import { bookingBody, seededTargets } from '../scripts/lib/seeded-targets.ts';
import { sleep, stopServer } from '../scripts/lib/server-process.ts';
import { signUpUsers } from '../scripts/lib/sign-up.ts';
import { scratchDir, serverForTest } from './helpers/scratch.ts';

test('an online backup taken while the server writes is a consistent, complete snapshot', async () => {
  const dir = scratchDir('gigs-backup-');
  const databasePath = join(dir, 'app.db');
  const server = await serverForTest({ databasePath });
  const { baseUrl } = server;
  const users = await signUpUsers(baseUrl, 6);
  const targets = await seededTargets(baseUrl);

  // Writers keep booking and applying (each write: its row plus its Idempotency-Key row, in one
  // transaction) until the backups are done.
  const acknowledged: { kind: 'applications' | 'bookings'; id: number; at: number }[] = [];
  const failures: string[] = [];
  let stop = false;
  let sequence = 0;
  const pairs = users.flatMap((user) => targets.jobIds.map((jobId) => ({ user, jobId })));
  const writer = async () => {
    for (let i = 0; i < 5_000 && !stop; i++) {
      const n = sequence++;
      const apply = n % 2 === 0 && pairs.length > 0;
      const pair = apply ? pairs.splice(randomInt(0, pairs.length), 1)[0] : undefined;
      const user = pair?.user ?? users[n % users.length];
      if (!user) return;
      const key = `backup-test-${n}`;
      const artist = targets.artists[n % targets.artists.length] as (typeof targets.artists)[0];
      const response = await api(baseUrl, 'POST', pair ? '/api/applications' : '/api/bookings', {
        cookie: user.cookie,
        headers: { 'idempotency-key': key },
        body: pair
          ? { jobId: pair.jobId, coverLetter: `Backup test ${key}` }
          : bookingBody(artist, 1 + (n % 6), `Backup test hall ${key}`),
      });
      if (response.status !== 201)
        failures.push(`${response.status} ${JSON.stringify(response.body)}`);
      else {
        acknowledged.push({
          kind: pair ? 'applications' : 'bookings',
          id: (response.body as { id: number }).id,
          at: performance.now(),
        });
      }
    }
  };
  const writers = Array.from({ length: 4 }, writer);

  const copies: { path: string; startedAt: number; ackedDuring: number }[] = [];
  try {
    // At least 8 copies, and on until more than 50 writes went in around them (a loaded machine
    // writes slower; the test's point is copies taken while writes are under way).
    for (let round = 0; round < 8 || (acknowledged.length <= 50 && round < 80); round++) {
      await sleep(150);
      const path = join(dir, `copy-${round}.db`);
      const startedAt = performance.now();
      const before = acknowledged.length;
      const result = await backupDatabase(databasePath, path);
      expect(result.integrity).toBe('ok');
      expect(result.foreignKeyViolations).toBe(0);
      copies.push({ path, startedAt, ackedDuring: acknowledged.length - before });
    }
  } finally {
    stop = true;
    await Promise.all(writers);
  }
  expect(failures).toEqual([]);
  expect(acknowledged.length).toBeGreaterThan(50); // the writes really were concurrent

  for (const copy of copies) {
    expect(existsSync(`${copy.path}-wal`)).toBe(false); // self-contained: rollback journal
    const sqlite = new SQLite(copy.path, { readonly: true });
    try {
      expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(sqlite.pragma('journal_mode', { simple: true })).toBe('delete');
      // Every write acknowledged before the backup began is in the copy.
      for (const write of acknowledged.filter((item) => item.at < copy.startedAt)) {
        const row = sqlite.prepare(`SELECT id FROM ${write.kind} WHERE id = ?`).get(write.id);
        expect(row, `${write.kind} ${write.id}`).toBeDefined();
      }
      // One moment in time: each write's row and its Idempotency-Key row are both in, or both out.
      for (const [table, marker, scope] of [
        ['applications', 'cover_letter', 'POST /api/applications'],
        ['bookings', 'venue', 'POST /api/bookings'],
      ] as const) {
        const rows = sqlite
          .prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE ${marker} LIKE 'Backup test %'`)
          .get() as { n: number };
        const keys = sqlite
          .prepare(
            "SELECT COUNT(*) AS n FROM idempotency_keys WHERE scope = ? AND key LIKE 'backup-test-%'",
          )
          .get(scope) as { n: number };
        expect(rows.n, `${table} in ${copy.path}`).toBe(keys.n);
      }
    } finally {
      sqlite.close();
    }
  }
  console.log(
    `backup: ${acknowledged.length} writes acknowledged; ${copies
      .map((copy) => copy.ackedDuring)
      .join(', ')} of them while each of the ${copies.length} backups ran`,
  );

  expect((await stopServer(server)).code).toBe(0);
}, 60_000);
