import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  createTestApp,
  createTestDatabase,
  signUp,
  type TestApp,
  validJob,
} from '../../tests/helpers/test-app.ts';
import { buildApp } from '../app.ts';
import { type Config, testConfig } from '../config.ts';

/** Addresses as an attacker writes them: escaped, malformed, aimed at files. */

let dir: string;
let webRoot: string;
let t: TestApp;
const closers: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gigs-addresses-'));
  webRoot = join(dir, 'dist');
  mkdirSync(join(webRoot, 'assets'), { recursive: true });
  mkdirSync(join(webRoot, 'icons'), { recursive: true });
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Ghana Gigs</title>');
  writeFileSync(join(webRoot, 'sw.js'), 'self.skipWaiting();\n//# sourceMappingURL=sw.js.map');
  writeFileSync(join(webRoot, 'sw.js.map'), '{"version":3,"sources":["../sw/sw.ts"]}');
  writeFileSync(join(webRoot, 'assets', 'app-a1.js'), 'console.log(1);');
  writeFileSync(join(webRoot, 'assets', 'app-a1.js.map'), '{"version":3}');
  writeFileSync(join(webRoot, 'icons', 'icon-192.png'), 'png');
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  for (const close of closers) await close();
  rmSync(dir, { recursive: true, force: true });
});

async function appWith(overrides: Partial<Config>) {
  const database = await createTestDatabase(mkdtempSync(join(dir, 'app-')));
  const { db } = database;
  const config = testConfig({
    databasePath: database.databasePath,
    databaseUrl: database.databaseUrl,
    ...overrides,
  });
  const app = await buildApp(config, { db, webRoot });
  closers.push(
    () => app.close(),
    () => database.drop(),
  );
  return app;
}

test('an escaped /api/ is still the API: a cross-site write through /%61pi/ is refused', async () => {
  const employer = await signUp(t, 'employer');
  for (const url of ['/%61pi/jobs', '/%61%70%69/jobs']) {
    const crossSite = await t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: employer.cookie, origin: 'https://evil.example', host: 'gigs.test' },
      payload: validJob,
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toEqual({ message: 'Cross-site requests are not allowed' });
    const form = await t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: employer.cookie, 'content-type': 'text/plain' },
      payload: JSON.stringify(validJob),
    });
    expect(form.statusCode).toBe(415);
  }
  expect(await t.db.selectFrom('jobs').select('id').execute()).toEqual([]);
  // And the session is read there as on /api/ itself.
  const me = await t.app.inject({ url: '/%61pi/auth/user', headers: { cookie: employer.cookie } });
  expect(me.statusCode).toBe(200);
  expect(me.json().id).toBe(employer.id);
});

test('an escaped unknown API path is a JSON 404, not the web page', async () => {
  const app = await appWith({ nodeEnv: 'test' });
  const response = await app.inject({ url: '/%61pi/nothing-here' });
  expect(response.statusCode).toBe(404);
  expect(response.json()).toEqual({ message: 'No such endpoint: GET /api/nothing-here' });
});

test("Fastify's own refusals answer { message } with their own words", async () => {
  const app = await appWith({ nodeEnv: 'test' });
  const cases: [string, number, string][] = [
    ['/api/jobs/%zz', 400, 'That address is not valid'],
    ['/%zz', 400, 'That address is not valid'],
    // The static files refuse a folder and an escaped backslash path.
    ['/icons/', 403, "You don't have permission to do that"],
    ['/icons/..%5c..%5cpackage.json', 403, "You don't have permission to do that"],
  ];
  for (const [url, status, message] of cases) {
    const response = await app.inject({ url });
    expect(response.statusCode, url).toBe(status);
    expect(response.json(), url).toEqual({ message });
  }
});

test('source maps are not served in production; the files they describe are', async () => {
  const production = await appWith({ nodeEnv: 'production' });
  for (const url of ['/sw.js.map', '/assets/app-a1.js.map']) {
    const response = await production.inject({ url });
    expect(response.statusCode, url).toBe(404);
    expect(response.body).toBe('Not found');
  }
  expect((await production.inject({ url: '/sw.js' })).statusCode).toBe(200);
  expect((await production.inject({ url: '/assets/app-a1.js' })).statusCode).toBe(200);
  const development = await appWith({ nodeEnv: 'development' });
  expect((await development.inject({ url: '/sw.js.map' })).statusCode).toBe(200);
});
