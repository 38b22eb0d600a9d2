import { expect, request as playwrightRequest, test } from '@playwright/test';
import { APPLICATION_MESSAGES } from '../../contracts/applications.ts';
import { signUp } from '../../scripts/lib/browser-sign-in.ts';
import { postJob } from '../../scripts/lib/engagement-setup.ts';
import { waitForHydration } from './first-screen-support.ts';
import {
  applyToSendLater,
  openJobAndSave,
  outboxItems,
  waitForServiceWorker,
} from './offline-support.ts';

test('queued applications refused on arrival end in "Couldn\'t send" with the server\'s message', async ({
  page,
  context,
  baseURL,
}) => {
  // An employer with two fresh jobs, in a request context of its own.
  const employer = await playwrightRequest.newContext({ baseURL });
  await signUp(employer, 'employer');
  const post = (title: string) =>
    postJob(employer, {
      title,
      description: 'Paint the outside walls of a two-storey house in Cape Coast.',
    });
  const closing = await post(`House painter ${Date.now().toString(36)}`);
  const applied = await post(`Wall painter ${Date.now().toString(36)}`);

  await signUp(page.request, 'job_seeker');
  await page.goto('/dashboard');
  await waitForServiceWorker(page);
  await expect(page.getByRole('heading', { name: 'My Dashboard' })).toBeVisible();

  // Offline, the seeker applies to both jobs.
  for (const job of [closing, applied]) {
    await openJobAndSave(page, job);
  }
  await context.setOffline(true);
  for (const job of [closing, applied]) {
    await page.goto(`/jobs/${job.id}`);
    await waitForHydration(page);
    await applyToSendLater(page, job, 'I have painted houses in Cape Coast for years.');
  }

  // Meanwhile the employer closes one job, and the seeker applies to the other from elsewhere.
  expect(
    (await employer.patch(`/api/jobs/${closing.id}`, { data: { isActive: false } })).ok(),
  ).toBe(true);
  const direct = await page.request.post('/api/applications', {
    data: { jobId: applied.id, coverLetter: 'Sent from my other phone.' },
  });
  expect(direct.status()).toBe(201);

  await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Waiting to send (2)' })).toBeVisible();
  await context.setOffline(false);

  const failed = page.getByRole('region', { name: "Couldn't send (2)" });
  await expect(failed).toBeVisible();
  await expect(page.getByRole('region', { name: /Waiting to send/ })).toBeHidden();
  const failures = page.getByRole('region', { name: /Couldn't send/ });
  const closed = failures.getByRole('listitem').filter({ hasText: closing.title });
  await expect(closed.getByText(APPLICATION_MESSAGES.inactive)).toBeVisible();
  const duplicate = failures.getByRole('listitem').filter({ hasText: applied.title });
  await expect(duplicate.getByText(APPLICATION_MESSAGES.duplicate)).toBeVisible();

  // Kept across a reload until the user dismisses it.
  await page.reload();
  await expect(failed).toBeVisible();
  await closed.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByRole('region', { name: "Couldn't send (1)" })).toBeVisible();
  await duplicate.getByRole('button', { name: 'Dismiss' }).click();
  await expect(failures).toBeHidden();
  expect(await outboxItems(page)).toHaveLength(0);

  // The server kept only the application made directly.
  const mine = (await (await page.request.get('/api/applications/user')).json()) as {
    jobId: number;
  }[];
  expect(mine.map((application) => application.jobId)).toEqual([applied.id]);
  await employer.dispose();
});
