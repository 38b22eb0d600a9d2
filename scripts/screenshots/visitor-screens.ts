/** A visitor's screens (browsing, signing in and up) and a new employer's first screens. */
import type { BrowserContext, Page } from 'playwright-core';
import { latestCode, signUp } from '../lib/browser-sign-in.ts';
import { randomPhone } from '../lib/sign-up.ts';
import { shot } from './shots.ts';

/** The artists list, then the first artist's profile on its About tab. */
export async function artistsAndProfileScreens(page: Page) {
  await page.goto('/artists');
  await page.getByText(/artist\(s\) found/).waitFor();
  await shot(page, 'artists');
  await page
    .getByRole('link', { name: /^View Profile/ })
    .first()
    .click();
  await page.getByRole('tab', { name: 'About' }).waitFor();
  await shot(page, 'artist-about');
}

/** The open artist profile's Reviews tab. */
export async function artistReviewsScreen(page: Page) {
  await page.getByRole('tab', { name: 'Reviews' }).click();
  await page.getByRole('list', { name: 'Reviews' }).waitFor();
  await shot(page, 'artist-reviews');
}

export async function guestScreens(context: BrowserContext) {
  const page = await context.newPage();
  await page.goto('/');
  await shot(page, 'landing');
  await page.goto('/jobs');
  await page.getByText(/job\(s\) found/).waitFor();
  await shot(page, 'jobs');
  await page.goto('/jobs?q=zzzzzz');
  await page.getByText('No jobs found').waitFor();
  await shot(page, 'jobs-empty');
  // Offline, a new search looks through the jobs saved on the phone.
  await page.goto('/jobs');
  await page.getByText(/job\(s\) found/).waitFor();
  await page.waitForTimeout(1500);
  await context.setOffline(true);
  await page.getByRole('searchbox', { name: 'Search jobs' }).fill('shop');
  await page.getByText(/saved job\(s\) found|Not saved on this phone/).waitFor();
  await shot(page, 'jobs-offline-search');
  await context.setOffline(false);
  await page.goto('/jobs');
  await page
    .getByRole('link', { name: /^View Details/ })
    .first()
    .click();
  await page.getByRole('heading', { level: 1 }).waitFor();
  await shot(page, 'job-detail');
  await page.goto('/jobs/999999');
  await page.getByText('Job Not Found').waitFor();
  await shot(page, 'job-not-found');
  await artistsAndProfileScreens(page);
  await page.getByRole('tab', { name: 'Portfolio' }).click();
  await shot(page, 'artist-portfolio');
  await page.getByRole('tab', { name: 'Availability' }).click();
  await shot(page, 'artist-availability');
  await artistReviewsScreen(page);
  await page.goto('/artists/999999');
  await page.getByText('Artist Not Found').waitFor();
  await shot(page, 'artist-not-found');
  await page.goto('/no-such-page');
  await page.getByText('404 Page Not Found').waitFor();
  await shot(page, 'not-found');

  await page.goto('/login');
  await shot(page, 'login-phone');
  await page.getByLabel('Phone Number').fill('+2331');
  await page.getByRole('button', { name: 'Send Code' }).click();
  await shot(page, 'login-phone-error');
  const phone = randomPhone();
  await page.getByLabel('Phone Number').fill(phone);
  await page.getByRole('button', { name: 'Send Code' }).click();
  await page.getByText('Enter Verification Code').waitFor();
  await shot(page, 'login-code');
  await page.getByLabel('Verification Code').fill(await latestCode(context.request, phone));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('heading', { name: 'Complete Your Profile' }).waitFor();
  await page.getByRole('button', { name: 'Complete Sign Up' }).click();
  await shot(page, 'login-profile');
  await page.close();
}

export async function employerScreens(context: BrowserContext) {
  await signUp(context.request, 'employer', {
    firstName: 'Ama',
    lastName: 'Owusu',
    region: 'Ashanti',
  });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByText('Welcome back').waitFor();
  await shot(page, 'home-employer');
  await page.goto('/post-job');
  await shot(page, 'post-job-1');
  await page.getByRole('button', { name: 'Next' }).click();
  await shot(page, 'post-job-1-blocked');
  await page.getByText('Skilled Trades').click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await shot(page, 'post-job-2-blocked');
  await page.getByLabel('Job Title').fill('Electrician to rewire a shop');
  await page
    .getByLabel('Description')
    .fill('Rewire a small shop in Adum, Kumasi, including new sockets and a distribution board.');
  await page.getByLabel('Required Skills').fill('Wiring, Safety, Solar, Testing');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await shot(page, 'post-job-3-blocked');
  await page.getByLabel('Region').selectOption('Ashanti');
  await page.getByLabel('Hourly Rate (GHS)').fill('45');
  await page.getByLabel('Estimated Hours').fill('16');
  await page.getByRole('button', { name: 'Next' }).click();
  await shot(page, 'post-job-4-review');
  await page.goto('/dashboard/employer');
  await page.getByText('Active Jobs', { exact: true }).waitFor();
  await shot(page, 'dashboard-employer-empty');
  await page.close();
}
