import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { BuiltRoutePreloads } from '../../contracts/route-preloads.ts';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app.ts';

let dir: string;
let t: TestApp;

const INDEX = '<!doctype html><html><head><title>Ghana Gigs</title></head><body></body></html>';
const PRELOADS: BuiltRoutePreloads = {
  routes: [
    {
      route: '/jobs',
      files: ['/assets/jobs-page-a1.js', '/assets/format-b2.js'],
      api: ['/api/jobs'],
    },
    { route: '/jobs/:id', files: ['/assets/job-detail-c3.js'], api: ['/api/jobs/:id'] },
    {
      route: '/artists/:id',
      files: ['/assets/artist-d4.js'],
      api: ['/api/artists/:id', '/api/artists/:id/availability'],
    },
    { route: '/login', files: [], api: [] },
  ],
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gigs-pages-'));
  const webRoot = join(dir, 'dist');
  mkdirSync(webRoot, { recursive: true });
  writeFileSync(join(webRoot, 'index.html'), INDEX);
  writeFileSync(join(webRoot, 'route-preloads.json'), JSON.stringify(PRELOADS));
  t = await createTestApp({ webRoot });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const head = (body: string) => body.slice(0, body.indexOf('</head>'));

test("a screen's page names its chunks and first API answer, so they load with the app", async () => {
  const response = await t.app.inject({ url: '/jobs' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/text\/html/);
  expect(response.headers['cache-control']).toBe('no-cache');
  expect(head(response.body)).toContain(
    '<link rel="modulepreload" crossorigin href="/assets/jobs-page-a1.js">',
  );
  expect(head(response.body)).toContain(
    '<link rel="modulepreload" crossorigin href="/assets/format-b2.js">',
  );
  expect(head(response.body)).toContain(
    '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/jobs">',
  );
});

test('ids in the path fill the API URLs; a non-numeric id preloads nothing', async () => {
  const artist = await t.app.inject({ url: '/artists/42' });
  expect(head(artist.body)).toContain('href="/api/artists/42"');
  expect(head(artist.body)).toContain('href="/api/artists/42/availability"');
  const job = await t.app.inject({ url: '/jobs/7/' });
  expect(head(job.body)).toContain('href="/api/jobs/7"');
  const odd = await t.app.inject({ url: '/jobs/abc' });
  expect(odd.statusCode).toBe(200);
  expect(odd.body).toBe(INDEX);
});

test('with a query string the chunks are preloaded but not the API answer, which differs', async () => {
  const response = await t.app.inject({ url: '/jobs?q=plumber' });
  expect(head(response.body)).toContain('href="/assets/jobs-page-a1.js"');
  expect(response.body).not.toContain('/api/jobs');
});

test('a phone that saves data gets the chunks but no API answer: its lists ask for smaller pages', async () => {
  const switchedOn = await t.app.inject({ url: '/jobs', cookies: { 'data-saver': 'on' } });
  expect(head(switchedOn.body)).toContain('href="/assets/jobs-page-a1.js"');
  expect(switchedOn.body).not.toContain('/api/jobs');
  const phoneSetting = await t.app.inject({ url: '/artists/42', headers: { 'save-data': 'on' } });
  expect(head(phoneSetting.body)).toContain('href="/assets/artist-d4.js"');
  expect(phoneSetting.body).not.toContain('/api/artists/42');
  // The person's choice wins over the phone's setting, as in the app.
  const switchedOff = await t.app.inject({
    url: '/jobs',
    cookies: { 'data-saver': 'off' },
    headers: { 'save-data': 'on' },
  });
  expect(head(switchedOff.body)).toContain('href="/api/jobs"');
});

test('other paths get index.html as built', async () => {
  for (const url of ['/', '/login', '/no/such/page']) {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX);
  }
});

test('a rebuild is served at once', async () => {
  const next: BuiltRoutePreloads = {
    routes: [{ route: '/jobs', files: ['/assets/jobs-page-new9.js'], api: [] }],
  };
  // A later modification time than the first build's, however fast the test runs.
  const later = new Date(Date.now() + 5000);
  const file = join(dir, 'dist', 'route-preloads.json');
  writeFileSync(file, JSON.stringify(next));
  utimesSync(file, later, later);
  const response = await t.app.inject({ url: '/jobs' });
  expect(head(response.body)).toContain('href="/assets/jobs-page-new9.js"');
  expect(response.body).not.toContain('jobs-page-a1.js');
});
