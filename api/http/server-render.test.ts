import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import type { FirstScreenData } from '../../contracts/first-screen.ts';
import type { BuiltRoutePreloads } from '../../contracts/route-preloads.ts';
import {
  createTestApp,
  postJob,
  type SignedInUser,
  signUp,
  signUpArtist,
  type TestApp,
  validJob,
} from '../../tests/helpers/test-app.ts';
import { DRAW_LIMITS, drawLimiter, TooBusyToDraw } from './server-render.ts';

/**
 * The API's side of server rendering (ADR 027), with a stand-in for the build's renderer
 * (dist-server/entry-server.js) that writes out what it was given: which pages are rendered,
 * for whom, from what data, and how they are cached and validated.
 */

let dir: string;
let t: TestApp;
let employer: SignedInUser;

const INDEX =
  '<!doctype html><html><head><title>Ghana Gigs</title></head><body><div id="root"></div></body></html>';
const PRELOADS: BuiltRoutePreloads = {
  routes: [
    { route: '/jobs', files: ['/assets/jobs-page-a1.js'], api: ['/api/jobs'] },
    { route: '/jobs/:id', files: ['/assets/job-detail-c3.js'], api: ['/api/jobs/:id'] },
  ],
};

// The stand-in renderer: the data as JSON in the markup (escaped), and a count of its calls.
const RENDERER = `
export async function render(url, data) {
  globalThis.renderCalls = (globalThis.renderCalls ?? 0) + 1;
  globalThis.lastRender = { url, data };
  if (globalThis.renderFails) throw new Error('the renderer broke');
  if (globalThis.renderDelayMs) await new Promise((done) => setTimeout(done, globalThis.renderDelayMs));
  const titles = data.screen === 'jobs' ? data.jobs.items.map((job) => job.title) : [];
  const text = JSON.stringify({ screen: data.screen, titles }).replaceAll('<', '&lt;');
  return { html: '<main>' + text + '</main>', state: '{"queries":[],"mutations":[]}' };
}
`;

interface RenderGlobals {
  renderDelayMs?: number;
  renderCalls?: number;
  lastRender?: { url: string; data: FirstScreenData };
  renderFails?: boolean;
}
const spy = globalThis as RenderGlobals;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gigs-ssr-'));
  const webRoot = join(dir, 'dist');
  mkdirSync(webRoot, { recursive: true });
  mkdirSync(`${webRoot}-server`, { recursive: true });
  writeFileSync(join(webRoot, 'index.html'), INDEX);
  writeFileSync(join(webRoot, 'route-preloads.json'), JSON.stringify(PRELOADS));
  writeFileSync(join(`${webRoot}-server`, 'entry-server.js'), RENDERER);
  t = await createTestApp({ webRoot });
  employer = await signUp(t, 'employer');
  await postJob(t, employer, { ...validJob, title: 'Electrician for a shop in Tamale' });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  spy.renderFails = false;
  spy.renderDelayMs = 0;
});

test("a visitor's /jobs comes drawn, from the API's own first page, with the screen's chunks", async () => {
  const api = await t.app.inject({ url: '/api/jobs' });
  const response = await t.app.inject({ url: '/jobs' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/text\/html/);
  expect(response.headers['cache-control']).toBe('no-cache');
  expect(response.headers.vary).toMatch(/cookie/);
  expect(response.body).toContain('<main>{"screen":"jobs","titles":["Electrician for a shop');
  expect(response.body).toContain(
    '<script type="application/json" id="first-screen-state">{"queries":[],"mutations":[]}</script>',
  );
  // The screen's code is preloaded; its data is in the page, so it is not fetched again.
  expect(response.body).toContain(
    '<link rel="modulepreload" crossorigin href="/assets/jobs-page-a1.js">',
  );
  expect(response.body).not.toContain('rel="preload" as="fetch"');
  // The data is the API's answer, in its shape.
  const data = spy.lastRender?.data;
  expect(data?.screen).toBe('jobs');
  if (data?.screen !== 'jobs') return;
  expect(data.jobs.items).toEqual(api.json());
  expect(data.jobs.total).toBe(Number(api.headers['x-total-count']));
  // Nothing inline runs: the CSP is as strict as before.
  expect(response.headers['content-security-policy']).toContain("script-src 'self';");
});

test('a browser holding a session, or its hint, gets the app shell', async () => {
  for (const cookie of [employer.cookie, 'signed_in=1']) {
    const response = await t.app.inject({ url: '/jobs', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('<main>');
    expect(response.body).toContain('<div id="root"></div>');
  }
});

test('a phone in another language, or saving data, gets the app shell, which draws its own', async () => {
  const shells = [
    { cookie: 'lang=ak' },
    { 'accept-language': 'tw,en;q=0.8' },
    { 'accept-language': 'ee-GH' },
    { cookie: 'data-saver=on' },
    { 'save-data': 'on' },
  ];
  for (const headers of shells) {
    const response = await t.app.inject({ url: '/jobs', headers });
    expect(response.statusCode).toBe(200);
    expect(response.body, JSON.stringify(headers)).not.toContain('<main>');
    expect(response.body).toContain('<div id="root"></div>');
    // A shared cache keeps the shell apart from the drawn page.
    expect(response.headers.vary).toMatch(/cookie.*accept-language.*save-data/);
  }
  // English by choice or by the browser, and data saver turned off, are drawn.
  for (const headers of [
    { cookie: 'lang=en-GH', 'accept-language': 'ak' },
    { 'accept-language': 'en-GB,ak;q=0.5' },
    { cookie: 'data-saver=off', 'save-data': 'on' },
  ]) {
    const response = await t.app.inject({ url: '/jobs', headers });
    expect(response.body, JSON.stringify(headers)).toContain('<main>');
    expect(response.headers.vary).toMatch(/accept-language/);
  }
});

test('a rendered list page is kept until its data changes, and validated by its ETag', async () => {
  const first = await t.app.inject({ url: '/jobs' });
  const calls = spy.renderCalls ?? 0;
  const again = await t.app.inject({ url: '/jobs' });
  expect(spy.renderCalls).toBe(calls);
  expect(again.headers.etag).toBe(first.headers.etag);
  const unchanged = await t.app.inject({
    url: '/jobs',
    headers: { 'if-none-match': String(first.headers.etag) },
  });
  expect(unchanged.statusCode).toBe(304);

  await postJob(t, employer, { ...validJob, title: 'Carpenter for school desks in Ho' });
  const changed = await t.app.inject({
    url: '/jobs',
    headers: { 'if-none-match': String(first.headers.etag) },
  });
  expect(changed.statusCode).toBe(200);
  expect(changed.body).toContain('Carpenter for school desks in Ho');
  expect(changed.headers.etag).not.toBe(first.headers.etag);
});

test("a job's page is drawn from the job as the API answers it; a missing one gets the shell", async () => {
  const job = await postJob(t, employer, { ...validJob, title: 'Mason in Cape Coast' });
  const response = await t.app.inject({ url: `/jobs/${job.id}` });
  expect(response.body).toContain('<main>{"screen":"job"');
  expect(response.body).toContain('href="/assets/job-detail-c3.js"');
  const api = await t.app.inject({ url: `/api/jobs/${job.id}` });
  expect(spy.lastRender?.data).toEqual({ screen: 'job', id: job.id, job: api.json() });

  const missing = await t.app.inject({ url: '/jobs/999999' });
  expect(missing.statusCode).toBe(200);
  expect(missing.body).not.toContain('<main>');
});

test('a filtered list, and a screen the server does not draw, get the shell', async () => {
  for (const url of ['/jobs?region=Ashanti', '/jobs/', '/login', '/dashboard']) {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.body, url).not.toContain('<main>');
  }
});

test('when the renderer fails the page is the app shell', async () => {
  spy.renderFails = true;
  const job = await postJob(t, employer, { ...validJob, title: 'Driver in Sunyani' });
  const response = await t.app.inject({ url: `/jobs/${job.id}` });
  expect(response.statusCode).toBe(200);
  expect(response.body).not.toContain('<main>');
  expect(response.body).toContain('<div id="root"></div>');
});

test("a job's page is kept until the job changes", async () => {
  const job = await postJob(t, employer, { ...validJob, title: 'Tiler in Koforidua' });
  const first = await t.app.inject({ url: `/jobs/${job.id}` });
  const calls = spy.renderCalls ?? 0;
  const again = await t.app.inject({ url: `/jobs/${job.id}` });
  expect(spy.renderCalls).toBe(calls);
  expect(again.headers.etag).toBe(first.headers.etag);

  const closed = await t.app.inject({
    method: 'PATCH',
    url: `/api/jobs/${job.id}`,
    headers: { cookie: employer.cookie },
    payload: { isActive: false },
  });
  expect(closed.statusCode).toBe(200);
  await t.app.inject({ url: `/jobs/${job.id}` });
  expect(spy.renderCalls).toBe(calls + 1);
  expect(spy.lastRender?.data).toMatchObject({ screen: 'job', job: { isActive: false } });
});

test('pages beyond the few being drawn at once get the app shell, and the server stays up', async () => {
  spy.renderDelayMs = 50;
  const artists = await Promise.all(
    ['Kofi', 'Yaw', 'Ama', 'Esi', 'Kojo'].map((firstName) =>
      signUpArtist(t, { event: 50_000 }, { firstName }),
    ),
  );
  // Artists' pages are drawn afresh each time: five at once, two of them drawn.
  const pages = await Promise.all(
    artists.map(({ artistId }) => t.app.inject({ url: `/artists/${artistId}` })),
  );
  expect(pages.map((page) => page.statusCode)).toEqual([200, 200, 200, 200, 200]);
  const drawn = pages.filter((page) => page.body.includes('<main>'));
  expect(drawn).toHaveLength(DRAW_LIMITS.atOnce);
  // Once they are drawn, the next is drawn again.
  const later = await t.app.inject({ url: `/artists/${artists[0]?.artistId}` });
  expect(later.body).toContain('<main>');
});

test('drawing takes at most its share of each second; then pages wait for the next second', async () => {
  let clock = 0;
  const limit = drawLimiter({ atOnce: 2, msPerSecond: 500 }, () => clock);
  const drawFor = (ms: number) =>
    limit(async () => {
      clock += ms;
      return 'drawn';
    });
  expect(await drawFor(300)).toBe('drawn');
  expect(await drawFor(300)).toBe('drawn'); // 600 ms of this second spent
  await expect(drawFor(10)).rejects.toBeInstanceOf(TooBusyToDraw);
  clock = 1_000;
  expect(await drawFor(10)).toBe('drawn');
});
