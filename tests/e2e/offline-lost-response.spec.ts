import { expect, test } from '@playwright/test';
import type { Application } from '../../contracts/applications.ts';
import { IDEMPOTENCY_HEADER } from '../../contracts/paths.ts';
import { waitForHydration } from './first-screen-support.ts';
import {
  applyToSendLater,
  outboxItems,
  seekerWithOpenJob,
  waitForServiceWorker,
} from './offline-support.ts';

test('an answer lost after the server committed: the resend makes no second application', async ({
  page,
  context,
}) => {
  const job = await seekerWithOpenJob(page);

  await page.goto(`/jobs/${job.id}`);
  await waitForServiceWorker(page);
  await expect(page.getByRole('heading', { name: job.title, level: 1 })).toBeVisible();
  // The app, not the drawn page's plain form, sends the application (through its outbox).
  await waitForHydration(page);

  // The first send reaches the server, which commits it; the answer never reaches the phone.
  // (On the context, so a resend by the service worker's Background Sync is seen too.)
  // Resends wait until the test has seen the item waiting.
  const keys: string[] = [];
  let seenWaiting = () => {};
  const waitingSeen = new Promise<void>((resolve) => {
    seenWaiting = resolve;
  });
  await context.route('**/api/applications', async (route) => {
    const request = route.request();
    if (request.method() !== 'POST') return route.continue();
    keys.push(request.headers()[IDEMPOTENCY_HEADER] ?? '');
    if (keys.length > 1) {
      await waitingSeen;
      return route.continue();
    }
    const committed = await route.fetch();
    expect(committed.status()).toBe(201);
    await route.abort('connectionreset');
  });

  await applyToSendLater(page, job, 'Available from next week, with my own tools.');
  const waiting = page.getByRole('region', { name: 'Waiting to send (1)' });
  await expect(waiting).toBeVisible();
  seenWaiting();

  // The outbox tries again on its own, with the same key.
  await expect(page.getByText('Application Submitted!')).toBeVisible({ timeout: 20_000 });
  await expect(waiting).toBeHidden();
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[\w-]{8,100}$/);
  expect(keys[1]).toBe(keys[0]);
  expect(await outboxItems(page)).toHaveLength(0);

  const mine = (await (await page.request.get('/api/applications/user')).json()) as Application[];
  expect(mine.filter((application) => application.jobId === job.id)).toHaveLength(1);
});
