import { expect, test } from '@playwright/test';
import { OFFLINE_BANNER, waitForSaved, waitForServiceWorker } from './offline-support.ts';

test('jobs, a job and artists seen online render from storage after an offline reload', async ({
  page,
  context,
}) => {
  const failedRequests: string[] = [];
  page.on('requestfailed', (request) => failedRequests.push(request.url()));

  await page.goto('/jobs');
  await waitForServiceWorker(page);
  await expect(page.getByText(/\d+ job\(s\) found/)).toBeVisible();
  const details = page.getByRole('link', { name: /^View Details: / }).first();
  const title = ((await details.getAttribute('aria-label')) ?? '').replace('View Details: ', '');
  await details.click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Artists', exact: true }).click();
  await expect(page.getByText(/\d+ artist\(s\) found/)).toBeVisible();
  const artistCount = await page.getByRole('link', { name: /^View Profile: / }).count();
  expect(artistCount).toBeGreaterThan(0);
  await waitForSaved(page, ['jobs', 'search']);
  await waitForSaved(page, ['jobs', 'detail']);
  await waitForSaved(page, ['artists', 'search']);
  expect(failedRequests).toEqual([]);

  await context.setOffline(true);

  // A cold start on the artists list: from the precached shell and the saved data.
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_BANNER })).toBeVisible();
  await expect(page.getByText(/\d+ artist\(s\) found/)).toBeVisible();
  await expect(page.getByRole('link', { name: /^View Profile: / })).toHaveCount(artistCount);
  await expect(page.getByText(/^Last updated \d{1,2} \w+ \d{4}, \d\d:\d\d$/)).toBeVisible();

  // The job list and the job, reloaded offline too.
  await page.goto('/jobs');
  await expect(page.getByText(/\d+ job\(s\) found/)).toBeVisible();
  await expect(page.getByRole('link', { name: `View Details: ${title}` })).toBeVisible();
  await expect(page.getByText(/^Last updated /)).toBeVisible();
  await page.getByRole('link', { name: `View Details: ${title}` }).click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page.getByText(OFFLINE_BANNER)).toBeVisible();

  // Nothing on screen says a request failed.
  for (const text of [/Failed to fetch/, 'Job Not Found', 'Something went wrong']) {
    await expect(page.getByText(text)).toHaveCount(0);
  }

  // Back online, the banner goes and the saved data is refreshed in the background.
  await context.setOffline(false);
  await expect(page.getByText(OFFLINE_BANNER)).toBeHidden();
  await page.getByRole('link', { name: 'Back to Jobs' }).click();
  await expect(page.getByText(/\d+ job\(s\) found/)).toBeVisible();
  await expect(page.getByText(/^Last updated /)).toBeHidden();
});
