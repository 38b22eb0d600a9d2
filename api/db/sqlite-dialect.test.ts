import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { REPO_ROOT } from '../../scripts/lib/server-process.ts';
import { openDatabase } from './database.ts';

let dir: string;
let db: Kysely<{ t: { x: string } }>;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gigs-dialect-'));
  db = openDatabase(join(dir, 'app.db')) as unknown as typeof db;
  await sql`CREATE TABLE t (x TEXT NOT NULL)`.execute(db);
  // SQLite rolls the whole transaction back by itself here, as it does on a full disk or an
  // I/O error met while writing.
  await sql`CREATE TRIGGER t_full BEFORE INSERT ON t WHEN new.x = 'full'
    BEGIN SELECT RAISE(ROLLBACK, 'database or disk is full'); END`.execute(db);
});
afterEach(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const rows = async () => (await db.selectFrom('t').select('x').execute()).map((row) => row.x);

test('the error that made SQLite roll back reaches the caller, not "cannot rollback"', async () => {
  const attempt = db.transaction().execute(async (trx) => {
    await trx.insertInto('t').values({ x: 'kept?' }).execute();
    await trx.insertInto('t').values({ x: 'full' }).execute();
  });
  await expect(attempt).rejects.toThrow('database or disk is full');
  expect(await rows()).toEqual([]);
  // The connection is not left inside a transaction: the next write commits on its own.
  await db.insertInto('t').values({ x: 'after' }).execute();
  expect(await rows()).toEqual(['after']);
});

test('any other failure inside a transaction is still rolled back', async () => {
  const attempt = db.transaction().execute(async (trx) => {
    await trx.insertInto('t').values({ x: 'undone' }).execute();
    throw new Error('changed my mind');
  });
  await expect(attempt).rejects.toThrow('changed my mind');
  expect(await rows()).toEqual([]);
  await db.insertInto('t').values({ x: 'after' }).execute();
  expect(await rows()).toEqual(['after']);
});

/** Runs tests/fixtures/concurrent-writer.ts as a process of its own; resolves with its report. */
function writerProcess(path: string, label: string, transactions: number) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'tests/fixtures/concurrent-writer.ts', path, label, String(transactions)],
    { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  return new Promise<{ committed: number; failed: Record<string, number> }>((done, fail) => {
    child.once('exit', (code) =>
      code === 0 ? done(JSON.parse(output)) : fail(new Error(`writer exited ${code}`)),
    );
  });
}

test('two processes writing to one file at once wait for each other: no SQLITE_BUSY', async () => {
  await sql`CREATE TABLE writes (label TEXT NOT NULL, seen INTEGER NOT NULL)`.execute(db);
  await sql`CREATE TABLE ready (label TEXT NOT NULL)`.execute(db);
  const path = join(dir, 'app.db');
  const reports = await Promise.all([
    writerProcess(path, 'first', 60),
    writerProcess(path, 'second', 60),
  ]);
  expect(reports).toEqual([
    { committed: 60, failed: {} },
    { committed: 60, failed: {} },
  ]);
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM writes`.execute(db);
  expect(rows[0]?.n).toBe(120);
}, 60_000);
