import type SQLite from 'better-sqlite3';
import { CompiledQuery, type DatabaseConnection, SqliteDialect, SqliteDriver } from 'kysely';
import type { DatabaseFilesGuard } from './files-guard.ts';

/**
 * Kysely's SQLite driver with three changes:
 *
 * - Transactions start with BEGIN IMMEDIATE, taking the write lock at once. A plain BEGIN reads
 *   first and asks for the lock at its first write; when another process has written meanwhile,
 *   SQLite cannot wait (the snapshot read is stale) and fails at once with SQLITE_BUSY_SNAPSHOT,
 *   or SQLITE_BUSY, whatever the busy timeout. Taken up front, the lock is waited for. Every
 *   transaction of the app writes; reads that need no lock run outside one.
 * - No second rollback. SQLite rolls a transaction back by itself on some errors (SQLITE_FULL,
 *   SQLITE_IOERR, SQLITE_BUSY, SQLITE_NOMEM). Kysely then sends its own ROLLBACK, which fails
 *   with "cannot rollback - no transaction is active", and that error, thrown from Kysely's catch
 *   block, replaces the one that says what went wrong (a full disk). Rolling back only an open
 *   transaction lets the original error through.
 * - The files guard is consulted before each query or transaction takes the connection.
 */
class AppSqliteDriver extends SqliteDriver {
  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly guard: DatabaseFilesGuard | undefined,
  ) {
    super({ database: sqlite });
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    try {
      this.guard?.check();
    } catch (error) {
      await this.releaseConnection();
      throw error;
    }
    return connection;
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.sqlite.inTransaction) await super.rollbackTransaction(connection);
  }
}

export class AppSqliteDialect extends SqliteDialect {
  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly guard?: DatabaseFilesGuard,
  ) {
    super({ database: sqlite });
  }

  override createDriver() {
    return new AppSqliteDriver(this.sqlite, this.guard);
  }
}
