import { createHash } from 'node:crypto';
import { beforeAll, beforeEach, expect, test } from 'vitest';
import type { FirstScreenData } from '../../contracts/first-screen.ts';
import type { BuiltRoutePreloads } from '../../contracts/route-preloads.ts';
import { call } from '../../tests/helpers/escrow-world.ts';
import {
  postJob,
  type SignedInUser,
  signUp,
  signUpArtist,
  validJob,
} from '../../tests/helpers/test-app.ts';
import { testAppWithWebBuild } from '../../tests/helpers/web-build.ts';
import { DRAW_LIMITS, drawLimiter, TooBusyToDraw } from './server-render.ts';

/**
 * The API's side of server rendering (ADR 027), with a stand-in for the build's renderer
 * (dist-server/entry-server.js) that writes out what it was given: which pages are rendered,
 * for whom, from what data, and how they are cached and validated.
 */

const ENTRY = '<script type="module" crossorigin src="/assets/index-e1.js"></script>';
const STYLESHEET = '<link rel="stylesheet" crossorigin href="/assets/index-s1.css">';
const CSS = 'main{color:#0b6e4f}.card>h2{margin:0}';
const INDEX = `<!doctype html><html><head><title>Ghana Gigs</title>${ENTRY}${STYLESHEET}</head><body><div id="root"></div></body></html>`;
const PRELOADS: BuiltRoutePreloads = {
  routes: [
    { route: '/jobs', files: ['/assets/jobs-page-a1.js'], api: ['/api/jobs'] },
    { route: '/jobs/:id', files: ['/assets/job-detail-c3.js'], api: ['/api/jobs/:id'] },
  ],
};

// The stand-in renderer: the data as JSON in the markup (escaped), and a count of its calls.
const RENDERER = `
export async function render(url, data, context) {
  globalThis.renderCalls = (globalThis.renderCalls ?? 0) + 1;
  globalThis.lastRender = { url, data, context: { language: context.language, dataSaver: context.dataSaver } };
  if (globalThis.renderFails) throw new Error('the renderer broke');
  if (globalThis.renderDelayMs) await new Promise((done) => setTimeout(done, globalThis.renderDelayMs));
  const titles = data.screen === 'jobs' ? data.jobs.items.map((job) => job.title) : [];
  // A page drawn for someone reads what their screen asks for, as them.
  let read = null;
  if (data.screen === 'read') {
    const answer = await context.fetch(data.user ? '/api/jobs?employerId=' + data.user.id : '/api/jobs?limit=10');
    read = { status: answer.status, titles: (await answer.json()).map((job) => job.title) };
  }
  const text = JSON.stringify({
    screen: data.screen,
    titles,
    language: context.language,
    dataSaver: context.dataSaver,
    user: data.screen === 'read' && data.user ? data.user.firstName : null,
    read,
    form: data.screen === 'login' ? data.form : null,
  }).replaceAll('<', '&lt;');
  return { html: '<main>' + text + '</main>', state: '{"queries":[],"mutations":[]}' };
}
`;

interface RenderGlobals {
  renderDelayMs?: number;
  renderCalls?: number;
  lastRender?: {
    url: string;
    data: FirstScreenData;
    context: { language: string; dataSaver: boolean };
  };
  renderFails?: boolean;
}
const spy = globalThis as RenderGlobals;

const t = testAppWithWebBuild(RENDERER, {
  'index.html': INDEX,
  'assets/index-s1.css': CSS,
  'route-preloads.json': JSON.stringify(PRELOADS),
});
let employer: SignedInUser;
beforeAll(async () => {
  employer = await signUp(t, 'employer');
  await postJob(t, employer, { ...validJob, title: 'Electrician for a shop in Tamale' });
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

test('a drawn page carries its stylesheet inline, allowed by its hash, and the app after the screen', async () => {
  const response = await t.app.inject({ url: '/jobs' });
  expect(response.body).toContain(`<style>${CSS}</style>`);
  expect(response.body).not.toContain(STYLESHEET);
  const hash = createHash('sha256').update(CSS).digest('base64');
  expect(response.headers['content-security-policy']).toContain(
    `style-src 'self' 'sha256-${hash}';`,
  );
  // The entry and the screen's chunks come after the screen, not in the head beside the HTML.
  const root = response.body.indexOf('<div id="root">');
  expect(response.body.indexOf(ENTRY)).toBeGreaterThan(root);
  expect(response.body.indexOf('rel="modulepreload"')).toBeGreaterThan(root);
  expect(response.body.split(ENTRY)).toHaveLength(2);
  // The app shell keeps the link, and a CSP without the hash.
  const shell = await t.app.inject({ url: '/jobs', headers: { cookie: employer.cookie } });
  expect(shell.body).toContain(STYLESHEET);
  expect(shell.headers['content-security-policy']).toContain("style-src 'self';");
});

test('a signed-in browser gets the shell on the public lists; a hint from an ended session is a visitor', async () => {
  const signedIn = await t.app.inject({ url: '/jobs', headers: { cookie: employer.cookie } });
  expect(signedIn.body).not.toContain('<main>');
  expect(signedIn.body).toContain('<div id="root"></div>');
  const stale = await t.app.inject({ url: '/jobs', headers: { cookie: 'signed_in=1' } });
  expect(stale.body).toContain('<main>{"screen":"jobs"');
  expect(String(stale.headers['set-cookie'])).toMatch(/^signed_in=;/);
});

test('every language and data saver are drawn, each page in its own cache entry', async () => {
  const drawn = [
    { headers: { cookie: 'lang=ak' }, language: 'ak', dataSaver: false },
    { headers: { 'accept-language': 'tw,en;q=0.8' }, language: 'ak', dataSaver: false },
    { headers: { 'accept-language': 'ee-GH' }, language: 'ee', dataSaver: false },
    { headers: { cookie: 'lang=gaa' }, language: 'gaa', dataSaver: false },
    {
      headers: { cookie: 'lang=en-GH', 'accept-language': 'ak' },
      language: 'en-GH',
      dataSaver: false,
    },
    { headers: { cookie: 'data-saver=on' }, language: 'en-GH', dataSaver: true },
    { headers: { 'save-data': 'on' }, language: 'en-GH', dataSaver: true },
    {
      headers: { cookie: 'data-saver=off', 'save-data': 'on' },
      language: 'en-GH',
      dataSaver: false,
    },
    { headers: { cookie: 'lang=ak; data-saver=on' }, language: 'ak', dataSaver: true },
  ];
  for (const { headers, language, dataSaver } of drawn) {
    const response = await t.app.inject({ url: '/jobs', headers });
    const label = JSON.stringify(headers);
    expect(response.body, label).toContain(`"language":"${language}","dataSaver":${dataSaver}`);
    expect(response.body, label).toContain(`<html lang="${language}"`);
    // A shared cache keeps each apart.
    expect(response.headers.vary).toMatch(/cookie.*accept-language.*save-data/);
    expect(response.headers['cache-control']).toBe('no-cache');
  }
  // Data saver's page is the smaller page the app asks for, read as a visitor (no cookie).
  const saver = await t.app.inject({ url: '/jobs', headers: { cookie: 'data-saver=on' } });
  expect(saver.body).toContain('"screen":"read"');
  expect(saver.body).toContain('"read":{"status":200');
});

test("a signed-in person's screens are drawn with their own data, private, and never kept", async () => {
  const first = await signUp(t, 'employer', { firstName: 'Serwaa' });
  await postJob(t, first, { ...validJob, title: 'Roofer for Serwaa in Ho' });
  const second = await signUp(t, 'employer', { firstName: 'Dzifa' });
  await postJob(t, second, { ...validJob, title: 'Welder for Dzifa in Tema' });
  // One session after the other, the same page: each their own, drawn afresh each time.
  for (const [who, own, other] of [
    [first, 'Serwaa', 'Dzifa'],
    [second, 'Dzifa', 'Serwaa'],
    [first, 'Serwaa', 'Dzifa'],
  ] as const) {
    for (const url of ['/', '/dashboard/employer', '/post-job']) {
      const calls = spy.renderCalls ?? 0;
      const response = await t.app.inject({ url, headers: { cookie: who.cookie } });
      expect(response.statusCode, url).toBe(200);
      expect(spy.renderCalls, `${url} is drawn afresh`).toBe(calls + 1);
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.headers.vary).toMatch(/cookie/);
      expect(response.body).toContain(`"user":"${own}"`);
      expect(response.body).toContain(`for ${own} in`);
      expect(response.body).not.toContain(other);
    }
  }
  // Another role's dashboard, and a query, get the shell; the sign-in screen sends them home.
  for (const url of ['/dashboard', '/dashboard/employer?tab=wallet']) {
    const response = await t.app.inject({ url, headers: { cookie: first.cookie } });
    expect(response.body, url).not.toContain('<main>');
  }
  const login = await t.app.inject({ url: '/login', headers: { cookie: first.cookie } });
  expect(login.statusCode).toBe(303);
  expect(login.headers.location).toBe('/');
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

test('a filtered list gets the shell; a visitor at a signed-in screen is sent to sign in', async () => {
  for (const url of ['/jobs?region=Ashanti', '/jobs/', '/employers/1']) {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.body, url).not.toContain('<main>');
  }
  for (const url of ['/dashboard', '/dashboard/artist', '/post-job']) {
    const response = await t.app.inject({ url });
    expect(response.statusCode, url).toBe(303);
    expect(response.headers.location).toBe('/login');
  }
});

const formPost = (payload: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/login',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'http://localhost:80',
      host: 'localhost:80',
      ...headers,
    },
    payload: new URLSearchParams(payload).toString(),
  });

test("the sign-in screen is drawn, and its forms' steps are answered drawn, as the API checks them", async () => {
  const login = await t.app.inject({ url: '/login', headers: { cookie: 'lang=ee' } });
  expect(login.body).toContain('"screen":"login"');
  expect(login.body).toContain('"language":"ee"');

  const bad = await formPost({ step: 'phone', phoneNumber: '12345', deliveryMethod: 'sms' });
  expect(bad.statusCode).toBe(200);
  expect(bad.headers['cache-control']).toBe('private, no-store');
  expect(spy.lastRender?.data).toMatchObject({
    screen: 'login',
    form: {
      step: 'phone',
      errors: { phoneNumber: 'Phone number must be in format +233XXXXXXXXX' },
    },
  });

  const sent = await formPost({
    step: 'phone',
    phoneNumber: '024 555 0199',
    deliveryMethod: 'sms',
  });
  expect(sent.statusCode).toBe(200);
  expect(spy.lastRender?.data).toMatchObject({
    form: { step: 'code', phoneNumber: '+233245550199', notice: { title: 'Code Sent!' } },
  });
  // The same limit as the API: a second code within the minute is refused, with its message.
  await formPost({ step: 'phone', phoneNumber: '+233245550199', deliveryMethod: 'sms' });
  const refusal = spy.lastRender?.data;
  expect(refusal?.screen === 'login' && refusal.form.refusal?.title).toBe('Failed to Send Code');

  const wrong = await formPost({ step: 'code', phoneNumber: '+233245550199', code: '12' });
  expect(wrong.statusCode).toBe(200);
  expect(spy.lastRender?.data).toMatchObject({
    form: { step: 'code', errors: { code: 'Code must be 6 digits' } },
  });

  // A form from another site is refused before anything is sent.
  const crossSite = await formPost(
    { step: 'phone', phoneNumber: '+233245550198', deliveryMethod: 'sms' },
    { origin: 'https://evil.example' },
  );
  expect(crossSite.statusCode).toBe(403);
  const fetched = await formPost(
    { step: 'phone', phoneNumber: '+233245550198', deliveryMethod: 'sms' },
    { 'sec-fetch-site': 'cross-site' },
  );
  expect(fetched.statusCode).toBe(403);
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

  const closed = await call(t, employer, 'PATCH', `/api/jobs/${job.id}`, { isActive: false });
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
