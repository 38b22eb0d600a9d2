import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { walCommits } from '../../tests/helpers/wal-commits.ts';
import { openDatabase } from './database.ts';

interface Tables {
  t: { x: string };
  parent: { id: number };
  child: { parent_id: number };
}

let dir: string;
let path: string;
let db: Kysely<Tables>;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gigs-group-commit-'));
  path = join(dir, 'app.db');
  db = openDatabase(path) as unknown as typeof db;
  // The log is read to count commits: no checkpoint may restart it meanwhile.
  await sql`PRAGMA wal_autocheckpoint = 0`.execute(db);
  await sql`CREATE TABLE t (x TEXT NOT NULL)`.execute(db);
  await sql`CREATE TABLE parent (id INTEGER PRIMARY KEY)`.execute(db);
  // Checked at COMMIT, not at the insert: the way to make a COMMIT fail on purpose.
  await sql`CREATE TABLE child (parent_id INTEGER NOT NULL
    REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED)`.execute(db);
  // SQLite rolls the whole transaction back by itself here, as it does on a full disk or an
  // I/O error met while writing.
  await sql`CREATE TRIGGER t_full BEFORE INSERT ON t WHEN new.x = 'full'
    BEGIN SELECT RAISE(ROLLBACK, 'database or disk is full'); END`.execute(db);
});
afterEach(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const rows = async () =>
  (await db.selectFrom('t').select('x').orderBy('x').execute()).map((row) => row.x);

/** A transaction that inserts `x` into t, then does `then` (throw, wait ...). */
const insert = (x: string, then: () => unknown = () => undefined) =>
  db.transaction().execute(async (trx) => {
    await trx.insertInto('t').values({ x }).execute();
    await then();
    return x;
  });

const settled = (promises: Promise<unknown>[]) =>
  Promise.allSettled(promises).then((outcomes) =>
    outcomes.map((outcome) =>
      outcome.status === 'fulfilled' ? outcome.value : (outcome.reason as Error).message,
    ),
  );

test('transactions that arrive together commit together: 40 writes, one commit', async () => {
  const before = walCommits(path);
  const written = await Promise.all(Array.from({ length: 40 }, (_, i) => insert(`w${i}`)));
  expect(written).toHaveLength(40);
  expect(await rows()).toHaveLength(40);
  expect(walCommits(path) - before).toBe(1);
});

test('a member that fails is undone alone; the others in its group are kept', async () => {
  const before = walCommits(path);
  const outcomes = await settled([
    insert('a'),
    insert('b', () => {
      throw new Error('b changed its mind');
    }),
    insert('c'),
  ]);
  expect(outcomes).toEqual(['a', 'b changed its mind', 'c']);
  expect(await rows()).toEqual(['a', 'c']);
  expect(walCommits(path) - before).toBe(1);
});

test('a member sees the rows of those before it in its group', async () => {
  const seen = await Promise.all([
    insert('first'),
    db
      .transaction()
      .execute(async (trx) => (await trx.selectFrom('t').select('x').execute()).length),
  ]);
  expect(seen).toEqual(['first', 1]);
});

test('when COMMIT fails, every member hears it and nothing is kept', async () => {
  const outcomes = await settled([
    insert('a'),
    db.transaction().execute(async (trx) => {
      await trx.insertInto('child').values({ parent_id: 404 }).execute();
      return 'orphan';
    }),
    insert('c'),
  ]);
  expect(outcomes).toEqual([
    'FOREIGN KEY constraint failed',
    'FOREIGN KEY constraint failed',
    'FOREIGN KEY constraint failed',
  ]);
  expect(await rows()).toEqual([]);
  // The connection is left outside any transaction: the next write commits on its own.
  expect(await insert('after')).toBe('after');
  expect(await rows()).toEqual(['after']);
});

test('when SQLite rolls the whole group back, the members before lose their write and hear why', async () => {
  const outcomes = await settled([insert('a'), insert('full'), insert('c')]);
  expect(outcomes).toEqual(['database or disk is full', 'database or disk is full', 'c']);
  expect(await rows()).toEqual(['c']);
});

test('a read outside the group never sees its rows before COMMIT', async () => {
  let reading: Promise<string[]> | undefined;
  const undone = insert('uncommitted', async () => {
    // The member is inside its group, its row written: a read starts now.
    reading = rows();
    await new Promise((done) => setTimeout(done, 20));
    throw new Error('undone');
  });
  await expect(undone).rejects.toThrow('undone');
  expect(await reading).toEqual([]);
});

test('a group takes at most 64 members; the rest commit in the next', async () => {
  const before = walCommits(path);
  await Promise.all(Array.from({ length: 100 }, (_, i) => insert(`w${i}`)));
  expect(walCommits(path) - before).toBe(2);
});

test('a lone write on an idle server does not wait for company', async () => {
  // A 5 ms timer is the least a gathering delay would cost; the lone write beats it.
  const first = await Promise.race([
    insert('alone'),
    new Promise((done) => setTimeout(() => done('timer'), 5)),
  ]);
  expect(first).toBe('alone');
});
