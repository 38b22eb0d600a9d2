import { expect, test } from '@playwright/test';
import { signUp } from '../../scripts/lib/browser-sign-in.ts';
import { postJob } from '../../scripts/lib/engagement-setup.ts';
import { closeJob, jobCard } from './dashboard-support.ts';
import {
  OFFLINE_BANNER,
  SAVED_OFFLINE,
  waitForSaved,
  waitForServiceWorker,
} from './offline-support.ts';

test('offline, a search looks through the jobs saved on the phone', async ({ page, context }) => {
  await page.goto('/jobs');
  await waitForServiceWorker(page);
  const details = page.getByRole('link', { name: /^View Details: / }).first();
  const title = ((await details.getAttribute('aria-label')) ?? '').replace('View Details: ', '');
  await waitForSaved(page, ['jobs', 'search']);

  await context.setOffline(true);
  await expect(page.getByText(OFFLINE_BANNER)).toBeVisible();
  // A word of the title, in capitals: a search this phone never made.
  const word = title.split(' ').find((part) => part.length > 4) ?? title;
  await page.getByRole('searchbox', { name: 'Search jobs' }).fill(word.toUpperCase());
  await expect(page.getByText(/^[1-9]\d* saved job\(s\) found$/)).toBeVisible();
  await expect(page.getByRole('link', { name: `View Details: ${title}` })).toBeVisible();
  await expect(page.getByText('Not saved on this phone')).toHaveCount(0);
});

test('the offline banner stays on screen however far the page scrolls, above the header', async ({
  page,
  context,
}) => {
  await page.goto('/jobs');
  await waitForServiceWorker(page);
  await expect(page.getByText(/\d+ job\(s\) found/)).toBeVisible();
  await context.setOffline(true);
  await expect(page.getByText(OFFLINE_BANNER)).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(page.getByText(OFFLINE_BANNER)).toBeInViewport();
  const banner = await page.getByText(OFFLINE_BANNER).boundingBox();
  const header = await page.getByRole('banner').boundingBox();
  expect(banner?.y).toBe(0);
  expect(header?.y).toBeGreaterThanOrEqual((banner?.y ?? 0) + (banner?.height ?? 0) - 1);
});

test('several saved actions sent together when the connection returns get one toast', async ({
  page,
  context,
}) => {
  await signUp(page.request, 'employer', { firstName: 'Ekua' });
  const tag = Date.now().toString(36);
  const titles: string[] = [];
  for (const trade of ['Painter', 'Tiler', 'Welder']) {
    const job = await postJob(page.request, {
      title: `${trade} for a shop ${tag}`,
      description: 'Work on a small shop in Takoradi market, materials provided.',
      region: 'Western',
      fixedPrice: '700',
      requiredSkills: [trade],
    });
    titles.push(job.title);
  }
  await page.goto('/dashboard/employer');
  await waitForServiceWorker(page);
  await waitForSaved(page, ['auth', 'user']);

  await context.setOffline(true);
  for (const title of titles) {
    await closeJob(page, jobCard(page, title));
    await expect(page.getByText(SAVED_OFFLINE)).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'Waiting to send (3)' })).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByText('3 saved actions were sent')).toBeVisible();
  await expect(page.getByRole('region', { name: /Waiting to send/ })).toHaveCount(0);
  for (const title of titles) {
    const card = page.getByRole('listitem').filter({ hasText: title });
    await expect(card.getByText('Inactive', { exact: true })).toBeVisible();
  }
});
