import { expect, test } from '@playwright/test';
import type { Artist } from '../../contracts/artists.ts';
import type { ClientBooking } from '../../contracts/bookings.ts';
import type { Job } from '../../contracts/jobs.ts';
import { signUp } from '../../scripts/lib/browser-sign-in.ts';
import {
  dayFromNow,
  outboxItems,
  SAVED_OFFLINE,
  waitForSaved,
  waitForServiceWorker,
} from './offline-support.ts';

test('a booking request made offline waits through a reload and is sent once', async ({
  page,
  context,
}) => {
  const artists = (await (await page.request.get('/api/artists')).json()) as Artist[];
  const artist = artists.find((candidate) => candidate.hourlyRate !== null);
  if (!artist) throw new Error('the seed should have an artist with an hourly rate');
  await signUp(page.request, 'employer');

  await page.goto(`/artists/${artist.id}`);
  await waitForServiceWorker(page);
  await expect(page.getByRole('heading', { name: artist.stageName, level: 1 })).toBeVisible();
  await waitForSaved(page, ['artists', 'detail', artist.id]);
  await waitForSaved(page, ['auth', 'user']);

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Book Now' }).click();
  const dialog = page.getByRole('dialog', { name: `Book ${artist.stageName}` });
  const venue = `Osu Castle gardens ${Date.now().toString(36)}`;
  await dialog.getByLabel('Event Date').fill(dayFromNow(40));
  await dialog.getByLabel('Event Time').fill('19:00');
  await dialog.getByLabel('Venue').fill(venue);
  await dialog.getByRole('button', { name: 'Send Booking Request' }).click();
  await expect(page.getByText(SAVED_OFFLINE)).toBeVisible();
  await expect(dialog).toBeHidden();
  const waiting = page.getByRole('region', { name: 'Waiting to send (1)' });
  await expect(waiting.getByText(`Booking request for ${artist.stageName}`)).toBeVisible();

  await page.reload();
  await expect(waiting.getByText(`Booking request for ${artist.stageName}`)).toBeVisible();
  expect(await outboxItems(page)).toHaveLength(1);

  await context.setOffline(false);
  await expect(page.getByText('Booking Request Sent')).toBeVisible();
  await expect(waiting).toBeHidden();
  expect(await outboxItems(page)).toHaveLength(0);

  const bookings = (await (
    await page.request.get('/api/bookings/client')
  ).json()) as ClientBooking[];
  expect(bookings.filter((booking) => booking.venue === venue)).toHaveLength(1);
  expect(bookings).toHaveLength(1);
});

test('a job published offline waits on the dashboard and is posted once', async ({
  page,
  context,
}) => {
  await signUp(page.request, 'employer', { firstName: 'Akosua' });
  const title = `Carpenter for shop shelves ${Date.now().toString(36)}`;

  await page.goto('/dashboard/employer');
  await waitForServiceWorker(page);
  await expect(page.getByRole('heading', { name: 'No Jobs Posted Yet' })).toBeVisible();
  await page.getByRole('link', { name: 'Post New Job' }).click();
  await expect(page.getByRole('heading', { name: 'Post a Job' })).toBeVisible();
  await waitForSaved(page, ['jobs']);

  await context.setOffline(true);
  const next = page.getByRole('button', { name: 'Next' });
  await page.getByRole('radio', { name: /Skilled Trades/ }).check();
  await next.click();
  await page.getByLabel('Job Title').fill(title);
  await page
    .getByLabel('Description')
    .fill('Build and fit wooden shelves along two walls of a provisions shop in Kasoa.');
  await page.getByLabel('Required Skills').fill('Carpentry, Measuring');
  await next.click();
  await page.getByLabel('Region').selectOption('Central');
  await page.getByRole('radio', { name: 'Fixed Price' }).check();
  await page.getByLabel('Fixed Price (GHS)').fill('1800');
  await next.click();
  await page.getByRole('button', { name: 'Publish Job' }).click();
  await expect(page.getByText(SAVED_OFFLINE)).toBeVisible();

  // Kept for later, it waits on the dashboard, through a reload with no connection.
  await expect(page.getByRole('heading', { name: 'Employer Dashboard' })).toBeVisible();
  const waiting = page.getByRole('region', { name: 'Waiting to send (1)' });
  await expect(waiting.getByText(`Job post: ${title}`)).toBeVisible();
  await page.reload();
  await expect(waiting.getByText(`Job post: ${title}`)).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByText('Job Posted Successfully!')).toBeVisible();
  await expect(waiting).toBeHidden();
  const posted = page.getByRole('listitem').filter({ hasText: title });
  await expect(posted.getByText('Active')).toBeVisible();

  const user = (await (await page.request.get('/api/auth/user')).json()) as { id: number };
  const jobs = (await (await page.request.get(`/api/jobs?employerId=${user.id}`)).json()) as Job[];
  expect(jobs.filter((job) => job.title === title)).toHaveLength(1);
  expect(jobs).toHaveLength(1);
});
