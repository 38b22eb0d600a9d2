import { spawn } from 'node:child_process';
import { chmodSync, chownSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { openDatabase } from '../api/db/database.ts';
import { migrateToLatest } from '../api/db/migrate.ts';
import { freePort, REPO_ROOT } from '../scripts/lib/server-process.ts';
import { scratchDir, serverForTest } from './helpers/scratch.ts';

/** What happens to the real server when its database files are not what it expects. */

/** `nobody`, when these tests run as root: root may write any file, whatever its mode. */
const NOBODY = 65534;
const asRoot = process.getuid?.() === 0;

test('a database file the server may not write stops start-up with one clear message', async () => {
  const dir = scratchDir('gigs-readonly-');
  const path = join(dir, 'app.db');
  const db = openDatabase(path);
  await migrateToLatest(db);
  await db.destroy();
  chmodSync(path, 0o444);
  if (asRoot) {
    chownSync(dir, NOBODY, NOBODY);
    chownSync(path, NOBODY, NOBODY);
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/server.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATABASE_PATH: path,
      SEED_DEMO: '0',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      OTP_TRANSPORT: 'dev',
    },
    ...(asRoot ? { uid: NOBODY, gid: NOBODY } : {}),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      output += chunk;
    });
  }
  const code = await new Promise<number | null>((done) => child.once('exit', done));
  expect(code).toBe(1);
  expect(output.trim()).toBe(
    `Cannot open the database ${path} for writing (attempt to write a readonly database). The server must be able to write the file, and the folder it is in for its -wal and -shm files.`,
  );
}, 30_000);

test('a WAL index cut short under the running server stops it with a log line, not a SIGBUS', async () => {
  const dir = scratchDir('gigs-shm-');
  const path = join(dir, 'app.db');
  const server = await serverForTest({ databasePath: path, seedDemo: false });
  // Someone "restores" the database by copying files over the live ones, or empties the index.
  truncateSync(`${path}-shm`, 0);
  await fetch(`${server.baseUrl}/api/jobs`).catch(() => undefined);
  const exit = await server.exited;
  expect(exit).toEqual({ code: 1, signal: null });
  const fatal = server.output.tail.find((line) => line.includes('"level":60'));
  expect(fatal).toContain(`${path}-shm was cut short (32768 bytes to 0)`);
  expect(fatal).toContain('stopping now');
}, 30_000);
