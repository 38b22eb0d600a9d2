import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database, Db } from './database.ts';

/** PostgreSQL's type ids the app reads differently from `pg`'s defaults. */
const INT8 = 20;

/**
 * Counts, sums and data versions come back as int8, which `pg` gives as strings to be safe from
 * overflow. Every such figure here (counts, pesewas, versions) is far below 2^53, so they are
 * numbers, as SQLite gives them; one that is not would be a bug, and is refused loudly.
 */
function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new Error(`An integer beyond 2^53 was read: ${text}`);
  return value;
}

const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8 && format !== 'binary'
      ? parseInt8
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
