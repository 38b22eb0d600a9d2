import { expect, type Page, test } from '@playwright/test';
import { DEMO_USERS } from '../../api/dev/seed/seed-data.ts';
import { latestCode } from '../../scripts/lib/browser-sign-in.ts';
import { randomPhone } from '../../scripts/lib/sign-up.ts';

/**
 * With scripts blocked, /login's three steps are plain forms the server answers (ADR 031): a
 * new person signs up, an existing one signs in, and both land on the home screen drawn for
 * them, with the same messages the app shows.
 */

test.use({ javaScriptEnabled: false, serviceWorkers: 'block' });

async function askForCode(page: Page, phone: string) {
  await page.goto('/login');
  await page.getByLabel('Phone Number').fill(phone);
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByRole('heading', { name: 'Enter Verification Code' })).toBeVisible();
  await expect(page.getByText('Code Sent!')).toBeVisible();
}

test('with scripts blocked, a new person signs up at /login and lands on a drawn home screen', async ({
  page,
}) => {
  // The form's own checks, as the app words them.
  await page.goto('/login');
  await page.getByLabel('Phone Number').fill('12345');
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByText('Phone number must be in format +233XXXXXXXXX')).toBeVisible();

  const phone = randomPhone();
  await askForCode(page, phone);
  // A wrong code: the server's refusal, and the same step again.
  const code = await latestCode(page.request, phone);
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByLabel('Verification Code').fill(wrong);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Verification Failed')).toBeVisible();
  await page.getByLabel('Verification Code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();

  await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();
  await page.getByRole('button', { name: 'Complete Sign Up' }).click();
  await expect(page.getByText('First name is required').first()).toBeVisible();
  await page.getByLabel('First Name').fill('Akosua');
  await page.getByLabel('Last Name').fill('Frimpong');
  await page.getByLabel('I am a...').selectOption('job_seeker');
  await page.getByLabel('Region').selectOption('Volta');
  await page.getByRole('button', { name: 'Complete Sign Up' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Welcome back, Akosua!' })).toBeVisible();
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'sid')?.httpOnly).toBe(true);
  // The dashboard is drawn for them too.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('with scripts blocked, an existing person signs in at /login', async ({ page }) => {
  await askForCode(page, DEMO_USERS.client.phoneNumber);
  await page
    .getByLabel('Verification Code')
    .fill(await latestCode(page.request, DEMO_USERS.client.phoneNumber));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('heading', { name: `Welcome back, ${DEMO_USERS.client.firstName}!` }),
  ).toBeVisible();
});

test('a form posted from another site is refused', async ({ request }) => {
  const answer = await request.post('/login', {
    form: { step: 'phone', phoneNumber: '+233241000001', deliveryMethod: 'sms' },
    headers: { origin: 'https://evil.example' },
  });
  expect(answer.status()).toBe(403);
});
