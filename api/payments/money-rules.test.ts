import { expect, test } from 'vitest';
import { dayOf } from '../../contracts/dates.ts';
import { PAYMENT_MESSAGES } from '../../contracts/payments.ts';
import {
  type AfricasTalkingServer,
  startAfricasTalkingServer,
} from '../../tests/fixtures/africastalking-server.ts';
import { PAYSTACK_PHONES } from '../../tests/fixtures/paystack-server.ts';
import {
  acceptedApplication,
  call,
  createEscrowWorld,
  DAY,
  escrowWorldForEachTest,
  expectLedgerSound,
  HOUR,
  paidApplication,
  paidBooking,
  payoutCodeOf,
  setPayoutNumber,
  settleWithProvider,
  smsTo,
  startPaying,
} from '../../tests/helpers/escrow-world.ts';
import { codeFromGateway, gatewayTransport, textsTo } from '../../tests/helpers/gateway.ts';
import { type SignedInUser, signUp, type TestApp } from '../../tests/helpers/test-app.ts';
import { setOperator } from '../auth/users-repository.ts';
import { PAYER_NOTICE_HOOK } from '../engagements/escrow.ts';
import { soonTimeLabel } from '../lib/day-label.ts';

/**
 * The rules around the money of issue 23 (round three), each attacked as a dishonest user would:
 * a worker starting the payer's clock alone before any work, an employer cancelling confirmed
 * work for a full refund, a suspended account still paid, earnings redirected with a session.
 */

const world = escrowWorldForEachTest();

const post = (who: SignedInUser | null, url: string, payload?: object) =>
  call(world.t, who, 'POST', url, payload);

/** The application as its employer's card shows it. */
async function employerCard(work: Awaited<ReturnType<typeof paidApplication>>, t = world.t) {
  const list = await call(t, work.employer, 'GET', `/api/applications/job/${work.jobId}`);
  return list.json().find((item: { id: number }) => item.id === work.id);
}

const paymentRow = (t: TestApp, engagementId: number) =>
  t.db
    .selectFrom('payments')
    .selectAll()
    .where('engagement_id', '=', engagementId)
    .executeTakeFirstOrThrow();

// --- 1. The payee alone cannot start the payer's clock, before the work or untold ---------------

test("1. a worker cannot confirm before the job's start date: 422 saying from when, nothing changes", async () => {
  const { t } = world;
  const startDate = dayOf(t.now().getTime() + 20 * DAY * 1000);
  const work = await paidApplication(world, { startDate });
  const early = await post(work.seeker, `/api/applications/${work.id}/confirm`);
  expect(early.statusCode).toBe(422);
  const [year, month, day] = startDate.split('-').map(Number) as [number, number, number];
  const label = new Date(Date.UTC(year, month - 1, day)).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  expect(early.json().message).toBe(PAYMENT_MESSAGES.confirmFrom(label));
  expect(await paymentRow(t, work.id)).toMatchObject({
    status: 'held',
    payee_confirmed_at: null,
    release_due_at: null,
  });
  // Nor the employer: the work's date holds for both sides. The card says from when.
  expect((await post(work.employer, `/api/applications/${work.id}/confirm`)).statusCode).toBe(422);
  expect((await employerCard(work)).completion).toMatchObject({
    confirmableFrom: `${startDate}T00:00:00.000Z`,
    autoReleaseAt: null,
  });
  // Weeks of waiting pass without a release; no SMS tells the employer the work is done.
  await world.advance(19 * DAY);
  await world.reconcile();
  expect((await paymentRow(t, work.id)).status).toBe('held');
  expect((await smsTo(t, work.employer)).some((sms) => sms.includes('says the work'))).toBe(false);
  // From the start date on, the worker may say it is done.
  await world.advance(DAY);
  expect((await post(work.seeker, `/api/applications/${work.id}/confirm`)).statusCode).toBe(200);
  await expectLedgerSound(world.t);
});

test('1. the worker confirming first: the employer is told at once (who, what to do, when the money goes, the card), and the 72 hours run from that SMS', async () => {
  const { t } = world;
  const work = await paidApplication(world);
  const sentFrom = t.now().getTime();
  const confirmed = await post(work.seeker, `/api/applications/${work.id}/confirm`);
  expect(confirmed.statusCode).toBe(200);
  // The worker's word alone starts no clock: not until the employer has been told.
  expect(confirmed.json().completion).toMatchObject({
    payeeConfirmedAt: expect.any(String),
    autoReleaseAt: null,
  });
  // The confirm kicked the sender: the SMS goes at once, in that round. Its send is over before
  // the test reads anything (or moves the clock, which would land between its text and its
  // record).
  await t.app.notifier.idle();
  const sentBy = t.now().getTime();
  const [notice] = await smsTo(t, work.employer);
  const match = notice?.match(
    /^Esi Mensah says the work is done\. Confirm or report a problem, or it is paid (\d{1,2} \w{3} \d\d:\d\d GMT): http:\/\/localhost:3000\/dashboard\/employer$/,
  );
  expect(match, notice).toBeTruthy();
  const card = await employerCard(work);
  const due = Date.parse(card.completion.autoReleaseAt);
  // The SMS states the very minute the money goes, in Ghana time; never before 72 hours after
  // the SMS was sent, and nothing earlier than it counts.
  expect(soonTimeLabel(card.completion.autoReleaseAt)).toBe(match?.[1]);
  const row = await paymentRow(t, work.id);
  const sms = await t.db
    .selectFrom('notifications')
    .select('sent_at')
    .where('user_id', '=', work.employer.id)
    .where('send_hook', '=', PAYER_NOTICE_HOOK)
    .executeTakeFirstOrThrow();
  expect(row.payer_notified_at).toBe(sms.sent_at);
  const notifiedAt = Date.parse(row.payer_notified_at ?? '');
  expect(notifiedAt).toBeGreaterThanOrEqual(Date.parse(row.payee_confirmed_at ?? ''));
  expect(notifiedAt).toBeLessThanOrEqual(sentBy);
  expect(due).toBeGreaterThanOrEqual(notifiedAt + 72 * HOUR * 1000);
  expect(due).toBeLessThanOrEqual(sentFrom + 72 * HOUR * 1000 + 3 * 60 * 1000);
  expect(card.completion.payeeConfirmedAt).toBe(confirmed.json().completion.payeeConfirmedAt);
  // The employer still may report a problem within it; a minute before, nothing has moved.
  await world.advance((due - t.now().getTime()) / 1000 - 60);
  await world.reconcile();
  expect((await paymentRow(t, work.id)).status).toBe('held');
  await world.advance(61);
  await world.reconcile();
  expect((await paymentRow(t, work.id)).status).toBe('released');
  await settleWithProvider(world);
  await expectLedgerSound(world.t);
});

test('1. an artist confirming first after the event: the client is told, and the money goes no sooner than 72 hours after that SMS', async () => {
  const { t } = world;
  const booking = await paidBooking(world, { daysAhead: 1 });
  const before = await post(booking.artist, `/api/bookings/${booking.id}/confirm`);
  expect(before.statusCode).toBe(422);
  expect(before.json().message).toMatch(/^You can confirm the work is done from .+ GMT$/);
  // Two days after the event the artist says it is done: the event's own 72 hours would end in
  // a day, but the client has only just been told.
  await world.advance(3 * DAY);
  expect((await post(booking.artist, `/api/bookings/${booking.id}/confirm`)).statusCode).toBe(200);
  const [notice] = await smsTo(t, booking.client);
  const sentBy = t.now().getTime();
  expect(notice).toMatch(
    /^DJ Kasa says the work is done\. Confirm or report a problem, or it is paid .+ GMT: http:\/\/localhost:3000\/dashboard\?tab=bookings$/,
  );
  const row = await paymentRow(t, booking.id);
  expect(Date.parse(row.release_due_at ?? '')).toBeGreaterThanOrEqual(sentBy + 72 * HOUR * 1000);
  await world.advance(2 * DAY);
  await world.reconcile();
  expect((await paymentRow(t, booking.id)).status).toBe('held');
  await expectLedgerSound(world.t);
});

test('1. when the SMS cannot be sent (the gateway down), no clock runs; it starts when the SMS goes', async () => {
  // A world of its own whose SMS go through the loopback gateway (the file's own is left idle).
  const gateway: AfricasTalkingServer = await startAfricasTalkingServer();
  const world = await createEscrowWorld({ transport: gatewayTransport(gateway) });
  try {
    const { t } = world;
    const work = await paidApplication(world, { readCode: codeFromGateway(gateway) });
    gateway.fail('server-error');
    expect(
      (await call(t, work.seeker, 'POST', `/api/applications/${work.id}/confirm`)).statusCode,
    ).toBe(200);
    // Days of the gateway refusing: the employer is never told, so the money never goes.
    for (let round = 0; round < 10; round++) {
      await world.advance(8 * HOUR);
      await world.reconcile();
    }
    // Tried again and again, never given up on: what it starts must not wait on nothing.
    const queued = await t.db
      .selectFrom('notifications')
      .select(['status', 'attempts'])
      .where('send_hook', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(queued.status).toBe('pending');
    expect(queued.attempts).toBeGreaterThan(8);
    expect(textsTo(gateway, work.employer.phone).some((sms) => sms.includes('says the work'))).toBe(
      false,
    );
    expect(await paymentRow(t, work.id)).toMatchObject({
      status: 'held',
      release_due_at: null,
      payer_notified_at: null,
    });
    await expectLedgerSound(world.t);
    gateway.fail('none');
    await world.advance(HOUR);
    await world.reconcile();
    const notice = textsTo(gateway, work.employer.phone).find((sms) =>
      sms.includes('says the work'),
    );
    expect(notice).toBeTruthy();
    const row = await paymentRow(t, work.id);
    expect(Date.parse(row.release_due_at ?? '')).toBeGreaterThanOrEqual(
      Date.parse(row.payer_notified_at ?? '') + 72 * HOUR * 1000,
    );
    expect(notice).toContain(soonTimeLabel(row.release_due_at ?? ''));
    await expectLedgerSound(world.t);
  } finally {
    await world.close();
    await gateway.close();
  }
}, 30_000);

// --- 2. Confirmed work is not cancelled for a refund ---------------------------------------------

test('2. after either side has confirmed, cancel answers 409 and the money stays held: only a dispute remains', async () => {
  const { t, sim } = world;
  const payerFirst = await paidApplication(world);
  expect(
    (await post(payerFirst.employer, `/api/applications/${payerFirst.id}/confirm`)).statusCode,
  ).toBe(200);
  for (const who of [payerFirst.employer, payerFirst.seeker]) {
    const cancel = await post(who, `/api/applications/${payerFirst.id}/cancel`);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe(PAYMENT_MESSAGES.cancelAfterConfirm);
  }
  const payeeFirst = await paidApplication(world);
  await post(payeeFirst.seeker, `/api/applications/${payeeFirst.id}/confirm`);
  expect(
    (await post(payeeFirst.employer, `/api/applications/${payeeFirst.id}/cancel`)).statusCode,
  ).toBe(409);
  for (const work of [payerFirst, payeeFirst]) {
    expect(await paymentRow(t, work.id)).toMatchObject({ status: 'held' });
  }
  await settleWithProvider(world);
  expect(sim.refunds()).toEqual([]);
  // A dispute is still open to them.
  const disputed = await post(payerFirst.employer, `/api/applications/${payerFirst.id}/dispute`, {
    reason: 'The wall fell down the next morning',
  });
  expect(disputed.json().payment.status).toBe('disputed');
  await expectLedgerSound(world.t);
});

test('2. a job whose start date has come is not cancelled either, confirmed or not: a dispute instead', async () => {
  const { t } = world;
  const work = await paidApplication(world, {
    startDate: dayOf(t.now().getTime() + 2 * DAY * 1000),
  });
  await world.advance(2 * DAY);
  const cancel = await post(work.employer, `/api/applications/${work.id}/cancel`);
  expect(cancel.statusCode).toBe(422);
  expect(cancel.json().message).toBe(PAYMENT_MESSAGES.cancelTooLate);
  expect((await paymentRow(t, work.id)).status).toBe('held');
  // Before its start date, with nobody's confirmation, it may still be called off and refunded.
  const early = await paidApplication(world, {
    startDate: dayOf(t.now().getTime() + 5 * DAY * 1000),
  });
  const calledOff = await post(early.employer, `/api/applications/${early.id}/cancel`);
  expect(calledOff.json()).toMatchObject({ status: 'cancelled', payment: { status: 'refunded' } });
  await settleWithProvider(world);
  await expectLedgerSound(world.t);
});

test('2. a paid job without a start date has begun: its employer cannot cancel it for a refund, the worker may still withdraw', async () => {
  const { t } = world;
  const work = await paidApplication(world);
  const cancel = await post(work.employer, `/api/applications/${work.id}/cancel`);
  expect(cancel.statusCode).toBe(422);
  expect(cancel.json().message).toBe(PAYMENT_MESSAGES.cancelTooLate);
  expect((await paymentRow(t, work.id)).status).toBe('held');
  // Unpaid, either side may still call it off; paid, the worker may give the money back.
  const unpaid = await acceptedApplication(t);
  expect(
    (await post(unpaid.employer, `/api/applications/${unpaid.id}/cancel`)).json(),
  ).toMatchObject({ status: 'cancelled' });
  const withdrawn = await post(work.seeker, `/api/applications/${work.id}/cancel`);
  expect(withdrawn.json()).toMatchObject({ status: 'cancelled', payment: { status: 'refunded' } });
  await settleWithProvider(world);
  await expectLedgerSound(world.t);
});

// --- 4. A suspension stops the money ------------------------------------------------------------

async function operator(t: TestApp) {
  const admin = await signUp(t, 'employer', { firstName: 'Efua', lastName: 'Operator' });
  await setOperator(t.db, admin.phone, true);
  return admin;
}

const suspend = (admin: SignedInUser, userId: number, action: 'suspend' | 'unsuspend') =>
  post(admin, '/api/admin/moderation', { targetType: 'user', targetId: userId, action });

test("4. suspending a payee freezes its held payments and pauses its queued payouts; each waits in the operator's queue to release or refund", async () => {
  const { t, sim } = world;
  const admin = await operator(t);
  // Three deals with one worker: one whose clock runs, one held with no clock, one released
  // whose payout waits for its new number's 24 hours.
  const running = await paidApplication(world);
  const worker = running.seeker;
  await post(worker, `/api/applications/${running.id}/confirm`);
  await smsTo(t, running.employer);
  const quiet = await acceptedApplication(t);
  const paid = await paidApplication(world);
  await setPayoutNumber(world, paid.seeker, PAYSTACK_PHONES.ordinary);
  await post(paid.employer, `/api/applications/${paid.id}/confirm`);
  await post(paid.seeker, `/api/applications/${paid.id}/confirm`);
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
  const refunded = await post(admin, `/api/admin/disputes/${frozenId}`, { decision: 'refund' });
  expect(refunded.json()).toEqual({ paymentId: frozenId, status: 'refunded' });
  // A released payment cannot be refunded; the operator's release sends its paused payout.
  const paidId = (await paymentRow(t, paid.id)).id;
  expect(
    (await post(admin, `/api/admin/disputes/${paidId}`, { decision: 'refund' })).statusCode,
  ).toBe(409);
  expect(
    (await post(admin, `/api/admin/disputes/${paidId}`, { decision: 'release' })).statusCode,
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
  const admin = await operator(t);
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
  const admin = await operator(t);
  const work = await paidApplication(world);
  await post(work.seeker, `/api/applications/${work.id}/confirm`);
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
  const admin = await operator(t);
  const work = await paidApplication(world);
  await post(work.seeker, `/api/applications/${work.id}/confirm`);
  await suspend(admin, work.seeker.id, 'suspend');
  // The colluding employer confirms too: both sides have, but the money is the operator's now.
  expect((await post(work.employer, `/api/applications/${work.id}/confirm`)).statusCode).toBe(200);
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

// --- 5. The payout number is not changed with a session alone ------------------------------------

test('5. changing the payout number takes a fresh code sent to the sign-in phone: 403 without one, a wrong one or a sign-in code', async () => {
  const { t } = world;
  const worker = await signUp(t, 'job_seeker');
  const thief = { phoneNumber: '+233201234567', network: 'telecel' };
  const unchanged = async () =>
    expect((await call(t, worker, 'GET', '/api/me/payout')).json()).toEqual({
      phoneNumber: worker.phone,
      network: 'mtn',
      isDefault: true,
    });
  const bare = await call(t, worker, 'PUT', '/api/me/payout', thief);
  expect(bare.statusCode).toBe(403);
  expect(bare.json().errors.code).toBe(PAYMENT_MESSAGES.payoutCode);
  await unchanged();
  // A sign-in code for the same phone does not do: it is for signing in.
  await world.advance(61);
  await call(t, null, 'POST', '/api/auth/send-code', { phoneNumber: worker.phone });
  const signInSms =
    (await t.app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(worker.phone)}` })).json<
      { body: string }[]
    >()[0]?.body ?? '';
  const signInCode = signInSms.match(/\b(\d{6})\b/)?.[1];
  const withSignInCode = await call(t, worker, 'PUT', '/api/me/payout', {
    ...thief,
    code: signInCode,
  });
  expect(withSignInCode.statusCode).toBe(403);
  await unchanged();

  await world.advance(61);
  const sent = await post(worker, '/api/me/payout/code');
  expect(sent.statusCode).toBe(200);
  // Asked again at once: the sign-in limits (a minute between codes) hold.
  expect((await post(worker, '/api/me/payout/code')).statusCode).toBe(429);
  const code = await payoutCodeOf(t, worker);
  // The payout code signs nobody in.
  const asSignIn = await call(t, null, 'POST', '/api/auth/verify-code', {
    phoneNumber: worker.phone,
    code,
  });
  expect(asSignIn.statusCode).toBe(400);
  const wrong = await call(t, worker, 'PUT', '/api/me/payout', {
    ...thief,
    code: code === '000000' ? '111111' : '000000',
  });
  expect(wrong.statusCode).toBe(403);
  await unchanged();
  const saved = await call(t, worker, 'PUT', '/api/me/payout', { ...thief, code });
  expect(saved.json()).toEqual({ ...thief, isDefault: false });
  // Single use.
  expect(
    (
      await call(t, worker, 'PUT', '/api/me/payout', {
        phoneNumber: '+233501234567',
        network: 'telecel',
        code,
      })
    ).statusCode,
  ).toBe(403);
  // The sign-in phone is told at once, by SMS: the new number's last 4 digits and what to do.
  expect((await smsTo(t, worker))[0]).toBe(
    'Your Ghana Gigs payout number is now one ending 4567. Not you? Sign in, change it back: http://localhost:3000/dashboard?tab=wallet',
  );
  const [changedSms] = await t.db
    .selectFrom('notifications')
    .select(['to_phone', 'channel'])
    .where('user_id', '=', worker.id)
    .execute();
  expect(changedSms).toEqual({ to_phone: worker.phone, channel: 'sms' });
});

test("5. a thief who used up the owner's codes cannot keep the number: back to the sign-in phone needs none", async () => {
  const { t, sim } = world;
  const work = await paidApplication(world);
  await setPayoutNumber(world, work.seeker, PAYSTACK_PHONES.ordinary);
  await post(work.employer, `/api/applications/${work.id}/confirm`);
  await post(work.seeker, `/api/applications/${work.id}/confirm`);
  // The thief asks for codes until the phone's cap refuses more, so none reaches the owner.
  let asked = 0;
  for (; asked < 30; asked += 1) {
    await world.advance(61);
    if ((await post(work.seeker, '/api/me/payout/code')).statusCode === 429) break;
  }
  expect(asked).toBeLessThan(30);
  // Another number still needs a code; the owner's own phone does not.
  const elsewhere = await call(t, work.seeker, 'PUT', '/api/me/payout', {
    phoneNumber: '+233201234567',
    network: 'telecel',
  });
  expect(elsewhere.statusCode).toBe(403);
  const back = await call(t, work.seeker, 'PUT', '/api/me/payout', {
    phoneNumber: work.seeker.phone,
    network: 'mtn',
  });
  expect(back.json()).toEqual({ phoneNumber: work.seeker.phone, network: 'mtn', isDefault: true });
  await settleWithProvider(world);
  expect(sim.transfers()).toEqual([
    expect.objectContaining({ phone: work.seeker.phone, status: 'success' }),
  ]);
  await expectLedgerSound(world.t);
});

test('5. a payout to a number set less than 24 hours ago waits until the 24 hours have passed, and the wallet says until when', async () => {
  const { t, sim } = world;
  const work = await paidApplication(world);
  const setFrom = t.now().getTime();
  const saved = await setPayoutNumber(world, work.seeker, PAYSTACK_PHONES.ordinary);
  expect(saved.statusCode).toBe(200);
  const setBy = t.now().getTime();
  await post(work.employer, `/api/applications/${work.id}/confirm`);
  await post(work.seeker, `/api/applications/${work.id}/confirm`);
  const wallet = (await call(t, work.seeker, 'GET', '/api/wallet')).json();
  expect(wallet).toMatchObject({ earned: '400.00', pendingPayout: '400.00' });
  const heldUntil = Date.parse(wallet.payoutHeldUntil) - 24 * HOUR * 1000;
  expect(heldUntil).toBeGreaterThanOrEqual(setFrom + 61_000);
  expect(heldUntil).toBeLessThanOrEqual(setBy);
  await world.advance(23 * HOUR);
  await settleWithProvider(world);
  expect(sim.transfers()).toEqual([]);
  await expectLedgerSound(world.t);
  await world.advance(HOUR);
  await settleWithProvider(world);
  expect(sim.transfers()).toEqual([
    expect.objectContaining({ phone: PAYSTACK_PHONES.ordinary, status: 'success' }),
  ]);
  expect((await call(t, work.seeker, 'GET', '/api/wallet')).json().payoutHeldUntil).toBeNull();
  await expectLedgerSound(world.t);
});

test('5. the owner who changes it back to the sign-in phone is paid there at once: a waiting payout takes the number as it is when sent', async () => {
  const { t, sim } = world;
  const work = await paidApplication(world);
  await setPayoutNumber(world, work.seeker, PAYSTACK_PHONES.ordinary);
  await post(work.employer, `/api/applications/${work.id}/confirm`);
  await post(work.seeker, `/api/applications/${work.id}/confirm`);
  await settleWithProvider(world);
  expect(sim.transfers()).toEqual([]);
  // "Not you? Change it back": the sign-in phone is trusted, so nothing waits.
  await setPayoutNumber(world, work.seeker, work.seeker.phone);
  expect((await call(t, work.seeker, 'GET', '/api/wallet')).json().payoutHeldUntil).toBeNull();
  await settleWithProvider(world);
  expect(sim.transfers()).toEqual([
    expect.objectContaining({ phone: work.seeker.phone, status: 'success' }),
  ]);
  await expectLedgerSound(world.t);
});
