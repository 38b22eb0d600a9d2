import { expect, test } from '@playwright/test';
import type { Job } from '../../contracts/jobs.ts';
import { signUp } from '../../scripts/lib/browser-sign-in.ts';
import { postJob } from '../../scripts/lib/engagement-setup.ts';
import { OFFLINE_BANNER, savedQueryData, waitForServiceWorker } from './offline-support.ts';

test("the employer's jobs come 20 at a time; the counts cover every job, online and offline", async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(90_000);
  await signUp(page.request, 'employer', { firstName: 'Yaa' });
  const tag = Date.now().toString(36);
  const jobs: Job[] = [];
  for (let i = 0; i < 23; i += 1) {
    jobs.push(await postJob(page.request, { title: `Painter number ${i} for a house ${tag}` }));
  }
  // The two oldest are closed; the oldest open one, far past the first page, has an applicant.
  for (const job of jobs.slice(0, 2)) {
    await page.request.patch(`/api/jobs/${job.id}`, { data: { isActive: false } });
  }
  const seeker = await browser.newContext();
  await signUp(seeker.request, 'job_seeker');
  const applied = await seeker.request.post('/api/applications', {
    data: { jobId: jobs[2]?.id, coverLetter: 'I painted the school in Elmina last year.' },
  });
  expect(applied.status()).toBe(201);
  await seeker.close();

  await page.goto('/dashboard/employer');
  await waitForServiceWorker(page);
  const figures = page.getByRole('region', { name: 'Job summary' });
  const figure = (label: string) => figures.getByText(label, { exact: true }).locator('..');
  await expect(figure('Active Jobs')).toContainText('21');
  await expect(figure('Inactive Jobs')).toContainText('2');
  await expect(figure('Total Applications')).toContainText('1');

  const myJobs = page.getByRole('list', { name: 'My jobs' });
  await expect(myJobs.getByRole('listitem')).toHaveCount(20);
  await expect(myJobs.getByRole('listitem').first()).toContainText(
    `Painter number 22 for a house ${tag}`,
  );
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(myJobs.getByRole('listitem')).toHaveCount(23);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  const oldest = myJobs
    .getByRole('listitem')
    .filter({ hasText: `Painter number 2 for a house ${tag}` });
  await expect(oldest.getByText(/^1 applicant ·/)).toBeVisible();

  // Kept on the phone: the counts and both pages come back with no connection.
  const user = (await (await page.request.get('/api/auth/user')).json()) as { id: number };
  await expect
    .poll(async () => {
      const figures = await savedQueryData(page, ['jobs', 'employer', 'summary']);
      const list = (await savedQueryData(page, ['jobs', 'employer', user.id])) as
        | { pages: unknown[] }
        | undefined;
      return Boolean(figures) && list?.pages.length === 2;
    })
    .toBe(true);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_BANNER })).toBeVisible();
  await expect(figure('Active Jobs')).toContainText('21');
  await expect(figure('Inactive Jobs')).toContainText('2');
  await expect(figure('Total Applications')).toContainText('1');
  await expect(myJobs.getByRole('listitem')).toHaveCount(23);
  await expect(page.getByText(/Failed to fetch/)).toHaveCount(0);
  await context.setOffline(false);
});
