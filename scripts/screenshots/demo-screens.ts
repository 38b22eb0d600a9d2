/** The demo users' screens, signed in with the seeded data; and ratings and reviews alone. */
import type { Browser, Page } from 'playwright-core';
import { newContext, OUT, type Size, type StorageState, shot } from './shots.ts';
import { artistReviewsScreen, artistsAndProfileScreens } from './visitor-screens.ts';

export async function employerDemoScreens(page: Page) {
  await page.goto('/dashboard/employer');
  await page.getByRole('button', { name: 'View Applicants' }).first().click();
  await shot(page, 'dashboard-employer-applicants');
  await page.getByRole('tab', { name: 'My Jobs' }).click();
  await shot(page, 'dashboard-employer');
  await page.getByRole('button', { name: 'Close Job' }).first().click();
  await page.getByRole('dialog', { name: 'Close this job?' }).waitFor();
  await page.screenshot({ path: `${OUT}/close-job-dialog-${page.viewportSize()?.width}.png` });
  await page.keyboard.press('Escape');
}

export async function seekerDemoScreens(page: Page) {
  await page.goto('/');
  await page.getByText('Welcome back').waitFor();
  await shot(page, 'home-seeker');
  await page.goto('/dashboard');
  await page.getByText('Total Earnings').waitFor();
  await shot(page, 'dashboard-seeker');
  await page.getByRole('tab', { name: 'Wallet' }).click();
  await shot(page, 'dashboard-seeker-wallet');
  await page.getByRole('tab', { name: 'Profile' }).click();
  await shot(page, 'dashboard-seeker-profile');
  await page.goto('/jobs');
  await page
    .getByRole('link', { name: /^View Details/ })
    .nth(3)
    .click();
  await page.getByRole('button', { name: 'Apply Now' }).click();
  await page.getByRole('dialog').waitFor();
  await shot(page, 'apply-dialog');
}

export async function clientDemoScreens(page: Page) {
  await page.goto('/artists');
  await page
    .getByRole('link', { name: /^View Profile/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Book Now' }).click();
  await page.getByRole('dialog').waitFor();
  await shot(page, 'booking-dialog');
  await page.goto('/');
  await page.getByText('Welcome back').waitFor();
  await shot(page, 'home-client');
  await page.getByRole('link', { name: 'My Bookings' }).click();
  await page.getByRole('list', { name: 'My bookings' }).waitFor();
  await shot(page, 'dashboard-my-bookings');
  await reviewDialogScreen(page);
}

/** The demo client's completed booking: Leave a review, and its dialog with four stars. */
async function reviewDialogScreen(page: Page) {
  await page.goto('/dashboard?tab=bookings');
  await page.getByRole('button', { name: 'Leave a review' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: '4 out of 5 stars' }).check();
  await dialog.getByLabel(/Comment/).fill('Played all our requests and kept the elders dancing.');
  await shot(page, 'review-dialog');
}

/** Ratings and reviews alone (SCREENS=reviews): the artists list, a profile, the cards. */
export async function reviewScreens(
  browser: Browser,
  size: Size,
  states: { client: StorageState; artist: StorageState },
) {
  const guest = await newContext(browser, size);
  const page = await guest.newPage();
  await artistsAndProfileScreens(page);
  await artistReviewsScreen(page);
  await guest.close();
  const client = await newContext(browser, size, states.client);
  const clientPage = await client.newPage();
  await clientPage.goto('/dashboard?tab=bookings');
  await clientPage.getByRole('button', { name: 'Leave a review' }).first().waitFor();
  await shot(clientPage, 'dashboard-my-bookings');
  await reviewDialogScreen(clientPage);
  await client.close();
  const artist = await newContext(browser, size, states.artist);
  const artistPage = await artist.newPage();
  await artistPage.goto('/dashboard/artist');
  await artistPage.getByText('Completed Bookings').first().waitFor();
  await shot(artistPage, 'dashboard-artist');
  await artist.close();
}

export async function artistDemoScreens(page: Page) {
  await page.goto('/');
  await page.getByText('Welcome back').waitFor();
  await shot(page, 'home-artist');
  await page.goto('/dashboard/artist');
  await page.getByText('Pending Requests').first().waitFor();
  await shot(page, 'dashboard-artist');
  await page.getByRole('tab', { name: 'Calendar' }).click();
  await shot(page, 'dashboard-artist-calendar');
  await page.getByRole('tab', { name: 'Portfolio' }).click();
  await page.getByRole('heading', { name: 'Portfolio' }).waitFor();
  await shot(page, 'dashboard-artist-portfolio');
  await page.getByRole('tab', { name: 'Profile' }).click();
  await page.getByRole('button', { name: 'Save Profile' }).waitFor();
  await shot(page, 'dashboard-artist-profile');
}
