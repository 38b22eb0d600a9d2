import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely } from 'kysely';
import { DatabaseFilesGuard } from './files-guard.ts';
import type { GroupCommit } from './group-commit.ts';
import { openPostgres } from './postgres.ts';
import type { Database, Db } from './schema.ts';
import { AppSqliteDialect } from './sqlite-dialect.ts';

/** The tables (schema.ts), for everyone who opens or queries the database. */
export type {
  ArtistsTable,
  ChargesTable,
  Database,
  Db,
  IdempotencyKeysTable,
  JobsTable,
  LedgerAccountsTable,
  LedgerEntriesTable,
  LedgerTransactionsTable,
  MilestonesTable,
  NotificationsTable,
  PaymentsTable,
  PayoutSettingsTable,
  PayoutsTable,
  ProviderEventsTable,
  RefundsTable,
  ReviewsTable,
  SessionsTable,
  UsersTable,
  UssdSessionsTable,
} from './schema.ts';

interface OpenDatabaseOptions {
  /**
   * Called once if the database file or its WAL index is deleted, replaced or cut short while
   * open; queries fail from then on (see DatabaseFilesGuard). The server stops with a log line.
   */
  onFilesChanged?: (problem: string) => void;
}

/**
 * Opens the SQLite file (creating its directory) with WAL, foreign keys and a busy timeout, and
 * makes sure it can be written: a file the server may only read is refused here, with one clear
 * message, not at the first write.
 */
export function openDatabase(path: string, options: OpenDatabaseOptions = {}): Db {
  let sqlite: SQLite.Database | undefined;
  let reader: SQLite.Database | undefined;
  try {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    sqlite = new SQLite(path);
    sqlite.pragma('journal_mode = WAL');
    // FULL: a write acknowledged to a phone survives even a power cut, since the phone's outbox
    // forgets it on the 2xx.
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    // Reads go through read(), never a memory map of the database file: an I/O error on a mapped
    // file is a SIGBUS that kills the process, where read() gives SQLite an error to return.
    sqlite.pragma('mmap_size = 0');
    assertWritable(sqlite);
    if (path !== ':memory:') reader = openReader(path);
  } catch (error) {
    reader?.close();
    sqlite?.close();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `Cannot open the database ${path} for writing (${reason}). The server must be able to write the file, and the folder it is in for its -wal and -shm files.`,
      { cause: error },
    );
  }
  const guard =
    path === ':memory:' ? undefined : new DatabaseFilesGuard(path, options.onFilesChanged ?? noop);
  guard?.start();
  const dialect = new AppSqliteDialect(sqlite, reader, guard);
  const db = new Kysely<Database>({ dialect });
  if (dialect.groups) groupCommits.set(db, dialect.groups);
  return db;
}

const groupCommits = new WeakMap<Db, GroupCommit>();

/** The group commit of a database openDatabase opened: its counts, for tests and benchmarks. */
export function groupCommitOf(db: Db): GroupCommit | undefined {
  return groupCommits.get(db);
}

/**
 * A second connection for reads outside transactions: it sees only committed rows, so a read
 * never shows a row whose write has not been answered yet, nor waits while a group of writes is
 * open on the first (sqlite-dialect.ts). It is refused any write.
 */
function openReader(path: string): SQLite.Database {
  const reader = new SQLite(path);
  reader.pragma('busy_timeout = 5000');
  reader.pragma('mmap_size = 0');
  reader.pragma('query_only = ON');
  return reader;
}

const noop = () => undefined;

/** The database the configuration names: PostgreSQL at DATABASE_URL, else the SQLite file. */
export function openConfiguredDatabase(
  config: { databasePath: string; databaseUrl?: string | null | undefined },
  options: OpenDatabaseOptions = {},
): Db {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl)
    : openDatabase(config.databasePath, options);
}

/**
 * A write tried inside a transaction that is then rolled back, so nothing changes: SQLite opens
 * a file it may not write read-only without a word, and only a write tells.
 */
function assertWritable(sqlite: SQLite.Database) {
  try {
    sqlite.exec('BEGIN IMMEDIATE');
    const version = Number(sqlite.pragma('user_version', { simple: true }));
    sqlite.pragma(`user_version = ${version}`);
  } catch (error) {
    // Another process writing at this moment proves the file writable.
    if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY')) return;
    throw error;
  } finally {
    if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
  }
}
