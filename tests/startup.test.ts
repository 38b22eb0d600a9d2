import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { freePort, REPO_ROOT, sleep } from '../scripts/lib/server-process.ts';
import { scratchDir, serverForTest } from './helpers/scratch.ts';

let refused: ChildProcess | undefined;
afterEach(() => {
  if (refused?.exitCode === null) refused.kill('SIGKILL');
  refused = undefined;
});

test('the server prints one line: its URL, the mode, where codes go and the demo phones', async () => {
  const dir = scratchDir('gigs-startup-');
  const server = await serverForTest({ databasePath: join(dir, 'app.db') });
  const expected = `Ghana Gigs on http://127.0.0.1:${server.port} (test): sign-in codes go to the log and http://127.0.0.1:${server.port}/api/dev/outbox (never put this server behind a proxy: it would serve every code); payments are simulated: approve or decline them from the links in the dev outbox; demo phones +233241000001, +233241000002, +233241000003, +233241000004.`;
  for (let waited = 0; waited < 5_000 && !server.output.tail.includes(expected); waited += 50) {
    await sleep(50);
  }
  expect(server.output.tail).toContain(expected);
}, 40_000);

/** Starts the real server with `env` and waits for it to exit; resolves with its code and output. */
async function startRefused(env: Record<string, string>) {
  const dir = scratchDir('gigs-startup-');
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/server.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(await freePort()),
      DATABASE_PATH: join(dir, 'app.db'),
      NODE_ENV: 'development',
      OTP_TRANSPORT: 'dev',
      DEV_OUTBOX_PUBLIC: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  refused = child;
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const code = await new Promise<number | null>((done) => child.once('exit', done));
  return { code, output, databaseCreated: existsSync(join(dir, 'app.db')) };
}

test('the server refuses to serve the dev outbox on every interface without DEV_OUTBOX_PUBLIC=1', async () => {
  const { code, output } = await startRefused({ HOST: '0.0.0.0' });
  expect(code).toBe(1);
  expect(output).toMatch(/HOST: the dev transport serves every sign-in code at \/api\/dev\/outbox/);
  expect(output).toContain('DEV_OUTBOX_PUBLIC=1');
}, 20_000);

test('a TRUST_PROXY that trusts everyone stops start-up with one message, before the database', async () => {
  for (const value of ['0.0.0.0/0', '::/0']) {
    const { code, output, databaseCreated } = await startRefused({ TRUST_PROXY: value });
    expect(code, value).toBe(1);
    expect(output, value).toContain(`TRUST_PROXY: "${value}" trusts too many addresses`);
    expect(output, value).not.toMatch(/TypeError|\n\s+at /);
    expect(databaseCreated, value).toBe(false);
  }
}, 40_000);
