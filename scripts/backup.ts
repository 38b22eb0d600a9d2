/**
 * Online backup of the SQLite database, safe while the server runs and writes.
 *
 *   npm run db:backup                      # DATABASE_PATH (default data/app.db) -> backups/app-<timestamp>.db
 *   npm run db:backup -- /path/to/copy.db  # a destination of your choice (never overwritten)
 *
 * SQLite's online backup API (better-sqlite3 `db.backup()`) copies every page in one step, inside
 * one read transaction: the copy is the database as of one moment, whatever the server writes
 * meanwhile (in WAL mode a reader never blocks the writer). The copy is then switched to a
 * self-contained rollback journal (no -wal/-shm beside it) and checked with PRAGMA integrity_check.
 */
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import SQLite from 'better-sqlite3';

const BACKUP_TABLES = [
  'users',
  'sessions',
  'jobs',
  'applications',
  'artists',
  'artist_availability',
  'bookings',
  'idempotency_keys',
] as const;

interface BackupResult {
  source: string;
  path: string;
  bytes: number;
  integrity: string;
  foreignKeyViolations: number;
  rowCounts: Record<string, number>;
  ms: number;
}

/** backups/app-2026-05-01T10-20-30-123Z.db at the repository root. */
function defaultBackupPath(now = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  return resolve(import.meta.dirname, '..', 'backups', `app-${stamp}.db`);
}

export async function backupDatabase(source: string, destination: string): Promise<BackupResult> {
  const started = Date.now();
  if (!existsSync(source)) throw new Error(`No database at ${source}`);
  if (existsSync(destination)) throw new Error(`${destination} already exists: not overwriting it`);
  mkdirSync(dirname(destination), { recursive: true });

  const db = new SQLite(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    // All remaining pages in one step: one consistent snapshot, and no restart loop when the
    // server keeps writing between steps.
    await db.backup(destination, { progress: () => 0x7fffffff });
  } finally {
    db.close();
  }

  const copy = new SQLite(destination, { fileMustExist: true });
  let integrity: string;
  let foreignKeyViolations: number;
  const rowCounts: Record<string, number> = {};
  try {
    copy.pragma('journal_mode = DELETE');
    integrity = String(copy.pragma('integrity_check', { simple: true }));
    foreignKeyViolations = (copy.pragma('foreign_key_check') as unknown[]).length;
    const tables = new Set(
      (
        copy.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as {
          name: string;
        }[]
      ).map((row) => row.name),
    );
    for (const table of BACKUP_TABLES) {
      if (!tables.has(table)) continue;
      rowCounts[table] = (
        copy.prepare(`SELECT COUNT(*) AS n FROM "${table}"`).get() as { n: number }
      ).n;
    }
  } finally {
    copy.close();
  }
  return {
    source,
    path: destination,
    bytes: statSync(destination).size,
    integrity,
    foreignKeyViolations,
    rowCounts,
    ms: Date.now() - started,
  };
}

async function main() {
  const source = resolve(process.env.DATABASE_PATH || 'data/app.db');
  const argument = process.argv[2];
  if (argument === '--help' || argument === '-h') {
    console.log(
      'npm run db:backup [-- destination.db]   (source: DATABASE_PATH, default data/app.db)',
    );
    return;
  }
  const destination = argument ? resolve(argument) : defaultBackupPath();
  const result = await backupDatabase(source, destination);
  console.log(`Backed up ${result.source}`);
  console.log(`  to        ${result.path}`);
  console.log(`  size      ${result.bytes} bytes (${(result.bytes / 1024 / 1024).toFixed(2)} MB)`);
  console.log(`  integrity ${result.integrity}`);
  console.log(`  foreign key violations ${result.foreignKeyViolations}`);
  for (const [table, count] of Object.entries(result.rowCounts)) {
    console.log(`  ${table.padEnd(20)} ${count}`);
  }
  console.log(`  took      ${result.ms} ms`);
  if (result.integrity !== 'ok' || result.foreignKeyViolations > 0) {
    console.error('The copy failed its checks: do not rely on it.');
    process.exitCode = 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  try {
    await main();
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 1;
  }
}
