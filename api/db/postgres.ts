import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database, Db } from './schema.ts';

/** PostgreSQL's type ids the app reads differently from `pg`'s defaults. */
const INT8 = 20;
const NUMERIC = 1700;

/**
 * Integers are 64-bit (bigint, as SQLite's), and a sum of them is numeric; `pg` gives both as
 * strings, to be safe from overflow. Every such figure here (ids, counts, pesewas, versions) is
 * far below 2^53, so they are numbers, as SQLite gives them; one that is not would be a bug,
 * and is refused loudly.
 */
function parseNumber(text: string): number {
  const value = Number(text);
  if (!Number.isFinite(value) || (Number.isInteger(value) && !Number.isSafeInteger(value))) {
    throw new Error(`A number beyond 2^53 was read: ${text}`);
  }
  return value;
}

const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    (oid === INT8 || oid === NUMERIC) && format !== 'binary'
      ? parseNumber
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export interface OpenPostgresOptions {
  /** Connections this process keeps at most (the pool's size); 10 unless told. */
  maxConnections?: number;
  /**
   * Called when an idle connection fails (the server restarted, the network dropped): the pool
   * drops it and opens a new one when next needed. Written to stderr unless told.
   */
  onIdleError?: (error: Error) => void;
}

/** The PostgreSQL database a `postgres://` URL names, through a pool of connections. */
export function openPostgres(url: string, options: OpenPostgresOptions = {}): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.maxConnections ?? 10,
    types,
    // A request waits this long for a free connection, then fails (503) rather than hang.
    connectionTimeoutMillis: 10_000,
  });
  pool.on(
    'error',
    options.onIdleError ?? ((error) => console.error('database connection lost:', error.message)),
  );
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
