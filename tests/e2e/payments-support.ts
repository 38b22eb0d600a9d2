import {
  type Browser,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import type { Role } from '../../contracts/auth.ts';
import { formatAmount, formatGhs } from '../../contracts/money.ts';
import { api } from '../../contracts/paths.ts';
import { serviceFeePesewas, type Wallet } from '../../contracts/payments.ts';
import { signUp } from '../../scripts/lib/browser-sign-in.ts';
import { accept, requestBooking } from '../../scripts/lib/engagement-setup.ts';

/** The dev provider's scripted wallets (docs/payments-provider.md). */
export const WALLETS = {
  /** Paystack's MTN test wallet: rings, then approves by itself after 5 s. */
  approves: '+233551234987',
  /** POST /charge answers failed: Declined. */
  declined: '+233240000001',
} as const;

export interface Person {
  context: BrowserContext;
  page: Page;
  phone: string;
  name: string;
}

/**
 * A new user in their own phone-sized browser whose clock the test moves with the server's, so
 * "after the event date" holds on both sides.
 */
export async function newPerson(
  browser: Browser,
  firstName: string,
  role: Role,
  region = 'Greater Accra',
): Promise<Person> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  await context.clock.install();
  const name = `${firstName}${Math.floor(Math.random() * 1e4)}`;
  const { phone } = await signUp(context.request, role, {
    firstName: name,
    lastName: 'Quaye',
    region,
  });
  return { context, page: await context.newPage(), phone, name: `${name} Quaye` };
}

/**
 * Moves the server's test clock (TEST_CLOCK=1) and every browser's clock by the same amount, and
 * answers the server's new time. The server and its clock are shared by every test, so only the
 * specs of the `mobile-clock` project, which run after all others, may move it
 * (playwright.config.ts).
 */
export async function advanceTime(people: Person[], seconds: number): Promise<number> {
  const project = test.info().project.name;
  if (project !== 'mobile-clock') {
    throw new Error(
      `${project} moved the shared server clock: list its spec in MOVES_SERVER_CLOCK`,
    );
  }
  const first = people[0];
  if (!first) throw new Error('advanceTime needs someone whose browser asks');
  const moved = await first.context.request.post(api.devClock, {
    data: { advanceSeconds: seconds },
  });
  expect(moved.ok(), await moved.text()).toBe(true);
  const { now } = (await moved.json()) as { now: string };
  for (const person of people) await person.context.clock.setSystemTime(new Date(now));
  return Date.parse(now);
}

export async function walletOf(person: Person): Promise<Wallet> {
  const response = await person.context.request.get(api.wallet);
  expect(response.ok()).toBe(true);
  return (await response.json()) as Wallet;
}

/**
 * `person`'s wallet once every clock has moved on 15 s: poll it, as a payout settles on the
 * simulator's clock (transfers take seconds there).
 */
export async function walletLater(people: Person[], person: Person): Promise<Wallet> {
  await advanceTime(people, 15);
  return walletOf(person);
}

/**
 * The client books `hours` hours of the artist at `venue` for 18:00 UTC `days` on by the
 * server's clock (which other journeys may have moved ahead), and the artist accepts, both
 * through the API. Answers the booking's id.
 */
export async function acceptedBooking(
  client: Person,
  artist: Person,
  booking: { artistId: number; days: number; hours: number; venue: string; totalAmount: string },
): Promise<number> {
  const { days, ...rest } = booking;
  const eventDate = new Date((await advanceTime([client, artist], 1)) + days * 86_400_000);
  eventDate.setUTCHours(18, 0, 0, 0);
  const { id } = await requestBooking(client.context.request, { ...rest, eventDate });
  await accept(artist.context.request, { booking: id });
  return id;
}

/** The e2e server's SERVICE_FEE_PERCENT (the default). */
const FEE_PERCENT = 5;

/** The fee and what the payer is asked for, as the screens show them: 735 -> GHS 36.75, GHS 771.75. */
export function withFee(amountPesewas: number): { fee: string; total: string } {
  const fee = serviceFeePesewas(amountPesewas, FEE_PERCENT);
  return {
    fee: formatGhs(formatAmount(fee)),
    total: formatGhs(formatAmount(amountPesewas + fee)),
  };
}

/** Pays from the open paying dialog with one of the scripted wallets (all MTN numbers). */
export async function payWith(page: Page, dialogName: string, wallet: string, total: string) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.getByLabel('Mobile money number').fill(wallet);
  await expect(dialog.getByLabel('Network')).toHaveValue('mtn');
  await dialog.getByRole('button', { name: `Pay ${total}` }).click();
  return dialog;
}

/**
 * The payouts a payee received, as far as the dev server shows them: the wallet's payout
 * entries (the ledger) and the paid-out receipts sent to the payee's phone. The simulator's own
 * list of transfers is not exposed by the dev server.
 */
export async function payoutsOf(person: Person) {
  const wallet = await walletOf(person);
  const outbox = await person.context.request.get(
    `${api.devOutbox}?to=${encodeURIComponent(person.phone)}`,
  );
  const messages = (await outbox.json()) as { body: string }[];
  return {
    sent: wallet.entries
      .filter((entry) => entry.kind === 'payout_sent')
      .map((entry) => entry.amount),
    failed: wallet.entries.filter((entry) => entry.kind === 'payout_failed').length,
    receipts: messages
      .map((message) => message.body)
      .filter((body) => body.startsWith('Ghana Gigs sent ')),
  };
}

/**
 * The employer's dashboard with the applicants of the job titled `title` open: the card of the
 * applicant named `applicantName`.
 */
export async function openApplicant(employer: Person, title: string, applicantName: string) {
  await employer.page.goto('/dashboard/employer');
  await employer.page
    .getByRole('listitem')
    .filter({ hasText: title })
    .getByRole('button', { name: 'View Applicants' })
    .click();
  return employer.page
    .getByRole('list', { name: 'Applicants' })
    .getByRole('listitem')
    .filter({ hasText: applicantName });
}

/** Confirms the work of a deal card from its Confirm Completed button and the dialog it opens. */
export async function confirmCompleted(page: Page, card: Locator) {
  await card.getByRole('button', { name: 'Confirm Completed' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm the work was done?' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await expect(page.getByText('Completion Confirmed')).toBeVisible();
}
