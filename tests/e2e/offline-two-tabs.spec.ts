import { expect, test } from '@playwright/test';
import type { Application } from '../../contracts/applications.ts';
import { IDEMPOTENCY_HEADER } from '../../contracts/paths.ts';
import { signUp } from '../../scripts/lib/browser-sign-in.ts';
import { waitForHydration } from './first-screen-support.ts';
import { applyToSendLater, seededOpenJobs, waitForServiceWorker } from './offline-support.ts';

test('two open tabs flush the same outbox: each item is sent once', async ({ page, context }) => {
  const [first, second] = await seededOpenJobs(page.request, 2);
  if (!first || !second) throw new Error('the seed should have two open jobs');
  await signUp(page.request, 'job_seeker');

  // Every application POST that leaves the browser, from either tab or the service worker.
  const sent: string[] = [];
  context.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/applications') {
      sent.push(request.headers()[IDEMPOTENCY_HEADER] ?? '');
    }
  });

  const tabs = [page, await context.newPage()];
  for (const [index, tab] of tabs.entries()) {
    const job = index === 0 ? first : second;
    await tab.goto(`/jobs/${job.id}`);
    await waitForServiceWorker(tab);
    await expect(tab.getByRole('heading', { name: job.title, level: 1 })).toBeVisible();
    // The app, not the drawn page's plain form, sends the application (through its outbox).
    await waitForHydration(tab);
  }

  await context.setOffline(true);
  for (const [index, tab] of tabs.entries()) {
    const job = index === 0 ? first : second;
    await tab.bringToFront();
    await applyToSendLater(tab, job, `Tab ${index + 1}: I am ready to start.`);
  }
  // Both tabs see both items waiting.
  for (const tab of tabs) {
    await tab.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(tab.getByRole('region', { name: 'Waiting to send (2)' })).toBeVisible();
  }
  expect(sent).toEqual([]);

  // Back online, both tabs (and the worker) try to flush at once.
  await context.setOffline(false);
  for (const tab of tabs) {
    await expect(tab.getByRole('region', { name: /Waiting to send/ })).toBeHidden();
    await expect(tab.getByRole('link', { name: first.title })).toBeVisible();
    await expect(tab.getByRole('link', { name: second.title })).toBeVisible();
  }

  // One request per item left the browser, and the server has one application per job.
  expect(sent).toHaveLength(2);
  expect(new Set(sent).size).toBe(2);
  const mine = (await (await page.request.get('/api/applications/user')).json()) as Application[];
  expect(mine.map((application) => application.jobId).sort()).toEqual([first.id, second.id].sort());
});
