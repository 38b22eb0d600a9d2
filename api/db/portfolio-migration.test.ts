import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Generated, type Kysely, Migrator } from 'kysely';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { type Db, openDatabase } from './database.ts';
import { migrateToLatest, migrationsFor } from './migrate.ts';

let dir: string;
let db: Db;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gigs-migration-'));
  db = openDatabase(join(dir, 'app.db'));
});
afterEach(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

/** The tables as they were before pictures had rows. */
interface Before {
  users: {
    id: Generated<number>;
    phone_number: string;
    first_name: string;
    last_name: string;
    role: string;
  };
  artists: {
    id: Generated<number>;
    user_id: number;
    stage_name: string;
    region: string;
    portfolio_images: string;
  };
}

const migrator = (to: Kysely<Before>) =>
  new Migrator({ db: to, provider: { getMigrations: async () => migrationsFor(to) } });

async function artistWith(old: Kysely<Before>, phone: string, images: string[]) {
  const user = await old
    .insertInto('users')
    .values({ phone_number: phone, first_name: 'Efua', last_name: 'Sam', role: 'artist' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return old
    .insertInto('artists')
    .values({
      user_id: user.id,
      stage_name: `Efua ${phone.slice(-2)}`,
      region: 'Central',
      portfolio_images: JSON.stringify(images),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

test('pictures kept as a JSON list on the artist move to rows of their own, in order', async () => {
  const old = db as unknown as Kysely<Before>;
  const before = await migrator(old).migrateTo('0006_list_versions');
  expect(before.error).toBeUndefined();
  const many = Array.from(
    { length: 10 },
    (_, index) => `/uploads/${String(index).repeat(32)}.webp`,
  );
  const [firstUpload = ''] = many;
  const one = await artistWith(old, '+233241110001', [
    '/images/portfolio/turntable.svg',
    firstUpload,
  ]);
  const none = await artistWith(old, '+233241110002', []);
  const over = await artistWith(old, '+233241110003', many);

  await migrateToLatest(db);

  const rows = await db
    .selectFrom('portfolio_pictures')
    .select(['artist_id', 'slot', 'url'])
    .orderBy('id')
    .execute();
  expect(rows.filter((row) => row.artist_id === one.id)).toEqual([
    { artist_id: one.id, slot: 0, url: '/images/portfolio/turntable.svg' },
    { artist_id: one.id, slot: 1, url: firstUpload },
  ]);
  expect(rows.filter((row) => row.artist_id === none.id)).toEqual([]);
  // Only a race could have made a list longer than the cap: its first 8 are kept.
  expect(rows.filter((row) => row.artist_id === over.id).map((row) => row.url)).toEqual(
    many.slice(0, 8),
  );
  const columns = await db.introspection.getTables();
  const artists = columns.find((table) => table.name === 'artists');
  expect(artists?.columns.map((column) => column.name)).not.toContain('portfolio_images');

  // And back again.
  const down = await migrator(old).migrateTo('0006_list_versions');
  expect(down.error).toBeUndefined();
  const restored = await old
    .selectFrom('artists')
    .select(['id', 'portfolio_images'])
    .orderBy('id')
    .execute();
  expect(restored.map((artist) => JSON.parse(artist.portfolio_images))).toEqual([
    ['/images/portfolio/turntable.svg', firstUpload],
    [],
    many.slice(0, 8),
  ]);
});
