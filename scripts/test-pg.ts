/**
 * `npm run test:pg`: the API test suite on PostgreSQL. Starts a throwaway server (Debian's
 * postgresql package), migrates a template database once, and runs vitest with
 * TEST_POSTGRES_URL set, so every test app gets a database copied from the template. Arguments
 * go to vitest (`npm run test:pg -- api/jobs`). The server is stopped and removed afterwards.
 */
import { spawn } from 'node:child_process';
import { migrateToLatest } from '../api/db/migrate.ts';
import { openPostgres } from '../api/db/postgres.ts';
import { POSTGRES_TEMPLATE, startPostgres } from './lib/postgres-server.ts';
import { REPO_ROOT } from './lib/server-process.ts';

const server = await startPostgres();
let exitCode = 1;
try {
  await server.createDatabase(POSTGRES_TEMPLATE);
  const template = openPostgres(server.url(POSTGRES_TEMPLATE));
  await migrateToLatest(template);
  await template.destroy();

  const vitest = spawn(
    process.execPath,
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      '--config',
      'vitest.pg.config.ts',
      ...process.argv.slice(2),
    ],
    {
      cwd: REPO_ROOT,
      stdio: 'inherit',
      env: { ...process.env, TEST_POSTGRES_URL: server.url() },
    },
  );
  exitCode = await new Promise<number>((resolve) =>
    vitest.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))),
  );
} finally {
  await server.stop();
}
process.exit(exitCode);
