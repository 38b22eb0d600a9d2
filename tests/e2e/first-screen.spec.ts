import { expect, type Page, test } from '@playwright/test';
import type { Artist } from '../../contracts/artists.ts';
import { FIRST_SCREEN_STATE_ID } from '../../contracts/first-screen.ts';
import type { JobListing } from '../../contracts/jobs.ts';
import { signUp } from '../../scripts/lib/browser-sign-in.ts';
import { collectHydrationTrouble, waitForHydration } from './first-screen-support.ts';

/**
 * The first screen of the public routes comes drawn in the page the server sends, with its data
 * beside it, and the app hydrates it without a mismatch: ADR 027.
 */

// The first visit of a phone: no service worker has answered yet.
test.use({ serviceWorkers: 'block' });

async function seeded(page: Page) {
  const jobs = (await (await page.request.get('/api/jobs')).json()) as JobListing[];
  const artists = (await (await page.request.get('/api/artists')).json()) as Artist[];
  const job = jobs[0];
  const artist = artists[0];
  if (!job || !artist) throw new Error('the demo data has no jobs or no artists');
  return { job, artist };
}

/** The page as the server sent it, before any script ran. */
async function sentPage(page: Page, path: string): Promise<string> {
  const response = await page.request.get(path);
  expect(response.status()).toBe(200);
  return response.text();
}

test('each public screen comes drawn by the server and hydrates without a mismatch', async ({
  page,
}) => {
  const { job, artist } = await seeded(page);
  const screens: { path: string; drawn: string; check: () => Promise<void> }[] = [
    {
      path: '/',
      drawn: 'Find work, hire help and book artists',
      check: () =>
        expect(page.getByRole('banner').getByRole('link', { name: 'Log In' })).toBeVisible(),
    },
    {
      path: '/jobs',
      drawn: job.title,
      check: () => expect(page.getByRole('article')).toHaveCount(20),
    },
    {
      path: `/jobs/${job.id}`,
      drawn: job.title,
      check: () => expect(page.getByRole('heading', { name: job.title, level: 1 })).toBeVisible(),
    },
    {
      path: '/artists',
      drawn: artist.stageName,
      check: () => expect(page.getByRole('article').first()).toBeVisible(),
    },
    {
      path: `/artists/${artist.id}`,
      drawn: artist.stageName,
      check: () =>
        expect(page.getByRole('heading', { name: artist.stageName, level: 1 })).toBeVisible(),
    },
  ];
  const trouble = collectHydrationTrouble(page);
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) apiCalls.push(url.pathname);
  });
  for (const screen of screens) {
    const html = await sentPage(page, screen.path);
    const root = html.slice(html.indexOf('<div id="root">'), html.indexOf(FIRST_SCREEN_STATE_ID));
    expect(root, `${screen.path} is drawn in the page`).toContain(
      screen.drawn.replaceAll('&', '&amp;'),
    );
    expect(html).toContain(`<script type="application/json" id="${FIRST_SCREEN_STATE_ID}">`);

    apiCalls.length = 0;
    await page.goto(screen.path);
    await waitForHydration(page);
    await screen.check();
    // Let anything React says after hydration (a late mismatch, a boundary redrawn) arrive.
    await page.waitForTimeout(300);
    expect(trouble, `${screen.path} hydrates cleanly`).toEqual([]);
    // The screen's data came with the page: the app does not ask for it again.
    expect(apiCalls.filter((path) => path === '/api/jobs' || path === '/api/artists')).toEqual([]);
  }
});

test('the hydrated screen works: filters, links and the data it was drawn from', async ({
  page,
}) => {
  const trouble = collectHydrationTrouble(page);
  await page.goto('/jobs');
  await waitForHydration(page);
  await page.getByLabel('Category').selectOption('professional');
  await expect(page).toHaveURL(/\/jobs\?category=professional$/);
  await expect(page.getByText(/^\d+ job\(s\) found$/)).toBeVisible();
  await expect(page.getByRole('article').first()).toContainText('Professional');
  await page.getByRole('link', { name: 'Artists', exact: true }).click();
  await expect(page).toHaveURL(/\/artists$/);
  await expect(page.getByRole('article').first()).toBeVisible();
  expect(trouble).toEqual([]);
});

test('a signed-in browser on a public list, and a filtered list, get the app shell', async ({
  page,
}) => {
  const plain = await sentPage(page, '/jobs?region=Ashanti');
  expect(plain).toContain('<div id="root"></div>');
  expect(plain).not.toContain(FIRST_SCREEN_STATE_ID);
  // A hint left from a session that ended is a visitor's: drawn, and the hint cleared.
  const stale = await page.request.get('/jobs', { headers: { cookie: 'signed_in=1' } });
  expect(await stale.text()).toContain(FIRST_SCREEN_STATE_ID);
  expect(stale.headers()['set-cookie']).toMatch(/signed_in=;/);
  await signUp(page.request, 'job_seeker');
  const shell = await sentPage(page, '/jobs');
  expect(shell).toContain('<div id="root"></div>');
  expect(shell).not.toContain(FIRST_SCREEN_STATE_ID);
});

test('a rendered page is validated by its ETag like the list it shows', async ({ page }) => {
  const first = await page.request.get('/jobs');
  const etag = first.headers().etag;
  expect(etag).toBeTruthy();
  expect(first.headers().vary).toMatch(/cookie/);
  const again = await page.request.get('/jobs', { headers: { 'if-none-match': etag ?? '' } });
  expect(again.status()).toBe(304);
});
