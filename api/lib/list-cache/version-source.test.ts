import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/test-app.ts';
import type { Db } from '../../db/database.ts';
import { engineOf } from '../../db/dialect.ts';
import { type DataName, dataVersionsTable, TABLES_OF, type Versions } from './version-source.ts';

/**
 * The version source's promise, checked on the real database: every write that can change a
 * cached list bumps the version of the data it belongs to, in the same transaction, whoever
 * makes it, and nothing else bumps anything. A port to another database runs the same writes.
 */

let dir: string;
let database: TestDatabase;
let db: Db;
const NAMES = Object.keys(TABLES_OF) as DataName[];
const read = () => dataVersionsTable(db).read(NAMES);
let userIds: number[] = [];
let jobIds: number[] = [];
let artistId = 0;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gigs-versions-'));
  database = await createTestDatabase(dir);
  db = database.db;
  const users = await db
    .insertInto('users')
    .values(
      ['employer', 'job_seeker', 'artist', 'artist'].map((role, i) => ({
        phone_number: `+23324000000${i}`,
        first_name: 'Ama',
        last_name: 'Mensah',
        role,
        region: 'Volta',
      })),
    )
    .returning('id')
    .execute();
  userIds = users.map((user) => user.id);
  jobIds = [await insertJob(), await insertJob()];
  artistId = await insertArtist(userIds[2] ?? 0);
});
afterAll(async () => {
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
});

async function insertJob() {
  const job = await db
    .insertInto('jobs')
    .values({
      employer_id: userIds[0] ?? 0,
      title: 'Plumber in Ho',
      description: 'Fix the pipes of a guest house in Ho.',
      category: 'skilled_trades',
      region: 'Volta',
      job_type: 'fixed',
      hourly_rate_pesewas: null,
      fixed_price_pesewas: 50_000,
      estimated_hours: null,
      required_skills: '[]',
      start_date: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return job.id;
}

async function insertArtist(userId: number) {
  const artist = await db
    .insertInto('artists')
    .values({
      user_id: userId,
      stage_name: 'DJ Ho',
      bio: 'Highlife in the Volta region.',
      region: 'Volta',
      performance_types: '["DJ"]',
      hourly_rate_pesewas: 20_000,
      event_rate_pesewas: null,
      rating: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return artist.id;
}

/** Which versions a write moved. */
async function moved(write: () => Promise<unknown>): Promise<DataName[]> {
  const before: Versions = await read();
  await write();
  const after = await read();
  return NAMES.filter((name) => after[name] !== before[name]);
}

/** An insert, an update and a delete on each table a list reads. */
const WRITES: Record<string, { insert: () => Promise<unknown>; update: () => Promise<unknown> }> = {
  jobs: {
    insert: insertJob,
    update: () => db.updateTable('jobs').set({ title: 'Plumber in Hohoe' }).execute(),
  },
  applications: {
    insert: () =>
      db
        .insertInto('applications')
        .values({ job_id: jobIds[0] ?? 0, applicant_id: userIds[1] ?? 0, cover_letter: 'Me.' })
        .execute(),
    // Moving to another job changes two counts.
    update: () =>
      db
        .updateTable('applications')
        .set({ job_id: jobIds[1] ?? 0 })
        .execute(),
  },
  artists: {
    insert: () => insertArtist(userIds[3] ?? 0),
    update: () => db.updateTable('artists').set({ bio: 'Afrobeats too.' }).execute(),
  },
  artist_performance_types: {
    insert: () =>
      db
        .insertInto('artist_performance_types')
        .values({ artist_id: artistId, performance_type: 'MC' })
        .execute(),
    update: () =>
      db
        .updateTable('artist_performance_types')
        .set({ performance_type: 'Band' })
        .where('performance_type', '=', 'MC')
        .execute(),
  },
  portfolio_pictures: {
    insert: () =>
      db
        .insertInto('portfolio_pictures')
        .values({ artist_id: artistId, slot: 0, url: '/uploads/a.webp' })
        .execute(),
    update: () => db.updateTable('portfolio_pictures').set({ url: '/uploads/b.webp' }).execute(),
  },
};

test('every table a cached list reads has its writes listed here', () => {
  expect([...Object.keys(WRITES), 'users'].sort()).toEqual(Object.values(TABLES_OF).flat().sort());
});

// People are read from users, where only an update of what lists show of someone can change a
// list: a new user has no listing yet, and a deleted one takes their listings with them.
for (const name of NAMES.filter((name) => name !== 'people')) {
  for (const table of TABLES_OF[name]) {
    test(`an insert, an update and a delete in ${table} move the ${name} version, and only it`, async () => {
      const writes = WRITES[table];
      if (!writes) throw new Error(`no writes for ${table}`);
      expect(await moved(writes.insert)).toEqual([name]);
      expect(await moved(writes.update)).toEqual([name]);
      // Deleted last, so the rows the other tests need are back first.
      const remove = () =>
        table === 'jobs'
          ? db.deleteFrom('jobs').where('id', 'not in', jobIds).execute()
          : table === 'artists'
            ? db.deleteFrom('artists').where('id', '!=', artistId).execute()
            : db.deleteFrom(table).execute();
      expect(await moved(remove)).toEqual([name]);
    });
  }
}

test('a decision on an application moves no version: no list shows it', async () => {
  await db
    .insertInto('applications')
    .values({ job_id: jobIds[0] ?? 0, applicant_id: userIds[1] ?? 0, cover_letter: 'Me.' })
    .execute();
  expect(
    await moved(() => db.updateTable('applications').set({ status: 'accepted' }).execute()),
  ).toEqual([]);
});

test('what lists show of a person moves the people version, and only it', async () => {
  const shown = [
    { first_name: 'Esi' },
    { last_name: 'Owusu' },
    { business_name: 'Esi Builders' },
    { phone_verified: 0 },
  ];
  for (const change of shown) {
    expect(await moved(() => db.updateTable('users').set(change).execute())).toEqual(['people']);
  }
});

test('writes to what no list shows move nothing: availability, bookings, users', async () => {
  expect(
    await moved(() =>
      db
        .insertInto('artist_availability')
        .values({ artist_id: artistId, date: '2030-01-01', time_slot: null })
        .execute(),
    ),
  ).toEqual([]);
  expect(
    await moved(() =>
      db
        .insertInto('bookings')
        .values({
          artist_id: artistId,
          client_id: userIds[0] ?? 0,
          event_date: '2030-01-01T18:00:00Z',
          event_duration: 4,
          event_type: null,
          venue: 'Ho',
          event_details: null,
          rate_type: 'hourly',
          total_amount_pesewas: 80_000,
        })
        .execute(),
    ),
  ).toEqual([]);
  expect(await moved(() => db.updateTable('users').set({ region: 'Oti' }).execute())).toEqual([]);
  expect(
    await moved(() =>
      db
        .insertInto('users')
        .values({ phone_number: '+233240000009', first_name: 'Yaa', last_name: 'Ofori' })
        .execute(),
    ),
  ).toEqual([]);
});

test('a write rolled back moves nothing', async () => {
  const rolledBack = () =>
    db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('jobs').set({ title: 'Never saved' }).execute();
        await trx.updateTable('artists').set({ bio: 'Never saved' }).execute();
        throw new Error('rolled back');
      })
      .catch(() => undefined);
  expect(await moved(rolledBack)).toEqual([]);
});

test('writers of one name go on side by side, and each commit moves the version every reader sees', async () => {
  // SQLite's writers take turns on the file whatever the versions do.
  if (engineOf(db) !== 'postgres') return;
  const before = await read();
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let wrote: () => void = () => undefined;
  const written = new Promise<void>((resolve) => {
    wrote = resolve;
  });
  // The first writer bumps `jobs` and keeps its transaction open.
  const first = db.transaction().execute(async (trx) => {
    await trx
      .updateTable('jobs')
      .set({ title: 'Plumber in Keta' })
      .where('id', '=', jobIds[0] ?? 0)
      .execute();
    wrote();
    await held;
  });
  await written;
  // A second writer of `jobs` that had to wait for any lock would fail after lock_timeout
  // (55P03): it does not, and its commit moves the version at once.
  await db.transaction().execute(async (trx) => {
    await sql`SET LOCAL lock_timeout = '5s'`.execute(trx);
    await trx
      .updateTable('jobs')
      .set({ title: 'Plumber in Aflao' })
      .where('id', '=', jobIds[1] ?? 0)
      .execute();
  });
  const between = await read();
  release();
  await first;
  const after = await read();
  expect(between.jobs).toBeGreaterThan(before.jobs ?? 0);
  expect(after.jobs).toBeGreaterThan(between.jobs ?? 0);
  expect(after.artists).toBe(before.artists);
});

test('a name the database holds no version for is left out, so nothing under it is cached', async () => {
  await db.deleteFrom('data_versions').where('name', '=', 'artists').execute();
  expect(await dataVersionsTable(db).read(['jobs', 'artists'])).toEqual({
    jobs: expect.any(Number),
  });
  expect(await dataVersionsTable(db).read([])).toEqual({});
});
