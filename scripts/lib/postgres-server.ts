/**
 * A throwaway PostgreSQL server for tests, benchmarks and scripts: `initdb` into a temporary
 * folder, a server listening only on a Unix socket in that folder (no TCP port to collide on),
 * databases made from a template in a few milliseconds, and everything stopped and removed
 * afterwards. The binaries are Debian's `postgresql` package (/usr/lib/postgresql/<n>/bin, or
 * PG_BIN). PostgreSQL refuses to run as root, so as root it runs as the `postgres` user.
 */
import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

/** The template databases of PostgreSQL test runs are copied from (scripts/test-pg.ts makes it). */
export const POSTGRES_TEMPLATE = 'gigs_template';

/** What a superuser does to a server's databases, from its connection string. */
export interface PostgresAdmin {
  /** A connection string for one database of this server (the same user and place). */
  url(database?: string): string;
  /** Makes a database, empty or as a copy of `template`. */
  createDatabase(name: string, template?: string): Promise<void>;
  /** Drops a database, disconnecting whoever is still in it. */
  dropDatabase(name: string): Promise<void>;
  /** Runs SQL in the server's maintenance database. */
  query(text: string): Promise<pg.QueryResult>;
}

export interface PostgresServer extends PostgresAdmin {
  /** The folder the socket is in (a connection's `host`). */
  socketDir: string;
  /** Stops the server and removes its folder (safe to call twice). */
  stop(): Promise<void>;
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The databases of the server `maintenanceUrl` points at (any database of it will do). */
export function postgresAdmin(maintenanceUrl: string): PostgresAdmin {
  const url = (database = 'postgres') => {
    const parsed = new URL(maintenanceUrl);
    parsed.pathname = `/${encodeURIComponent(database)}`;
    return parsed.toString();
  };
  const query = async (text: string) => {
    const client = new pg.Client({ connectionString: url() });
    await client.connect();
    try {
      return await client.query(text);
    } finally {
      await client.end();
    }
  };
  return {
    url,
    query,
    async createDatabase(name, template) {
      // A copy of the migrated template: some 50 ms, where migrating anew takes seconds.
      await query(
        `CREATE DATABASE ${ident(name)}${template ? ` TEMPLATE ${ident(template)}` : ''}`,
      );
    },
    async dropDatabase(name) {
      await query(`DROP DATABASE IF EXISTS ${ident(name)} WITH (FORCE)`);
    },
  };
}

export interface StartPostgresOptions {
  /**
   * Whether commits reach the disk before they are acknowledged (fsync, full page writes).
   * Off for tests, whose data is thrown away; on for benchmarks, which measure real writes.
   */
  durable?: boolean;
  /** Extra `-c name=value` settings. */
  settings?: Record<string, string>;
}

/** The superuser initdb makes: always `postgres`, whichever OS user runs the server. */
const SUPERUSER = 'postgres';
const PORT = 5432;

/** Where the server binaries are: PG_BIN, or the newest Debian package's. */
export function postgresBinDir(): string {
  const configured = process.env.PG_BIN;
  if (configured) return configured;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const newest = versions[0];
  if (!newest) {
    throw new Error(
      'PostgreSQL is not installed: apt-get install postgresql (or set PG_BIN to its bin folder)',
    );
  }
  return join(root, newest, 'bin');
}

const runningAsRoot = () => process.getuid?.() === 0;

/** Runs a server binary, as the `postgres` user when we are root; throws with its output on failure. */
function runTool(binDir: string, tool: string, args: string[]): SpawnSyncReturns<string> {
  const command = join(binDir, tool);
  const [file, argv] = runningAsRoot()
    ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
    : [command, args];
  const result = spawnSync(file, argv, { encoding: 'utf8', cwd: '/tmp' });
  if (result.status !== 0) {
    throw new Error(
      `${tool} failed (${result.status ?? result.signal}): ${result.stderr || result.stdout || result.error?.message}`,
    );
  }
  return result;
}

/** Servers this process started and has not stopped, stopped at exit whatever happens. */
const running = new Set<() => void>();
let exitHookInstalled = false;
function stopAllAtExit() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const stop of running) stop();
  });
}

/**
 * Starts a new server in a temporary folder (about a second). Call `stop()` when done; a server
 * still running when this process exits is stopped and removed then.
 */
export async function startPostgres(options: StartPostgresOptions = {}): Promise<PostgresServer> {
  const binDir = postgresBinDir();
  const root = mkdtempSync('/tmp/gigs-pg-');
  const dataDir = join(root, 'data');
  const logFile = join(root, 'server.log');
  if (runningAsRoot()) {
    const postgres = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const group = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    if (postgres.status !== 0) {
      rmSync(root, { recursive: true, force: true });
      throw new Error('Running as root needs the `postgres` user (apt-get install postgresql)');
    }
    chownSync(root, Number(postgres.stdout.trim()), Number(group.stdout.trim()));
  }
  const durable = options.durable ?? false;
  const settings: Record<string, string> = {
    listen_addresses: "''",
    unix_socket_directories: `'${root}'`,
    port: String(PORT),
    max_connections: '300',
    fsync: durable ? 'on' : 'off',
    synchronous_commit: durable ? 'on' : 'off',
    full_page_writes: durable ? 'on' : 'off',
    ...options.settings,
  };
  try {
    runTool(binDir, 'initdb', [
      '--pgdata',
      dataDir,
      '--username',
      SUPERUSER,
      '--auth',
      'trust',
      '--encoding',
      'UTF8',
      // Byte order for text (as SQLite compares it) with Unicode upper and lower case.
      '--locale',
      'C.UTF-8',
      '--no-sync',
    ]);
    const serverOptions = Object.entries(settings)
      .map(([name, value]) => `-c ${name}=${value}`)
      .join(' ');
    runTool(binDir, 'pg_ctl', [
      'start',
      '--pgdata',
      dataDir,
      '--log',
      logFile,
      '--wait',
      '--timeout',
      '30',
      '--options',
      serverOptions,
    ]);
  } catch (error) {
    const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-2000) : '';
    rmSync(root, { recursive: true, force: true });
    throw new Error(`${(error as Error).message}\n${log}`, { cause: error });
  }

  let stopped = false;
  const stopNow = (mode: 'fast' | 'immediate') => {
    if (stopped) return;
    stopped = true;
    running.delete(stopAtExit);
    try {
      runTool(binDir, 'pg_ctl', ['stop', '--pgdata', dataDir, '--mode', mode, '--wait']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  };
  const stopAtExit = () => stopNow('immediate');
  running.add(stopAtExit);
  stopAllAtExit();

  const admin = postgresAdmin(
    `postgres://${SUPERUSER}@localhost:${PORT}/postgres?host=${encodeURIComponent(root)}`,
  );
  return {
    ...admin,
    socketDir: root,
    async stop() {
      stopNow('fast');
    },
  };
}
