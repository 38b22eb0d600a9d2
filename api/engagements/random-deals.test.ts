import { expect, test } from 'vitest';
import type { EngagementAction } from '../../contracts/engagements.ts';
import { type BookingCancel, checkBooks } from '../../scripts/crash-test/payments-books.ts';
import type { Policy } from '../../scripts/crash-test/refund-policy.ts';
import { PAYSTACK_PHONES } from '../../tests/fixtures/paystack-server.ts';
import {
  acceptedApplication,
  acceptedBooking,
  call,
  DAY,
  escrowWorldForEachTest,
  HOUR,
} from '../../tests/helpers/escrow-world.ts';
import type { SignedInUser } from '../../tests/helpers/test-app.ts';
import { mulberry32 } from '../dev/seed/seeded-random.ts';

/**
 * Seeded random lives of deals on the real app and the loopback Paystack: both sides tap any
 * button at any time (allowed or not), the provider approves or lets charges lapse, the
 * operator decides disputes, the clocks jump and the reconciler runs. At every step a button
 * `allowedActions` offered must succeed, and one it did not offer must be refused or change
 * nothing; at the end the books hold, by the same check as the payments crash test
 * (scripts/crash-test/payments-books.ts): ledger:check OK, each payment released or refunded at
 * most once and paid out at most once, and every payment's money where its outcome says to the
 * pesewa, a client's cancellation of a paid booking split by its policy for the time the server
 * took it (computed there from the policy table, not by the app's code), as was the
 * `refundIfCancelledNow` shown just before.
 */
const world = escrowWorldForEachTest();

interface Live {
  kind: 'booking' | 'application';
  id: number;
  payer: SignedInUser;
  payee: SignedInUser;
  policy?: Policy;
}

const ACTIONS: EngagementAction[] = ['pay', 'confirm', 'dispute', 'cancel'];
const WEIGHTS: Record<EngagementAction, number> = {
  pay: 8,
  confirm: 8,
  dispute: 1,
  cancel: 1,
  review: 0,
};

/** The deal as `who` sees it now. */
async function view(deal: Live, who: SignedInUser) {
  const { t } = world;
  if (deal.kind === 'booking') {
    const url = who === deal.payer ? '/api/bookings/client' : '/api/bookings/artist';
    const response = await call(t, who, 'GET', url);
    if (response.statusCode !== 200)
      throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    const page = response.json();
    return (page.items ?? page).find((item: { id: number }) => item.id === deal.id);
  }
  const page = (await call(t, who, 'GET', '/api/applications/user')).json();
  if (who === deal.payee)
    return (page.items ?? page).find((item: { id: number }) => item.id === deal.id);
  const application = await t.db
    .selectFrom('applications')
    .select('job_id')
    .where('id', '=', deal.id)
    .executeTakeFirstOrThrow();
  const list = (await call(t, who, 'GET', `/api/applications/job/${application.job_id}`)).json();
  return (list.items ?? list).find((item: { id: number }) => item.id === deal.id);
}

async function tap(deal: Live, who: SignedInUser, action: EngagementAction) {
  const base = `/api/${deal.kind === 'booking' ? 'bookings' : 'applications'}/${deal.id}`;
  if (action === 'pay') {
    return call(world.t, who, 'POST', `${base}/payment`, {
      phoneNumber: PAYSTACK_PHONES.ordinary,
      network: 'mtn',
    });
  }
  if (action === 'dispute') {
    return call(world.t, who, 'POST', `${base}/dispute`, { reason: 'It was not done as agreed' });
  }
  return call(world.t, who, 'POST', `${base}/${action}`);
}

const shape = (item: { status: string; payment: unknown; completion: unknown }) =>
  JSON.stringify([item.status, item.payment, item.completion]);

async function life(seed: number) {
  const random = mulberry32(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
  const deals: Live[] = [];
  for (const policy of ['flexible', 'moderate', 'strict'] as const) {
    const booking = await acceptedBooking(world.t, { daysAhead: 1 + Math.floor(random() * 16) });
    await world.t.db
      .updateTable('bookings')
      .set({ cancellation_policy: policy })
      .where('id', '=', booking.id)
      .execute();
    deals.push({
      kind: 'booking',
      id: booking.id,
      payer: booking.client,
      payee: booking.artist,
      policy,
    });
    const application = await acceptedApplication(world.t);
    deals.push({
      kind: 'application',
      id: application.id,
      payer: application.employer,
      payee: application.seeker,
    });
  }
  // A job of GHS 400.00 in two milestones, each funded and settled on its own.
  const staged = await acceptedApplication(world.t);
  const split = await call(
    world.t,
    staged.employer,
    'PUT',
    `/api/applications/${staged.id}/milestones`,
    {
      milestones: [
        { title: 'First half', amount: '133.33', dueDate: null },
        { title: 'Second half', amount: '266.67', dueDate: null },
      ],
    },
  );
  expect(split.statusCode, split.body).toBe(200);
  deals.push({
    kind: 'application',
    id: staged.id,
    payer: staged.employer,
    payee: staged.seeker,
  });
  const startBalance = world.sim.balance();
  const cancels: BookingCancel[] = [];
  /** Paying and confirming more often than calling off, so lives reach their ends. */
  // (or, a quarter of the time or so, any button at all).
  const weighted = (actions: EngagementAction[]) => {
    const weights = actions.map((action) => WEIGHTS[action]);
    let roll = random() * (weights.reduce((sum, weight) => sum + weight, 0) + 3);
    for (const [i, action] of actions.entries()) {
      roll -= weights[i] ?? 0;
      if (roll < 0) return action;
    }
    return pick(ACTIONS);
  };
  const taken: string[] = [];
  for (let step = 0; step < 60; step += 1) {
    const roll = random();
    if (roll < 0.6) {
      const deal = pick(deals);
      const who = random() < 0.6 ? deal.payer : deal.payee;
      const before = await view(deal, who);
      // Mostly a button the screen shows, sometimes any: both must be judged right.
      const offered: EngagementAction[] = before.allowedActions.filter(
        (action: EngagementAction) => action !== 'review',
      );
      const action = weighted(offered);
      const response = await tap(deal, who, action);
      if (action === 'cancel' && deal.policy && response.statusCode === 200) {
        cancels.push({
          bookingId: deal.id,
          policy: deal.policy,
          by: who === deal.payer ? 'payer' : 'payee',
          paymentStatus: before.payment.status,
          reportedRefund:
            before.refundIfCancelledNow == null
              ? null
              : Math.round(Number(before.refundIfCancelledNow) * 100),
          answeredAt: world.t.now().getTime(),
          answeredPaymentStatus: response.json().payment?.status ?? null,
        });
      }
      const what = `seed ${seed} step ${step}: ${deal.kind} ${deal.id} ${action} by ${who === deal.payer ? 'payer' : 'payee'} (${response.statusCode} ${response.body.slice(0, 120)})`;
      if (before.allowedActions.includes(action)) {
        expect(response.statusCode, what).toBeLessThan(300);
        taken.push(`${deal.kind}:${action}`);
      } else if (response.statusCode < 300) {
        // Not offered, yet answered 2xx: only a repeat (or answering a charge under way), which
        // changes nothing.
        expect(shape(await view(deal, who)), what).toBe(shape(before));
      } else {
        expect([403, 409, 422], what).toContain(response.statusCode);
      }
      if (action === 'pay' && response.statusCode === 202 && random() < 0.9) {
        await world.sim.approve(response.json().reference);
      }
    } else if (roll < 0.7) {
      const [disputed] = await world.t.app.services.payments.disputes();
      if (disputed) {
        const decisions =
          disputed.engagement_type === 'booking'
            ? (['release', 'refund', 'no_show'] as const)
            : (['release', 'refund'] as const);
        await world.t.app.services.payments.resolve(disputed.id, pick(decisions));
      }
    } else {
      await world.advance(pick([60, HOUR, 6 * HOUR, DAY, 2 * DAY]));
      await world.reconcile();
    }
  }
  // Everything left runs its course: releases, kept shares, payouts, refunds.
  for (let i = 0; i < 6; i += 1) {
    await world.advance(5 * DAY);
    await world.reconcile();
    await world.advance(60);
    await world.reconcile();
  }
  const books = await checkBooks(world.t.db, world.sim, cancels, startBalance);
  if (process.env.SHOW_LIVES) console.log(seed, taken, books);
  expect(books.ledgerProblems, `seed ${seed}`).toEqual([]);
  expect(books.problems, `seed ${seed}`).toEqual([]);
  expect(books.payoutMismatches + books.refundMismatches + books.splitMismatches).toBe(0);
  expect(books.lostCharges, `seed ${seed}`).toBe(0);
  expect(books.providerBalance.simulator, `seed ${seed}`).toBe(books.providerBalance.ledger);
}

for (const seed of [7, 11, 24, 42, 99, 123, 2026]) {
  test(
    `random lives of three bookings, three jobs and a job in milestones, seed ${seed}`,
    { timeout: 120_000 },
    () => life(seed),
  );
}
