/**
 * What SQLite and PostgreSQL do differently, in one place. Everything else (the repositories,
 * the services, the migrations after the PostgreSQL baseline) is written once, in SQL both
 * engines run the same way: text timestamps, 0/1 flags, integer pesewas, keyset paging with
 * row values, INSERT ... ON CONFLICT, UPDATE ... RETURNING.
 */
import {
  type Compilable,
  CompiledQuery,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  PostgresAdapter,
  type QueryExecutorProvider,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from 'kysely';
import type { Database } from './database.ts';

export type Engine = 'sqlite' | 'postgres';

/** A database handle or a transaction of it (any Kysely). */
type Handle = QueryExecutorProvider;

/** Which engine a handle (or a transaction of it) talks to. */
export function engineOf(db: Handle): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

// --- Search ---------------------------------------------------------------------------------

/** The trigram indexes need 3 characters; shorter searches cannot use them. */
export const TRIGRAM_MIN = 3;

/** A substring search as an FTS5 phrase: quotes doubled, so user text is never query syntax. */
const ftsPhrase = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** `%text%` with LIKE's wildcards escaped (ESCAPE '\'). */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * Rows whose columns contain `text`, case-insensitively.
 * - SQLite: from three characters, the ids among the matches of the table's FTS5 trigram index
 *   (`ftsTable`); below, LIKE on the columns (SQLite's LIKE ignores ASCII case).
 * - PostgreSQL: ILIKE on the columns, which their pg_trgm GIN indexes answer from three
 *   characters.
 */
export function matchesText<DB, TB extends keyof DB & string>(
  db: Handle,
  eb: ExpressionBuilder<DB, TB>,
  search: { idColumn: string; ftsTable: string; columns: readonly string[] },
  text: string,
): Expression<SqlBool> {
  const pattern = likePattern(text);
  if (engineOf(db) === 'postgres') {
    return eb.or(
      search.columns.map((column) => sql<SqlBool>`${sql.ref(column)} ILIKE ${pattern} ESCAPE '\\'`),
    );
  }
  if ([...text].length >= TRIGRAM_MIN) {
    const fts = sql.table(search.ftsTable);
    return sql<SqlBool>`${sql.ref(search.idColumn)} IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${ftsPhrase(text)})`;
  }
  return eb.or(
    search.columns.map((column) => sql<SqlBool>`${sql.ref(column)} LIKE ${pattern} ESCAPE '\\'`),
  );
}

// --- Concurrency ----------------------------------------------------------------------------

/**
 * Makes the transaction `trx` the only one holding `key` until it ends, so that rules checked by
 * reading and then writing (a count under a cap, a record looked up before it is stored) hold
 * with any number of processes.
 * - SQLite: nothing to do; every transaction takes the write lock as it begins (BEGIN
 *   IMMEDIATE), so writers already take turns.
 * - PostgreSQL: a transaction-scoped advisory lock on the key's 64-bit hash; writers with other
 *   keys go on side by side, and the lock goes with the commit or rollback. A rare hash
 *   collision only makes two keys take turns.
 */
export async function lockKey(trx: Handle, key: string): Promise<void> {
  if (engineOf(trx) !== 'postgres') return;
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
}

/**
 * The rows a claim takes: `idColumn` among the ids `picked` chooses (a subquery with its ORDER BY
 * and LIMIT), for `UPDATE ... WHERE <this> ... RETURNING`.
 * - PostgreSQL: the subquery skips rows another transaction is claiming at this moment (FOR
 *   UPDATE SKIP LOCKED) rather than queue behind it, so workers in several processes claim
 *   different rows at once; and it runs once, as an array (`= ANY(ARRAY(...))`): as a plain
 *   IN, the planner may run it again for each row it updates, and a LIMIT then holds for each
 *   run, not for the claim.
 * - SQLite: `IN (subquery)`; its writers take turns already.
 */
export function claimedAmong<DB, TB extends keyof DB, O>(
  db: Handle,
  idColumn: string,
  picked: SelectQueryBuilder<DB, TB, O>,
): Expression<SqlBool> {
  if (engineOf(db) === 'postgres') {
    return sql<SqlBool>`${sql.ref(idColumn)} = ANY(ARRAY(${picked.forUpdate().skipLocked()}))`;
  }
  return sql<SqlBool>`${sql.ref(idColumn)} IN (${picked})`;
}

// --- Failures -------------------------------------------------------------------------------

/**
 * Failures of the storage rather than of the request, worth trying again in a while:
 * - SQLite: a full disk, an I/O error, a file turned read-only, a database busy past the
 *   timeout, the files changed under the server;
 * - PostgreSQL: insufficient resources (class 53: disk full, out of memory, too many
 *   connections), the server shutting down or starting (57P01-57P03), a lost connection (class
 *   08), a read-only server (25006, a standby), a serialization failure or deadlock (40001,
 *   40P01);
 * - the picture store: a bucket that refused or did not answer (PICTURE_STORE_FAILED);
 * - the operating system: a full or read-only disk, an I/O error, a connection refused or cut.
 */
const STORAGE_FAILURE = new RegExp(
  [
    '^SQLITE_(FULL|IOERR|READONLY|BUSY|LOCKED)',
    '^DATABASE_FILES_CHANGED$',
    '^53\\d{3}$',
    '^57P0[123]$',
    '^08\\d{3}$',
    '^25006$',
    '^40001$',
    '^40P01$',
    '^PICTURE_STORE_FAILED$',
    '^(ENOSPC|EDQUOT|EROFS|EIO|ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT)$',
  ].join('|'),
);

/** What `pg` throws without a code when a connection is lost or none can be had in time. */
const LOST_CONNECTION =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/** The failure's code (SQLITE_FULL, 53100, ENOSPC ...) when it is a storage failure. */
export function storageFailureCode(error: unknown): string | undefined {
  const { code, syscall } = (error ?? {}) as { code?: unknown; syscall?: unknown };
  if (typeof code === 'string' && STORAGE_FAILURE.test(code)) return code;
  // A PostgreSQL server on a Unix socket that is not running: its socket file is missing.
  if (code === 'ENOENT' && syscall === 'connect') return code;
  const message = (error as { message?: unknown } | null)?.message;
  if (typeof code !== 'string' && typeof message === 'string' && LOST_CONNECTION.test(message)) {
    return 'CONNECTION_LOST';
  }
  return undefined;
}

/** A unique constraint refused the write: two writers met on one key. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

// --- Query plans ----------------------------------------------------------------------------

/** Kinds of PostgreSQL plan step a query plan may be asked to avoid. */
export type PlanKind = 'seqscan' | 'sort' | 'indexscan';

/**
 * How the engine would run a query, one line per step: SQLite's EXPLAIN QUERY PLAN details, or
 * PostgreSQL's EXPLAIN text. Tests read it to prove the main lists use their indexes.
 *
 * PostgreSQL reads a table of a few rows whole whatever its indexes, so a test's plan would say
 * nothing about a large table's. `avoid` turns plan kinds off for this one EXPLAIN (a
 * sequential scan, a sort, a plain index scan), so the plan shows whether an index can serve
 * the query, and how. SQLite plans by the indexes alone and ignores it.
 */
export async function queryPlan(
  db: Kysely<Database>,
  query: Compilable,
  { avoid = [] }: { avoid?: readonly PlanKind[] } = {},
): Promise<string[]> {
  const { sql: text, parameters } = query.compile();
  if (engineOf(db) !== 'postgres') {
    const { rows } = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`EXPLAIN QUERY PLAN ${text}`, [...parameters]),
    );
    return rows.map((row) => row.detail);
  }
  return db.transaction().execute(async (trx) => {
    for (const kind of avoid) await sql.raw(`SET LOCAL enable_${kind} = off`).execute(trx);
    const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`EXPLAIN ${text}`, [...parameters]),
    );
    return rows.map((row) => row['QUERY PLAN']);
  });
}
