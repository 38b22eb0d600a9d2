import { expect, test } from '@playwright/test';
import { api } from '../../contracts/paths.ts';
import { advanceTime, newPerson, walletOf } from './payments-support.ts';

test('a payout number changes only with the code sent to the sign-in phone; the phone is told, and payouts there wait 24 hours', async ({
  browser,
}) => {
  const worker = await newPerson(browser, 'Kojo', 'job_seeker');
  // A code a minute after the sign-in code, as the sign-in limits ask.
  await advanceTime([worker], 61);
  const { page } = worker;
  await page.goto('/dashboard?tab=wallet');
  const card = page.getByRole('region', { name: 'Payout number' });
  await card.getByRole('button', { name: 'Change' }).click();
  await card.getByLabel('Mobile money number').fill('+233201234567');
  await expect(card.getByLabel('Network')).toHaveValue('telecel');
  // No Save without a code: the code goes to the sign-in phone first.
  await expect(card.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Send code' }).click();
  const code = card.getByLabel('Code from your sign-in phone');
  await expect(code).toBeVisible();
  await expect(
    card.getByText(`We sent a 6-digit code to ${worker.phone}. It expires in 10 minutes.`),
  ).toBeVisible();
  const outbox = async () =>
    (
      (await (
        await worker.context.request.get(`${api.devOutbox}?to=${encodeURIComponent(worker.phone)}`)
      ).json()) as { body: string }[]
    ).map((message) => message.body);
  const sent = (await outbox()).find((body) => body.includes('code to change your payout number'));
  const digits = sent?.match(/\b(\d{6})\b/)?.[1] ?? '';
  expect(digits).toMatch(/^\d{6}$/);

  // A wrong code is refused and nothing changes.
  await code.fill(digits === '000000' ? '111111' : '000000');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(
    card.getByText('Incorrect or expired code. Request a new one and try again.'),
  ).toBeVisible();
  expect(
    (
      (await (await worker.context.request.get(api.payoutSettings)).json()) as {
        phoneNumber: string;
      }
    ).phoneNumber,
  ).toBe(worker.phone);

  await code.fill(digits);
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Payout Number Saved')).toBeVisible();
  await expect(card.getByText('Telecel +233201234567')).toBeVisible();
  // The wallet says until when payouts to it wait; the sign-in phone was told by SMS.
  const { payoutHeldUntil } = await walletOf(worker);
  expect(payoutHeldUntil).not.toBeNull();
  await expect(
    page.getByText(/^Payouts to your new payout number wait until .+, 24 hours after it was set\./),
  ).toBeVisible();
  await expect
    .poll(async () => (await outbox()).find((body) => body.includes('payout number is now')))
    .toMatch(
      /^Your Ghana Gigs payout number is now one ending 4567\. Not you\? Sign in, change it back:/,
    );
  await worker.context.close();
});
