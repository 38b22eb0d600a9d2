import { expect, test } from 'vitest';
import { dayOf } from '../../contracts/dates.ts';
import { PAYMENT_MESSAGES } from '../../contracts/payments.ts';
import {
  type AfricasTalkingServer,
  startAfricasTalkingServer,
} from '../../tests/fixtures/africastalking-server.ts';
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
  paymentRow,
  settleWithProvider,
  smsTo,
} from '../../tests/helpers/escrow-world.ts';
import { codeFromGateway, gatewayTransport, textsTo } from '../../tests/helpers/gateway.ts';
import { PAYER_NOTICE_HOOK } from '../engagements/escrow.ts';
import { soonTimeLabel } from '../lib/day-label.ts';

/**
 * Rules 1 and 2 around the money of issue 23 (round three), each attacked as a dishonest user
 * would: a worker starting the payer's clock alone before any work, an employer cancelling
 * confirmed work for a full refund. Rule 4 is in suspended-payees.test.ts, 5 in
 * payout-number.test.ts.
 */

const world = escrowWorldForEachTest();

/** The application as its employer's card shows it. */
async function employerCard(work: Awaited<ReturnType<typeof paidApplication>>, t = world.t) {
  const list = await call(t, work.employer, 'GET', `/api/applications/job/${work.jobId}`);
  return list.json().find((item: { id: number }) => item.id === work.id);
}

// --- 1. The payee alone cannot start the payer's clock, before the work or untold ---------------

test("1. a worker cannot confirm before the job's start date: 422 saying from when, nothing changes", async () => {
  const { t } = world;
  const startDate = dayOf(t.now().getTime() + 20 * DAY * 1000);
  const work = await paidApplication(world, { startDate });
  const early = await world.post(work.seeker, `/api/applications/${work.id}/confirm`);
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
  expect((await world.post(work.employer, `/api/applications/${work.id}/confirm`)).statusCode).toBe(
    422,
  );
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
  expect((await world.post(work.seeker, `/api/applications/${work.id}/confirm`)).statusCode).toBe(
    200,
  );
  await expectLedgerSound(world.t);
});

test('1. the worker confirming first: the employer is told at once (who, what to do, when the money goes, the card), and the 72 hours run from that SMS', async () => {
  const { t } = world;
  const work = await paidApplication(world);
  const sentFrom = t.now().getTime();
  const confirmed = await world.post(work.seeker, `/api/applications/${work.id}/confirm`);
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
  const before = await world.post(booking.artist, `/api/bookings/${booking.id}/confirm`);
  expect(before.statusCode).toBe(422);
  expect(before.json().message).toMatch(/^You can confirm the work is done from .+ GMT$/);
  // Two days after the event the artist says it is done: the event's own 72 hours would end in
  // a day, but the client has only just been told.
  await world.advance(3 * DAY);
  expect((await world.post(booking.artist, `/api/bookings/${booking.id}/confirm`)).statusCode).toBe(
    200,
  );
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
    (await world.post(payerFirst.employer, `/api/applications/${payerFirst.id}/confirm`))
      .statusCode,
  ).toBe(200);
  for (const who of [payerFirst.employer, payerFirst.seeker]) {
    const cancel = await world.post(who, `/api/applications/${payerFirst.id}/cancel`);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe(PAYMENT_MESSAGES.cancelAfterConfirm);
  }
  const payeeFirst = await paidApplication(world);
  await world.post(payeeFirst.seeker, `/api/applications/${payeeFirst.id}/confirm`);
  expect(
    (await world.post(payeeFirst.employer, `/api/applications/${payeeFirst.id}/cancel`)).statusCode,
  ).toBe(409);
  for (const work of [payerFirst, payeeFirst]) {
    expect(await paymentRow(t, work.id)).toMatchObject({ status: 'held' });
  }
  await settleWithProvider(world);
  expect(sim.refunds()).toEqual([]);
  // A dispute is still open to them.
  const disputed = await world.post(
    payerFirst.employer,
    `/api/applications/${payerFirst.id}/dispute`,
    {
      reason: 'The wall fell down the next morning',
    },
  );
  expect(disputed.json().payment.status).toBe('disputed');
  await expectLedgerSound(world.t);
});

test('2. a job whose start date has come is not cancelled either, confirmed or not: a dispute instead', async () => {
  const { t } = world;
  const work = await paidApplication(world, {
    startDate: dayOf(t.now().getTime() + 2 * DAY * 1000),
  });
  await world.advance(2 * DAY);
  const cancel = await world.post(work.employer, `/api/applications/${work.id}/cancel`);
  expect(cancel.statusCode).toBe(422);
  expect(cancel.json().message).toBe(PAYMENT_MESSAGES.cancelTooLate);
  expect((await paymentRow(t, work.id)).status).toBe('held');
  // Before its start date, with nobody's confirmation, it may still be called off and refunded.
  const early = await paidApplication(world, {
    startDate: dayOf(t.now().getTime() + 5 * DAY * 1000),
  });
  const calledOff = await world.post(early.employer, `/api/applications/${early.id}/cancel`);
  expect(calledOff.json()).toMatchObject({ status: 'cancelled', payment: { status: 'refunded' } });
  await settleWithProvider(world);
  await expectLedgerSound(world.t);
});

test('2. a paid job without a start date has begun: its employer cannot cancel it for a refund, the worker may still withdraw', async () => {
  const { t } = world;
  const work = await paidApplication(world);
  const cancel = await world.post(work.employer, `/api/applications/${work.id}/cancel`);
  expect(cancel.statusCode).toBe(422);
  expect(cancel.json().message).toBe(PAYMENT_MESSAGES.cancelTooLate);
  expect((await paymentRow(t, work.id)).status).toBe('held');
  // Unpaid, either side may still call it off; paid, the worker may give the money back.
  const unpaid = await acceptedApplication(t);
  expect(
    (await world.post(unpaid.employer, `/api/applications/${unpaid.id}/cancel`)).json(),
  ).toMatchObject({ status: 'cancelled' });
  const withdrawn = await world.post(work.seeker, `/api/applications/${work.id}/cancel`);
  expect(withdrawn.json()).toMatchObject({ status: 'cancelled', payment: { status: 'refunded' } });
  await settleWithProvider(world);
  await expectLedgerSound(world.t);
});
