import { expect, test } from '@playwright/test';
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
  // A job seeker sees the four role cards, with their own marked Active Role.
  const seekerCard = page.getByRole('link', { name: /Job Seeker/ });
  await expect(seekerCard.getByText('Active Role')).toBeVisible();
  await expect(page.getByRole('link', { name: /Employer/ })).toHaveAttribute(
    'href',
    '/dashboard/employer',
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
