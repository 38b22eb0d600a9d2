import { expect, test } from '@playwright/test';
import type { Artist } from '../../contracts/artists.ts';
import { signUp } from '../../scripts/lib/browser-sign-in.ts';

test('guests are sent to /login from Apply Now, Book Now, Post a Job and the dashboards', async ({
  page,
}) => {
  await page.goto('/jobs');
  await page
    .getByRole('link', { name: /View Details/ })
    .first()
    .click();
  await page.getByRole('link', { name: 'Sign In to Apply' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign In / Sign Up' })).toBeVisible();

  await page.goto('/artists');
  await page
    .getByRole('link', { name: /View Profile/ })
    .first()
    .click();
  await page.getByRole('link', { name: 'Sign In to Book' }).click();
  await expect(page).toHaveURL(/\/login$/);

  for (const path of ['/post-job', '/dashboard', '/dashboard/employer', '/dashboard/artist']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
});

test('missing jobs and artists, and unknown paths, get their own screens', async ({ page }) => {
  await page.goto('/jobs/999999');
  await expect(page.getByRole('heading', { name: 'Job Not Found' })).toBeVisible();
  await expect(
    page.getByText("The job you're looking for doesn't exist or has been removed"),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse All Jobs' })).toHaveAttribute(
    'href',
    '/jobs',
  );

  await page.goto('/artists/999999');
  await expect(page.getByRole('heading', { name: 'Artist Not Found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse All Artists' })).toHaveAttribute(
    'href',
    '/artists',
  );

  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
});

test('a signed-in user is sent home from /login and can reach the posting link', async ({
  page,
}) => {
  await signUp(page.request, 'job_seeker', {
    firstName: 'Yaa',
    lastName: 'Asante',
    region: 'Volta',
  });
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Welcome back, Yaa!' })).toBeVisible();
  // A job seeker sees their own card, marked Active Role, and Browse Jobs: never the Employer
  // or Artist/Performer cards, since a role is fixed per account.
  const seekerCard = page.getByRole('link', { name: /Job Seeker/ });
  await expect(seekerCard.getByText('Active Role')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: /^Browse Jobs/ })).toHaveCount(2);
  await expect(page.getByRole('link', { name: /Employer/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Artist\/Performer/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'My Bookings' })).toHaveAttribute(
    'href',
    '/dashboard?tab=bookings',
  );

  await page.goto('/jobs');
  await expect(page.getByRole('link', { name: 'Post a Job' })).toHaveAttribute('href', '/post-job');
  await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'No Applications Yet' })).toBeVisible();
  await page.getByRole('tab', { name: 'Wallet' }).click();
  await expect(page.getByRole('button', { name: 'Withdraw Funds' })).toBeDisabled();
});

test('a session that ended shows Unauthorized on / and lands on /login', async ({
  page,
  context,
}) => {
  await signUp(page.request, 'employer', {
    firstName: 'Kwesi',
    lastName: 'Appiah',
    region: 'Central',
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome back, Kwesi!' })).toBeVisible();

  await context.clearCookies();
  await page.goto('/');
  await expect(page.getByText('Unauthorized')).toBeVisible();
  await expect(page.getByText('You are logged out. Logging in again...')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign In / Sign Up' })).toBeVisible();
});

test('logout signs the user out and returns to the landing page', async ({ page }) => {
  await signUp(page.request, 'artist', {
    firstName: 'Akosua',
    lastName: 'Frimpong',
    region: 'Ashanti',
  });
  await page.goto('/dashboard/artist');
  await expect(page.getByRole('heading', { name: 'Artist Dashboard' })).toBeVisible();
  await expect(page.getByText('No pending booking requests')).toBeVisible();
  await expect(page.getByText('No confirmed bookings')).toBeVisible();

  await page.getByRole('link', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  await page.goto('/dashboard/artist');
  await expect(page).toHaveURL(/\/login$/);
});

test('an employer who books an artist finds the booking under My Bookings on their own dashboard', async ({
  page,
}) => {
  const artists = (await (await page.request.get('/api/artists')).json()) as Artist[];
  const artist = artists.find((candidate) => candidate.hourlyRate !== null);
  if (!artist) throw new Error('the seed should have an artist with an hourly rate');
  await signUp(page.request, 'employer', { firstName: 'Adjoa' });
  const eventDate = new Date(Date.now() + 50 * 86_400_000);
  eventDate.setUTCHours(18, 0, 0, 0);
  const venue = `Osu Castle gardens ${Date.now().toString(36)}`;
  const booked = await page.request.post('/api/bookings', {
    data: {
      artistId: artist.id,
      eventDate: eventDate.toISOString(),
      eventDuration: 2,
      eventType: 'Wedding',
      venue,
      eventDetails: null,
      totalAmount: (Number(artist.hourlyRate) * 2).toFixed(2),
    },
  });
  expect(booked.status()).toBe(201);

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Your Active Role' })).toBeVisible();
  await page.getByRole('link', { name: 'My Bookings' }).click();
  await expect(page).toHaveURL(/\/dashboard\/employer\?tab=bookings$/);
  await expect(page.getByRole('tab', { name: 'My Bookings' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByText(venue)).toBeVisible();
});
