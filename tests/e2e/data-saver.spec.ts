import { type BrowserContext, expect, type Request, test } from '@playwright/test';
import type { Application } from '../../contracts/applications.ts';
import type { Artist } from '../../contracts/artists.ts';
import { signUp } from '../../scripts/lib/browser-sign-in.ts';
import {
  applyToSendLater,
  OFFLINE_BANNER,
  openJobAndSave,
  seededOpenJobs,
  waitForSaved,
  waitForServiceWorker,
} from './offline-support.ts';

/**
 * Data saver on a phone that asks to save data: Chrome's `navigator.connection.saveData` and
 * the `Save-Data: on` header it sends with every request, both as a phone with Android's data
 * saver (or Chrome's Lite mode) has them.
 */
async function phoneThatSavesData(context: BrowserContext) {
  await context.setExtraHTTPHeaders({ 'save-data': 'on' });
  await context.addInitScript(() => {
    const connection = (navigator as { connection?: object }).connection;
    if (!connection) throw new Error('This Chromium has no navigator.connection');
    Object.defineProperty(Object.getPrototypeOf(connection), 'saveData', { get: () => true });
  });
}

const isPicture = (request: Request) => /\/(images\/portfolio|uploads)\//.test(request.url());

/**
 * The pictures and lists the context asked for: the page's requests and the service worker's
 * (a picture it fetches for the page is asked for twice, once by each, and counted once).
 */
function watch(context: BrowserContext) {
  const pictures = new Set<string>();
  const lists: string[] = [];
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (isPicture(request)) pictures.add(url.pathname);
    if (['/api/jobs', '/api/artists'].includes(url.pathname)) lists.push(url.pathname + url.search);
  });
  return { pictures, lists };
}

test('with data saver on, pictures wait for a tap, lists come 10 at a time, and turning it off loads them', async ({
  context,
  page,
  request,
}) => {
  const artists = (await (await request.get('/api/artists?limit=100')).json()) as Artist[];
  const artist = artists.find((candidate) => candidate.portfolioImages.length >= 2);
  if (!artist) throw new Error('The seed has no artist with two portfolio pictures');

  await phoneThatSavesData(context);
  const seen = watch(context);

  // Jobs: the first page is 10, and Load more asks for 10 more after the last one.
  await page.goto('/jobs');
  const toggle = page.getByRole('banner').getByRole('switch', { name: 'Data saver' });
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect(toggle).toHaveText('Data saver on');
  const jobCards = page.getByRole('link', { name: /^View Details/ });
  await expect(jobCards).toHaveCount(10);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(jobCards).toHaveCount(20);
  // The first 10 came drawn in the page (ADR 031); Load more asks for the 10 after them.
  expect(seen.lists[0]).toMatch(/^\/api\/jobs\?cursor=[\w-]+&limit=10$/);
  // The page did not preload a full page the app would not use.
  expect(seen.lists.filter((url) => !url.includes('limit=10'))).toEqual([]);

  // Artists: cards and the profile show placeholders, and no picture is downloaded.
  await page.getByRole('banner').getByRole('link', { name: 'Artists' }).click();
  await expect(page.getByRole('link', { name: /^View Profile/ })).toHaveCount(10);
  expect(seen.lists.at(-1)).toBe('/api/artists?limit=10');
  await page.goto(`/artists/${artist.id}`);
  await expect(page.getByRole('heading', { name: artist.stageName, level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: 'Portfolio' }).click();
  const placeholders = page.getByRole('button', { name: /^Tap to load picture/ });
  // The profile's own picture and each portfolio picture.
  await expect(placeholders).toHaveCount(1 + artist.portfolioImages.length);
  // Each as wide as its picture would be: nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.waitForLoadState('networkidle');
  expect([...seen.pictures]).toEqual([]);

  // A tap loads that picture alone, in the place its placeholder kept for it.
  const second = page.getByRole('button', {
    name: `Tap to load picture: ${artist.stageName} portfolio 2`,
  });
  await second.scrollIntoViewIfNeeded();
  const kept = await second.boundingBox();
  await second.click();
  const loaded = page.getByRole('img', { name: `${artist.stageName} portfolio 2` });
  await expect(loaded).toHaveJSProperty('complete', true);
  expect(await loaded.boundingBox()).toEqual(kept);
  expect([...seen.pictures]).toEqual([
    new URL(artist.portfolioImages[1] ?? '', 'http://x').pathname,
  ]);

  // Off: every picture loads, the choice beats the phone's setting, and it is remembered.
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(placeholders).toHaveCount(0);
  await expect(page.getByRole('img', { name: `${artist.stageName} portfolio 1` })).toBeVisible();
  await expect.poll(() => seen.pictures.size).toBe(new Set(artist.portfolioImages).size);
  await page.reload();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByRole('img', { name: artist.stageName, exact: true })).toBeVisible();
});

test('with data saver on, a write made offline is still sent when the connection returns, and refreshes its screen', async ({
  context,
  page,
}) => {
  const [job] = await seededOpenJobs(page.request, 1);
  if (!job) throw new Error('the seed should have open jobs');
  await phoneThatSavesData(context);
  await signUp(page.request, 'job_seeker');

  await page.goto('/dashboard');
  await waitForServiceWorker(page);
  await expect(page.getByRole('switch', { name: 'Data saver' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(page.getByRole('heading', { name: 'No Applications Yet' })).toBeVisible();
  await waitForSaved(page, ['jobs', 'applications']);
  await openJobAndSave(page, job);

  await context.setOffline(true);
  await expect(page.getByText(OFFLINE_BANNER)).toBeVisible();
  await applyToSendLater(page, job, 'I can start on Monday and I live nearby.');
  // A new visit with no connection: the dashboard as saved, the write still waiting.
  await page.goto('/dashboard').catch(() => undefined);
  await expect(page.getByRole('heading', { name: 'No Applications Yet' })).toBeVisible();
  const waiting = page.getByRole('region', { name: 'Waiting to send (1)' });
  await expect(waiting.getByText(`Application for ${job.title}`)).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByText('Application Submitted!')).toBeVisible();
  await expect(waiting).toBeHidden();
  // The write refreshes the list it changed, data saver or not.
  await expect(page.getByRole('link', { name: job.title })).toBeVisible();
  const mine = (await (await page.request.get('/api/applications/user')).json()) as Application[];
  expect(mine.map((application) => application.jobId)).toEqual([job.id]);
});
