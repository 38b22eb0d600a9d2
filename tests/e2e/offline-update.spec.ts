import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, type Page, test } from '@playwright/test';
import {
  freePort,
  REPO_ROOT,
  type ServerProcess,
  startServer,
  stopServer,
} from '../../scripts/lib/server-process.ts';
import { waitForServiceWorker } from './offline-support.ts';

const run = promisify(execFile);

// This test deploys a new version under a running app, so it serves builds of its own from a
// directory of its own (never the dist/ other tests use), on a server of its own.
const WORK = join(REPO_ROOT, '.tmp', `update-${process.pid}-${Date.now().toString(36)}`);
const SERVED = join(WORK, 'served');
let server: ServerProcess | undefined;

async function build(version: string): Promise<string> {
  const outDir = join(WORK, version);
  await run('npx', ['vite', 'build', '--outDir', outDir, '--logLevel', 'error'], {
    cwd: REPO_ROOT,
    env: { ...process.env, APP_VERSION: version },
  });
  return outDir;
}

/** Replaces what the server serves, as a deploy does (old hashed files gone too). */
function deploy(outDir: string) {
  rmSync(SERVED, { recursive: true, force: true });
  cpSync(outDir, SERVED, { recursive: true });
}

/** Asks the worker that controls the page which build it is. */
function controllerVersion(page: Page): Promise<string | null> {
  return page.evaluate(
    () =>
      new Promise<string | null>((resolve) => {
        const controller = navigator.serviceWorker.controller;
        if (!controller) return resolve(null);
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve(String(event.data));
        controller.postMessage({ type: 'GET_VERSION' }, [channel.port2]);
      }),
  );
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  mkdirSync(WORK, { recursive: true });
  deploy(await build('e2e-1'));
  server = await startServer({
    databasePath: join(WORK, 'app.db'),
    port: await freePort(),
    seedDemo: false,
    entry: 'tests/helpers/web-root-server.ts',
    env: { WEB_ROOT: SERVED },
    // A guard, not a timing: it migrates a new database first, slow on a loaded machine.
    readyTimeoutMs: 90_000,
  });
});

test.afterAll(async () => {
  if (server) await stopServer(server);
  rmSync(WORK, { recursive: true, force: true });
});

test('a new service worker offers "Reload to update" and takes over only when asked', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const base = server?.baseUrl ?? '';
  const next = build('e2e-2');

  await page.goto(`${base}/login`);
  await waitForServiceWorker(page);
  expect(await controllerVersion(page)).toBe('e2e-1');
  const phone = page.getByLabel('Phone Number');
  await phone.fill('+233241234567');
  await page.evaluate(() => {
    (window as { notReloaded?: boolean }).notReloaded = true;
  });

  deploy(await next);
  await page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())?.update();
  });

  const reload = page.getByRole('button', { name: 'Reload to update' });
  await expect(reload).toBeVisible();
  await expect(page.getByText('A new version is ready.')).toBeVisible();
  // The new worker waits: the old one still controls the page, and the form is untouched.
  await page.waitForTimeout(1500);
  expect(await controllerVersion(page)).toBe('e2e-1');
  await expect(phone).toHaveValue('+233241234567');
  expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);

  await reload.click();
  await page.waitForFunction(() => !(window as { notReloaded?: boolean }).notReloaded);
  await expect(page.getByLabel('Phone Number')).toHaveValue('+233');
  await expect(reload).toBeHidden();
  expect(await controllerVersion(page)).toBe('e2e-2');
});
