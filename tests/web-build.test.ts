import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { REPO_ROOT } from '../scripts/lib/server-process.ts';

/**
 * The web build is a production build whatever NODE_ENV the shell has: README lists
 * NODE_ENV=development as a valid server setting, and `npm start` builds before it serves.
 */
let outDir: string;
beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'gigs-web-build-'));
  const build = spawn('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir'], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_ENV: 'development' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  build.stdout.on('data', (chunk) => {
    output += chunk;
  });
  build.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const code = await new Promise<number | null>((done) => build.once('exit', done));
  if (code !== 0) throw new Error(`vite build failed:\n${output}`);
}, 120_000);
afterAll(() => {
  rmSync(outDir, { recursive: true, force: true });
});

const scripts = () =>
  readdirSync(join(outDir, 'assets'))
    .filter((name) => name.endsWith('.js'))
    .map((name) => ({ name, text: readFileSync(join(outDir, 'assets', name), 'utf8') }));

test("with NODE_ENV=development the build still ships React's production bundle", () => {
  // The development JSX runtime and React's development warnings appear in no chunk.
  const development = scripts().filter(({ text }) => text.includes('jsxDEV'));
  expect(development.map(({ name }) => name)).toEqual([]);
  const entry = scripts().find(({ name }) => /^index-.*\.js$/.test(name));
  expect(entry).toBeDefined();
  // React DOM in production is about 62 KB gzipped; its development build is well over 100 KB.
  expect(gzipSync(entry?.text ?? '').length).toBeLessThan(110 * 1024);
});

test('with NODE_ENV=development the app still registers its service worker, which precaches the app', () => {
  const entry = scripts().find(({ name }) => /^index-.*\.js$/.test(name));
  expect(/["'`]\/sw\.js["'`]/.test(entry?.text ?? ''), 'the entry registers /sw.js').toBe(true);
  const worker = readFileSync(join(outDir, 'sw.js'), 'utf8');
  expect(worker.includes('index.html'), 'the worker precaches the page').toBe(true);
  expect(worker.includes(`assets/${entry?.name}`), 'the worker precaches the entry').toBe(true);
});
