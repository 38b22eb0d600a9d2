import { expect, test } from '@playwright/test';
import type { Application } from '../../contracts/applications.ts';
import {
  applyToSendLater,
  OFFLINE_BANNER,
  openJobAndSave,
  outboxItems,
  seekerWithOpenJob,
  waitForSaved,
  waitForServiceWorker,
} from './offline-support.ts';

test('an application made offline waits through a reload and is sent once when back online', async ({
  page,
  context,
}) => {
  const job = await seekerWithOpenJob(page);

  // Seen online: the dashboard (and so the user) and the job.
  await page.goto('/dashboard');
  await waitForServiceWorker(page);
  await expect(page.getByRole('heading', { name: 'No Applications Yet' })).toBeVisible();
  await waitForSaved(page, ['jobs', 'applications']);
  await openJobAndSave(page, job);

  await context.setOffline(true);
  await expect(page.getByText(OFFLINE_BANNER)).toBeVisible();
  const dialog = await applyToSendLater(page, job, 'I can start on Monday and I live nearby.');
  await expect(dialog).toBeHidden();
  const waiting = page.getByRole('region', { name: 'Waiting to send (1)' });
  await expect(waiting.getByText(`Application for ${job.title}`)).toBeVisible();

  // Still there after a reload with no connection, on the job and on the dashboard.
  await page.reload();
  await expect(waiting.getByText(`Application for ${job.title}`)).toBeVisible();
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'My Dashboard' })).toBeVisible();
  await expect(waiting.getByText(`Application for ${job.title}`)).toBeVisible();
  expect(await outboxItems(page)).toHaveLength(1);

  await context.setOffline(false);
  await expect(page.getByText('Application Submitted!')).toBeVisible();
  await expect(waiting).toBeHidden();
  await expect(page.getByRole('link', { name: job.title })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No Applications Yet' })).toBeHidden();
  expect(await outboxItems(page)).toHaveLength(0);

  const mine = (await (await page.request.get('/api/applications/user')).json()) as Application[];
  expect(mine.filter((application) => application.jobId === job.id)).toHaveLength(1);
  expect(mine).toHaveLength(1);
});
