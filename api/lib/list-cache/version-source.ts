import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/**
 * What a cached value can be read from. Each name has a version that changes whenever data
 * under it changes:
 * - `jobs`: the jobs table;
 * - `application_counts`: applications arriving, leaving or moving to another job (a decision
 *   on one changes no count);
 * - `artists`: the artists table, their performance types and their portfolio pictures
 *   (availability is in no list);
 * - `people`: what lists show of the person behind a listing: names, business names and phone
 *   verification (users' other columns, and new users, are in no list).
 */
export type DataName = 'jobs' | 'application_counts' | 'artists' | 'people';
export type Versions = Readonly<Partial<Record<DataName, number>>>;

/** The tables whose writes change each name's version: what the triggers below watch. */
export const TABLES_OF: Readonly<Record<DataName, readonly (keyof Database)[]>> = {
  jobs: ['jobs'],
  application_counts: ['applications'],
  artists: ['artists', 'artist_performance_types', 'portfolio_pictures'],
  people: ['users'],
};

/**
 * Where the cache learns that data changed. `read` is the one query a cache hit runs, so it must
 * be cheap, and it must see every committed write, whoever made it (this process, another one, a
 * script): a value is served only while the versions it was computed under are still current.
 * A name it does not know is left out of the answer, and nothing depending on it is cached.
 */
export interface VersionSource {
  read(names: readonly DataName[]): Promise<Versions>;
}

/**
 * The versions in the `data_versions` table. Writes bump them through triggers in the database
 * (migrations 0005, 0006, 0010, 0020 and 0031), inside the writing statement and so inside its
 * transaction: no code path, script or shell session can change a list's data without its
 * version, and a rolled-back write bumps nothing.
 *
 * A name's version is the sum of its rows. SQLite keeps one row per name (its writers take turns
 * anyway). PostgreSQL keeps 64 (slots), and a writing statement bumps one that no other open
 * transaction holds, so writers never queue for one row's lock across the commit; every commit
 * still raises the sum any later read sees (docs/decisions/030-data-versions-in-slots.md).
 */
export function dataVersionsTable(db: Kysely<Database>): VersionSource {
  return {
    async read(names) {
      if (names.length === 0) return {};
      const rows = await db
        .selectFrom('data_versions')
        .select((eb) => ['name', eb.fn.sum<number>('version').as('version')])
        .where('name', 'in', names)
        .groupBy('name')
        .execute();
      return Object.fromEntries(rows.map((row) => [row.name, Number(row.version)]));
    },
  };
}
