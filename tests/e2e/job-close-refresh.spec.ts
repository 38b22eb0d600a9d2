import { expect, test } from '@playwright/test';
import { signUp } from '../../scripts/lib/browser-sign-in.ts';
import { postJob } from '../../scripts/lib/engagement-setup.ts';
import { closeJob, jobCard } from './dashboard-support.ts';

test('closing and reopening a job changes the browse lists, in this tab and an open one, without a reload', async ({
  page,
  context,
}) => {
  await signUp(page.request, 'employer');
  const title = `Tiler for a bathroom in Ho ${Date.now().toString(36)}`;
  await postJob(page.request, {
    title,
    description: 'Tile the floor and walls of a small bathroom in Ho, materials on site.',
    region: 'Volta',
    fixedPrice: '1200',
    requiredSkills: ['Tiling'],
  });
  const search = `/jobs?q=${encodeURIComponent(title)}`;

  // Another tab keeps the browse list open on that job; its outbox listens to the others.
  const browse = await context.newPage();
  await browse.goto(search);
  await expect(browse.getByRole('heading', { name: title })).toBeVisible();
  await browse.waitForFunction(() =>
    performance.getEntriesByType('resource').some((entry) => /\/browser-outbox-/.test(entry.name)),
  );

  // This tab sees the same list, then goes to the dashboard without leaving the app.
  await page.goto(search);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
  const card = jobCard(page, title);
  await closeJob(page, card);
  await expect(page.getByText('Job Closed')).toBeVisible();
  await expect(card.getByText('Inactive', { exact: true })).toBeVisible();

  // The open tab drops the closed job by itself; this one shows the list without it on return.
  await expect(browse.getByText('No jobs found')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/jobs\?q=/);
  await expect(page.getByText('No jobs found')).toBeVisible();

  // Reopened, it comes back in both.
  await page.goForward();
  await card.getByRole('button', { name: 'Reopen Job' }).click();
  await expect(page.getByText('Job Reopened')).toBeVisible();
  await expect(browse.getByRole('heading', { name: title })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
});
