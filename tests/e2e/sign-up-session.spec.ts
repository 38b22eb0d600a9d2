import { expect, type Page, test } from '@playwright/test';
import { latestCode } from '../../scripts/lib/browser-sign-in.ts';
import { randomPhone } from '../../scripts/lib/sign-up.ts';

/** Signs a new employer up through the three steps of /login, typing the phone as `typed`. */
async function signUpThroughLogin(page: Page, phone: string, typed = phone) {
  await page.goto('/login');
  await page.getByLabel('Phone Number').fill(typed);
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByText(`We sent a 6-digit code via SMS/WhatsApp to ${phone}`)).toBeVisible();
  await page.getByLabel('Verification Code').fill(await latestCode(page.request, phone));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByLabel('First Name').fill('Esi');
  await page.getByLabel('Last Name').fill('Quaye');
  // Someone who only books artists is told which role is theirs before choosing for good.
  await expect(
    page.getByText(
      "Hiring workers or booking artists for an event? Choose Employer. You can't change this later.",
    ),
  ).toBeVisible();
  await page.getByLabel('I am a...').selectOption({ label: 'Employer' });
  await page.getByRole('button', { name: 'Complete Sign Up' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome back, Esi!' })).toBeVisible();
}

test('a protected page loaded straight after signing up opens, trusting the new session', async ({
  page,
}) => {
  await signUpThroughLogin(page, randomPhone());
  // A full page load at once: what the phone saved while signed out must not send us away.
  await page.goto('/post-job');
  await expect(page.getByRole('heading', { name: 'Post a Job' })).toBeVisible();
  await expect(page).toHaveURL(/\/post-job$/);
  await page.goto('/dashboard/employer');
  await expect(page.getByRole('heading', { name: 'Employer Dashboard' })).toBeVisible();
});

test('the phone field takes a number as Ghanaians write it, and sends it as +233XXXXXXXXX', async ({
  page,
}) => {
  const phone = randomPhone();
  const local = `0${phone.slice(4)}`;
  // Typed after the prefilled +233, spaced as people say it.
  await signUpThroughLogin(
    page,
    phone,
    `+233 ${local.slice(1, 3)} ${local.slice(3, 6)} ${local.slice(6)}`,
  );
});
