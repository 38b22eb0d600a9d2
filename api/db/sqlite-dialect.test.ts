import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, expect, test } from 'vitest';
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
