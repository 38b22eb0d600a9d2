import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from 'vitest';
import { freePort, REPO_ROOT } from '../scripts/lib/server-process.ts';
import { scratchDir } from './helpers/scratch.ts';

const DEV_FOLDER = pathToFileURL(join(REPO_ROOT, 'api/dev/')).href;
const RECORDER = join(REPO_ROOT, 'tests/helpers/module-record.mjs');

/**
 * Starts the real server (`api/server.ts`) with `env` and nothing else of this machine's
 * environment, waits for its start-up line, stops it, and answers with every module of the
 * project it loaded.
 */
async function modulesLoadedByAStart(env: Record<string, string>): Promise<string[]> {
  const dir = scratchDir('gigs-production-start-');
  const record = join(dir, 'modules.txt');
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--import', RECORDER, 'api/server.ts'],
    {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? dir,
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
        DATABASE_PATH: join(dir, 'app.db'),
        LOG_LEVEL: 'warn',
        MODULE_RECORD: record,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<number | null>((done) => child.once('exit', done));
  const started = new Promise<boolean>((done) => {
    child.stdout.on('data', () => {
      if (output.includes('Ghana Gigs on http')) done(true);
    });
    void exited.then(() => done(false));
  });
  expect(await started, output).toBe(true);
  child.kill('SIGTERM');
  expect(await exited, output).toBe(0);
  expect(existsSync(record), 'the recorder wrote nothing: is it preloaded?').toBe(true);
  return [...new Set(readFileSync(record, 'utf8').split('\n').filter(Boolean))];
}

test('a production start loads no module of api/dev/ (the demo seed, simulators, dev routes)', async () => {
  const loaded = await modulesLoadedByAStart({
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://ghanagigs.com',
    OTP_TRANSPORT: 'africastalking',
    AT_USERNAME: 'sandbox',
    AT_API_KEY: 'not-a-real-key',
    PAYSTACK_SECRET_KEY: 'sk_test_not_a_real_key',
    // Asked for, and refused in production by the config.
    SEED_DEMO: '1',
  });
  // The recorder saw the app being built, so what it did not see was not loaded.
  expect(loaded).toContain(pathToFileURL(join(REPO_ROOT, 'api/app.ts')).href);
  expect(loaded.filter((url) => url.startsWith(DEV_FOLDER))).toEqual([]);
}, 60_000);

test('a development start loads api/dev/ through the switch in app.ts, and the recorder sees it', async () => {
  const loaded = await modulesLoadedByAStart({ NODE_ENV: 'development', SEED_DEMO: '0' });
  expect(loaded).toContain(`${DEV_FOLDER}index.ts`);
}, 60_000);
