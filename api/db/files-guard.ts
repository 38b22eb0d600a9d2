import { statSync } from 'node:fs';

/** Thrown instead of running a query once the database files have changed under the server. */
class DatabaseFilesChanged extends Error {
  readonly code = 'DATABASE_FILES_CHANGED';
}

interface FileId {
  dev: number;
  ino: number;
  size: number;
}

function idOf(path: string): FileId | undefined {
  const stats = statSync(path, { throwIfNoEntry: false });
  return stats && { dev: stats.dev, ino: stats.ino, size: stats.size };
}

/**
 * Watches the database file and its WAL index (`-shm`) from outside SQLite. SQLite maps the
 * index into memory: if the file is cut short under it (truncated, or overwritten by a copy),
 * the next read of the mapping kills the process with SIGBUS, which no JavaScript can catch or
 * log. Checked before every query, the guard stops first, with a message, instead. It stops
 * as well when a file is replaced or deleted: other processes would no longer share our locks.
 */
export class DatabaseFilesGuard {
  readonly #databasePath: string;
  readonly #indexPath: string;
  #database: FileId | undefined;
  #index: FileId | undefined;
  #problem: string | undefined;

  constructor(
    databasePath: string,
    private readonly onChanged: (problem: string) => void,
  ) {
    this.#databasePath = databasePath;
    this.#indexPath = `${databasePath}-shm`;
  }

  /** Remembers the files as they are now, the database being open. */
  start(): void {
    this.#database = idOf(this.#databasePath);
    this.#index = idOf(this.#indexPath);
  }

  /** Throws (and reports once) if the files are no longer the ones SQLite has open. */
  check(): void {
    if (this.#problem === undefined) this.#problem = this.#findProblem();
    if (this.#problem === undefined) return;
    const problem = this.#problem;
    this.#report(problem);
    throw new DatabaseFilesChanged(`The database files changed under the server: ${problem}`);
  }

  #reported = false;
  #report(problem: string) {
    if (this.#reported) return;
    this.#reported = true;
    this.onChanged(problem);
  }

  #findProblem(): string | undefined {
    const database = idOf(this.#databasePath);
    if (!database || !same(database, this.#database)) {
      return `${this.#databasePath} was deleted or replaced`;
    }
    if (!this.#index) {
      // Not there at start-up (no read yet): from now on it is.
      this.#index = idOf(this.#indexPath);
      return undefined;
    }
    const index = idOf(this.#indexPath);
    if (!index || !same(index, this.#index)) return `${this.#indexPath} was deleted or replaced`;
    if (index.size < this.#index.size) {
      return `${this.#indexPath} was cut short (${this.#index.size} bytes to ${index.size})`;
    }
    // It grows with the WAL, never shrinks while the database is open.
    this.#index = index;
    return undefined;
  }
}

const same = (a: FileId, b: FileId | undefined) =>
  b !== undefined && a.dev === b.dev && a.ino === b.ino;
