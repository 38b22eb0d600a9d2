import type SQLite from 'better-sqlite3';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type QueryResult,
  SelectQueryNode,
  SqliteDialect,
  SqliteDriver,
} from 'kysely';
import type { DatabaseFilesGuard } from './files-guard.ts';
import { ConnectionLock, GroupCommit, type GroupMember } from './group-commit.ts';

/**
 * Kysely's SQLite driver with these changes:
 *
 * - Write transactions commit in groups (group-commit.ts): the transactions that arrive together
 *   share one BEGIN IMMEDIATE … COMMIT and so one fsync, each inside its own savepoint, and each
 *   hears its outcome only once its group has committed. BEGIN IMMEDIATE takes the write lock at
 *   once: a plain BEGIN reads first and asks for the lock at its first write; when another
 *   process has written meanwhile, SQLite cannot wait (the snapshot read is stale) and fails at
 *   once with SQLITE_BUSY_SNAPSHOT, or SQLITE_BUSY, whatever the busy timeout. Taken up front,
 *   the lock is waited for. Every transaction of the app writes; reads that need no lock run
 *   outside one.
 * - No second rollback. SQLite rolls a transaction back by itself on some errors (SQLITE_FULL,
 *   SQLITE_IOERR, SQLITE_BUSY, SQLITE_NOMEM). Kysely would then send its own ROLLBACK, which
 *   fails with "cannot rollback - no transaction is active", and that error, thrown from Kysely's
 *   catch block, would replace the one that says what went wrong (a full disk). The group sees
 *   the transaction gone and hands the original error to its members.
 * - The files guard is consulted before each query or transaction takes the connection.
 */
class AppSqliteDriver extends SqliteDriver {
  readonly #lock = new ConnectionLock();
  readonly groups: GroupCommit;

  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly reader: SQLite.Database | undefined,
    private readonly guard: DatabaseFilesGuard | undefined,
  ) {
    super({ database: sqlite });
    this.groups = new GroupCommit(sqlite, this.#lock);
  }

  override async init(): Promise<void> {}

  override async acquireConnection(): Promise<DatabaseConnection> {
    this.guard?.check();
    return new Lease(this.sqlite, this.reader, this.#lock, this.groups);
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    // A connection that ran a raw statement first (db.connection()) holds the lock a group would
    // wait for: its transaction runs on its own, as before group commit.
    if (lease.holdsLock) this.sqlite.exec('BEGIN IMMEDIATE');
    else lease.member = await this.groups.join();
  }

  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    if (lease.holdsLock) this.sqlite.exec('COMMIT');
    else await lease.finish(true);
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    if (!lease.holdsLock) await lease.finish(false);
    else if (this.sqlite.inTransaction) this.sqlite.exec('ROLLBACK');
  }

  override async releaseConnection(connection?: DatabaseConnection): Promise<void> {
    (connection as Lease | undefined)?.release();
  }

  override async destroy(): Promise<void> {
    this.reader?.close();
    this.sqlite.close();
  }
}

/** Statements that write: outside a transaction, each is a group member of its own. */
const WRITES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode']);

/**
 * One use of the database, as Kysely asks for it:
 * - a transaction, or an insert, update or delete outside one: a member of a group (the group
 *   holds the write connection's lock);
 * - a select outside a transaction: on the read connection, which sees only committed rows and
 *   never waits for a group (on the write connection, under its lock, when there is none);
 * - any other statement (raw SQL, a pragma, schema changes): on the write connection, under its
 *   lock, held from the first such statement until Kysely releases the connection.
 */
class Lease implements DatabaseConnection {
  member: GroupMember | undefined;
  #holdsLock = false;
  /** What the last statement that failed threw: the cause, if SQLite undoes the whole group. */
  #lastError: unknown;

  get holdsLock(): boolean {
    return this.#holdsLock;
  }

  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly reader: SQLite.Database | undefined,
    private readonly lock: ConnectionLock,
    private readonly groups: GroupCommit,
  ) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    if (!this.member && !this.#holdsLock) {
      if (this.reader && SelectQueryNode.is(compiledQuery.query)) {
        return run<R>(this.reader, compiledQuery);
      }
      if (WRITES.has(compiledQuery.query.kind)) return this.#writeAlone(compiledQuery);
      await this.lock.acquire();
      this.#holdsLock = true;
    }
    try {
      return run<R>(this.sqlite, compiledQuery);
    } catch (error) {
      this.#lastError = error;
      throw error;
    }
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(compiledQuery.query)) {
      throw new Error('Sqlite driver only supports streaming of select queries');
    }
    let connection = this.sqlite;
    if (!this.member && !this.#holdsLock) {
      if (this.reader) {
        connection = this.reader;
      } else {
        await this.lock.acquire();
        this.#holdsLock = true;
      }
    }
    const statement = connection.prepare(compiledQuery.sql);
    for (const row of statement.iterate(compiledQuery.parameters)) yield { rows: [row as R] };
  }

  /** A write outside a transaction: its own savepoint in a group, answered once that commits. */
  async #writeAlone<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const member = await this.groups.join();
    let result: QueryResult<R>;
    try {
      result = run<R>(this.sqlite, compiledQuery);
    } catch (error) {
      await member.finish(false, error);
      throw error;
    }
    await member.finish(true);
    return result;
  }

  /** Ends the transaction's part in its group and waits for the group's outcome. */
  async finish(kept: boolean): Promise<void> {
    const member = this.member;
    this.member = undefined;
    // A rollback after a failed commit: the group has already settled this member.
    if (!member) return;
    await member.finish(kept, this.#lastError);
  }

  release() {
    if (!this.#holdsLock) return;
    this.#holdsLock = false;
    this.lock.release();
  }
}

/** Statements kept prepared per connection, by their SQL: the app runs a few hundred distinct ones. */
const PREPARED_STATEMENTS = 500;
const prepared = new WeakMap<SQLite.Database, Map<string, SQLite.Statement>>();

/**
 * The connection's statement for `sql`, prepared once: preparing costs about as much as running
 * a small query, and every request runs a dozen. The least recently used go past the limit.
 */
function statementFor(sqlite: SQLite.Database, sql: string): SQLite.Statement {
  let statements = prepared.get(sqlite);
  if (!statements) {
    statements = new Map();
    prepared.set(sqlite, statements);
  }
  let statement = statements.get(sql);
  if (statement) {
    statements.delete(sql);
  } else {
    statement = sqlite.prepare(sql);
    if (statements.size >= PREPARED_STATEMENTS) {
      statements.delete(statements.keys().next().value as string);
    }
  }
  statements.set(sql, statement);
  return statement;
}

function run<R>(sqlite: SQLite.Database, { sql, parameters }: CompiledQuery): QueryResult<R> {
  const statement = statementFor(sqlite, sql);
  if (statement.reader) return { rows: statement.all(parameters) as R[] };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return {
    numAffectedRows: BigInt(changes),
    insertId: BigInt(lastInsertRowid),
    rows: [],
  };
}

export class AppSqliteDialect extends SqliteDialect {
  /**
   * `sqlite` is the write connection; `reader`, a second connection to the same file, answers
   * selects outside transactions (none for `:memory:`, which a second connection cannot share).
   */
  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly reader?: SQLite.Database,
    private readonly guard?: DatabaseFilesGuard,
  ) {
    super({ database: sqlite });
  }

  #driver: AppSqliteDriver | undefined;

  override createDriver() {
    this.#driver = new AppSqliteDriver(this.sqlite, this.reader, this.guard);
    return this.#driver;
  }

  /** The driver's group commit, once Kysely has created the driver. */
  get groups(): GroupCommit | undefined {
    return this.#driver?.groups;
  }
}
