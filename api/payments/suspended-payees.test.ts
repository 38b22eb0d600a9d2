import { expect, test } from 'vitest';
import { PAYMENT_MESSAGES } from '../../contracts/payments.ts';
import { PAYSTACK_PHONES } from '../../tests/fixtures/paystack-server.ts';
import {
  acceptedApplication,
  call,
  DAY,
  escrowWorldForEachTest,
  expectLedgerSound,
  HOUR,
  paidApplication,
  paymentRow,
  setPayoutNumber,
  settleWithProvider,
  smsTo,
  startPaying,
} from '../../tests/helpers/escrow-world.ts';
import { type SignedInUser, signUpOperator } from '../../tests/helpers/test-app.ts';

/**
 * Rule 4 around the money of issue 23 (round three), attacked as a dishonest user would: a
 * suspended account still paid. Rules 1 and 2 are in confirm-and-cancel-rules.test.ts.
 */

const world = escrowWorldForEachTest();

// --- 4. A suspension stops the money ------------------------------------------------------------

const suspend = (admin: SignedInUser, userId: number, action: 'suspend' | 'unsuspend') =>
  world.post(admin, '/api/admin/moderation', { targetType: 'user', targetId: userId, action });

test("4. suspending a payee freezes its held payments and pauses its queued payouts; each waits in the operator's queue to release or refund", async () => {
  const { t, sim } = world;
  const admin = await signUpOperator(t);
  // Three deals with one worker: one whose clock runs, one held with no clock, one released
  // whose payout waits for its new number's 24 hours.
  const running = await paidApplication(world);
  const worker = running.seeker;
  await world.post(worker, `/api/applications/${running.id}/confirm`);
  await smsTo(t, running.employer);
  const quiet = await acceptedApplication(t);
  const paid = await paidApplication(world);
  await setPayoutNumber(world, paid.seeker, PAYSTACK_PHONES.ordinary);
  await world.post(paid.employer, `/api/applications/${paid.id}/confirm`);
  await world.post(paid.seeker, `/api/applications/${paid.id}/confirm`);
  expect((await paymentRow(t, paid.id)).status).toBe('released');

  for (const who of [worker, paid.seeker]) {
    expect((await suspend(admin, who.id, 'suspend')).statusCode).toBe(200);
  }
  expect(quiet.id).toBeGreaterThan(0);
  const frozen = await paymentRow(t, running.id);
  expect(frozen).toMatchObject({
    status: 'held',
    release_due_at: null,
    frozen_at: expect.any(String),
  });
  expect(frozen.frozen_release_seconds).toBeGreaterThan(71 * 3600);

  // Long past every clock: nothing is released, nothing paid out.
  await world.advance(5 * DAY);
  await settleWithProvider(world);
  expect((await paymentRow(t, running.id)).status).toBe('held');
  expect(sim.transfers()).toEqual([]);
  await expectLedgerSound(world.t);

  const queue = (await call(t, admin, 'GET', '/api/admin/queue')).json();
  expect(
    queue.frozen.map(
      (item: { engagementId: number; status: string; payee: { suspended: boolean } }) => [
        item.engagementId,
        item.status,
        item.payee.suspended,
      ],
    ),
  ).toEqual([
    [running.id, 'held', true],
    [paid.id, 'released', true],
  ]);
  // The operator refunds the frozen one through the same path as a dispute.
  const frozenId = frozen.id;
  const refunded = await world.post(admin, `/api/admin/disputes/${frozenId}`, {
    decision: 'refund',
  });
  expect(refunded.json()).toEqual({ paymentId: frozenId, status: 'refunded' });
  // A released payment cannot be refunded; the operator's release sends its paused payout.
  const paidId = (await paymentRow(t, paid.id)).id;
  expect(
    (await world.post(admin, `/api/admin/disputes/${paidId}`, { decision: 'refund' })).statusCode,
  ).toBe(409);
  expect(
    (await world.post(admin, `/api/admin/disputes/${paidId}`, { decision: 'release' })).statusCode,
  ).toBe(200);
  await settleWithProvider(world);
  expect(sim.refunds()).toEqual([expect.objectContaining({ amountPesewas: 42_000 })]);
  expect(sim.transfers()).toEqual([
    expect.objectContaining({ phone: PAYSTACK_PHONES.ordinary, status: 'success' }),
  ]);
  expect((await call(t, admin, 'GET', '/api/admin/queue')).json().frozen).toEqual([]);
  await expectLedgerSound(world.t);
});

test('4. a payment that lands for a suspended payee is frozen at once, and paying one is refused', async () => {
  const { t } = world;
  const admin = await signUpOperator(t);
  const work = await acceptedApplication(t);
  const { reference } = await startPaying(t, work.employer, `/api/applications/${work.id}/payment`);
  expect((await suspend(admin, work.seeker.id, 'suspend')).statusCode).toBe(200);
  await world.sim.approve(reference);
  expect(await paymentRow(t, work.id)).toMatchObject({
    status: 'held',
    frozen_at: expect.any(String),
  });
  const other = await acceptedApplication(t);
  await suspend(admin, other.seeker.id, 'suspend');
  const refused = await call(t, other.employer, 'POST', `/api/applications/${other.id}/payment`, {
    phoneNumber: PAYSTACK_PHONES.ordinary,
    network: 'mtn',
  });
  expect(refused.statusCode).toBe(422);
  expect(refused.json().message).toBe(PAYMENT_MESSAGES.payeeSuspended);
  await expectLedgerSound(world.t);
});

test('4. lifting the suspension resumes the clocks where they stopped, and paused payouts go', async () => {
  const { t, sim } = world;
  const admin = await signUpOperator(t);
  const work = await paidApplication(world);
  await world.post(work.seeker, `/api/applications/${work.id}/confirm`);
  await smsTo(t, work.employer);
  const { release_due_at: due } = await paymentRow(t, work.id);
  const left = Date.parse(due ?? '') - t.now().getTime();
  // The worker, suspended a day into the employer's 72 hours, is let back ten days later.
  await world.advance(DAY);
  await suspend(admin, work.seeker.id, 'suspend');
  await world.advance(10 * DAY);
  await world.reconcile();
  expect((await paymentRow(t, work.id)).status).toBe('held');
  expect((await suspend(admin, work.seeker.id, 'unsuspend')).json()).toMatchObject({
    moderation: 'published',
  });
  expect((await suspend(admin, work.seeker.id, 'unsuspend')).statusCode).toBe(409);
  const resumed = await paymentRow(t, work.id);
  expect(resumed.frozen_at).toBeNull();
  expect(Date.parse(resumed.release_due_at ?? '') - t.now().getTime()).toBeCloseTo(
    left - DAY * 1000,
    -4,
  );
  // The worker signs in again; their money goes when its clock says.
  expect((await call(t, work.seeker, 'GET', '/api/wallet')).statusCode).toBe(401);
  await world.advance(2 * DAY + HOUR);
  await settleWithProvider(world);
  expect((await paymentRow(t, work.id)).status).toBe('released');
  expect(sim.transfers()).toEqual([expect.objectContaining({ status: 'success' })]);
  await expectLedgerSound(world.t);
});

test('4. an employer confirming the work of a suspended worker does not release it; lifting the suspension does', async () => {
  const { t } = world;
  const admin = await signUpOperator(t);
  const work = await paidApplication(world);
  await world.post(work.seeker, `/api/applications/${work.id}/confirm`);
  await suspend(admin, work.seeker.id, 'suspend');
  // The colluding employer confirms too: both sides have, but the money is the operator's now.
  expect((await world.post(work.employer, `/api/applications/${work.id}/confirm`)).statusCode).toBe(
    200,
  );
  expect(await paymentRow(t, work.id)).toMatchObject({
    status: 'held',
    frozen_at: expect.any(String),
  });
  await world.advance(4 * DAY);
  await world.reconcile();
  expect((await paymentRow(t, work.id)).status).toBe('held');
  await suspend(admin, work.seeker.id, 'unsuspend');
  expect((await paymentRow(t, work.id)).status).toBe('released');
  await settleWithProvider(world);
  await expectLedgerSound(world.t);
});
