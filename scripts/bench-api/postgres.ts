/**
 * The PostgreSQL column of the API benchmark: the same seeded data, copied from the SQLite file
 * into a database of a throwaway PostgreSQL server (durable: commits reach the disk, as
 * SQLite's do with synchronous=FULL), migrated the way the server migrates.
 */
import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import { CompiledQuery, sql } from 'kysely';
import { migrateToLatest } from '../../api/db/migrate.ts';
import { openPostgres } from '../../api/db/postgres.ts';
import type { PostgresServer } from '../lib/postgres-server.ts';
import type { SeedResult } from './bulk-seed.ts';

/** The seeded tables, parents first; artist_performance_types is made by its trigger. */
const TABLES = [
  'users',
  'jobs',
  'applications',
  'artists',
  'artist_availability',
  'portfolio_pictures',
];

/** Rows per INSERT: PostgreSQL takes at most 65,535 parameters a statement. */
const PARAMETERS_PER_INSERT = 60_000;

/**
 * The trigram indexes are dropped for the copy and made again after it, as a restore makes its
 * indexes after the data: kept up to date row by row, a million descriptions take many times
 * longer. The definitions are the migrations'.
 */
const TRIGRAM_INDEXES = [
  'CREATE INDEX jobs_title_trgm ON jobs USING gin (title gin_trgm_ops)',
  'CREATE INDEX jobs_description_trgm ON jobs USING gin (description gin_trgm_ops)',
];

export interface PostgresCopy {
  url: string;
  ms: number;
  /** The database's size on disk after the copy (tables and indexes). */
  bytes: number;
}

export async function copyToPostgres(
  seeded: SeedResult,
  server: PostgresServer,
  name: string,
): Promise<PostgresCopy> {
  const started = performance.now();
  await server.createDatabase(name);
  const url = server.url(name);
  const db = openPostgres(url);
  const sqlite = new SQLite(seeded.path, { readonly: true });
  try {
    await migrateToLatest(db);
    await sql.raw('DROP INDEX jobs_title_trgm, jobs_description_trgm').execute(db);
    for (const table of TABLES) {
      const columns = (sqlite.prepare(`SELECT * FROM ${table} LIMIT 1`).columns() ?? []).map(
        (column) => column.name,
      );
      const perInsert = Math.floor(PARAMETERS_PER_INSERT / columns.length);
      const read = sqlite.prepare(`SELECT * FROM ${table} ORDER BY rowid LIMIT ? OFFSET ?`).raw();
      for (let offset = 0; ; offset += perInsert) {
        const rows = read.all(perInsert, offset) as unknown[][];
        if (rows.length === 0) break;
        const values = rows.map(
          (row, r) => `(${row.map((_, c) => `$${r * columns.length + c + 1}`).join(', ')})`,
        );
        await db.executeQuery(
          CompiledQuery.raw(
            `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values.join(', ')}`,
            rows.flat(),
          ),
        );
      }
      if (columns.includes('id')) {
        await sql
          .raw(
            `SELECT setval(pg_get_serial_sequence('${table}', 'id'), coalesce(max(id), 1)) FROM ${table}`,
          )
          .execute(db);
      }
    }
    for (const statement of TRIGRAM_INDEXES) await sql.raw(statement).execute(db);
    await sql.raw('VACUUM ANALYZE').execute(db);
    const { rows } = await sql<{
      bytes: number;
    }>`SELECT pg_database_size(current_database()) AS bytes`.execute(db);
    return { url, ms: performance.now() - started, bytes: Number(rows[0]?.bytes ?? 0) };
  } finally {
    sqlite.close();
    await db.destroy();
  }
}

/** The settings a benchmark server needs to count statements (pg_stat_statements). */
export const COUNTING_SETTINGS = {
  shared_preload_libraries: 'pg_stat_statements',
  'pg_stat_statements.max': '10000',
  'pg_stat_statements.track_utility': 'on',
};

/**
 * How many statements the clients of database `name` have sent so far: each one a round trip
 * (the pool sends one statement per query, BEGIN and COMMIT included; statements that triggers
 * and functions run inside the server are not counted). The server must run with
 * COUNTING_SETTINGS.
 */
export async function statementCounter(
  server: PostgresServer,
  name: string,
): Promise<() => Promise<number>> {
  await server.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  return async () => {
    const { rows } = await server.query(
      `SELECT coalesce(sum(s.calls), 0)::text AS calls FROM pg_stat_statements s
         JOIN pg_database d ON d.oid = s.dbid WHERE d.datname = '${name.replaceAll("'", "''")}'`,
    );
    return Number((rows[0] as { calls: string }).calls);
  };
}
