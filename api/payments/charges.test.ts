import { expect, test } from 'vitest';
import { PAYMENT_MESSAGES } from '../../contracts/payments.ts';
import { PAYSTACK_PHONES, PAYSTACK_TEST_OTP } from '../../tests/fixtures/paystack-server.ts';
import {
  acceptedApplication,
  acceptedBooking,
  anotherProcess,
  bookingBeingPaid,
  bookingOf,
  call,
  escrowWorldForEachTest,
  expectLedgerSound,
  moneySnapshot,
  requestBooking,
  smsTo,
  startPaying,
} from '../../tests/helpers/escrow-world.ts';
import { signUp } from '../../tests/helpers/test-app.ts';

const world = escrowWorldForEachTest();

test('the client pays an accepted booking: the handset rings, the money is held, both get a receipt', async () => {
  const { t, sim } = world;
  const booking = await acceptedBooking(t);
  const before = (await bookingOf(world.t, booking.id, booking.client)).payment;
  expect(before).toEqual({
    status: 'unpaid',
    amount: '300.00',
    serviceFee: '15.00',
    paidAt: null,
    releasedAt: null,
  });

  const started = await startPaying(t, booking.client, `/api/bookings/${booking.id}/payment`);
  expect(started).toEqual({
    reference: expect.stringMatching(/^ch-[0-9a-f]{24}$/),
    status: 'pay_offline',
    displayText: 'Please complete authorization process on your mobile phone',
    phoneNumber: PAYSTACK_PHONES.ordinary,
    network: 'mtn',
  });
  // The provider was asked for the amount and the fee, from the payer's wallet.
  const [charged] = sim.transactions();
  expect(charged).toMatchObject({ amountPesewas: 31_500, accountNumber: '0241234567' });
  expect((await bookingOf(world.t, booking.id, booking.client)).payment.status).toBe('pending');
  const waiting = await call(t, booking.client, 'GET', `/api/payments/${started.reference}`);
  expect(waiting.json()).toEqual({
    reference: started.reference,
    status: 'pay_offline',
    displayText: 'Please complete authorization process on your mobile phone',
    message: null,
    secondsLeft: 180,
    phoneNumber: PAYSTACK_PHONES.ordinary,
    network: 'mtn',
  });

  expect(await sim.approve(started.reference)).toBe(true);
  const done = await call(t, booking.client, 'GET', `/api/payments/${started.reference}`);
  expect(done.json()).toMatchObject({ status: 'success', message: null, secondsLeft: null });
  const paid = await bookingOf(world.t, booking.id, booking.client);
  expect(paid.payment).toMatchObject({ status: 'held', amount: '300.00', serviceFee: '15.00' });
  expect(paid.payment.paidAt).toEqual(expect.any(String));
  // The artist is paid by itself 72 hours after the event ends, unless the client disputes.
  const eventEnd = Date.parse(paid.eventDate) + 2 * 3600_000;
  expect(Date.parse(paid.completion.autoReleaseAt)).toBe(eventEnd + 72 * 3600_000);

  expect((await smsTo(t, booking.client))[0]).toMatch(
    /^Ghana Gigs received GHS 315\.00 for your booking on \d+ \w+ \d{4}\. Held until the work is confirmed: http:\/\/localhost:3000\/dashboard\?tab=bookings$/,
  );
  expect((await smsTo(t, booking.artist))[0]).toMatch(
    /^GHS 300\.00 for your booking on .* is paid\. Held for you until the work is confirmed: http:\/\/localhost:3000\/dashboard\/artist$/,
  );
  const report = await expectLedgerSound(world.t);
  // The provider keeps its 1.95% (GHS 6.14 of 315.00); the ledger says so.
  expect(report).toMatchObject({
    heldPesewas: 31_500,
    providerFeesPesewas: 614,
    providerBalancePesewas: 31_500 - 614,
  });
  const artistWallet = await call(t, booking.artist, 'GET', '/api/wallet');
  expect(artistWallet.json()).toMatchObject({
    held: '300.00',
    earned: '0.00',
    spent: '0.00',
    pendingPayout: '0.00',
  });
  expect(artistWallet.json().entries).toEqual([
    expect.objectContaining({
      kind: 'held_for_you',
      amount: '300.00',
      engagement: { type: 'booking', id: booking.id },
    }),
  ]);
  const clientWallet = await call(t, booking.client, 'GET', '/api/wallet');
  expect(clientWallet.json()).toMatchObject({ held: '0.00', spent: '315.00' });
  expect(clientWallet.json().entries[0]).toMatchObject({
    kind: 'paid',
    amount: '-315.00',
    description: expect.stringMatching(/^Booking of DJ Kasa, /),
  });
});

test('only the payer pays, only accepted work, once; a second tap answers the charge under way', async () => {
  const { t } = world;
  const booking = await acceptedBooking(t);
  const url = `/api/bookings/${booking.id}/payment`;
  const body = { phoneNumber: PAYSTACK_PHONES.ordinary, network: 'mtn' };
  const stranger = await signUp(t, 'employer');
  const before = await moneySnapshot(world.t);
  const asArtist = await call(t, booking.artist, 'POST', url, body);
  expect(asArtist.statusCode).toBe(403);
  expect(asArtist.json().message).toBe(PAYMENT_MESSAGES.notPayer);
  expect((await call(t, stranger, 'POST', url, body)).statusCode).toBe(403);
  expect((await call(t, null, 'POST', url, body)).statusCode).toBe(401);
  expect(
    (await call(t, booking.client, 'POST', '/api/bookings/9999/payment', body)).statusCode,
  ).toBe(404);
  const badPhone = await call(t, booking.client, 'POST', url, {
    phoneNumber: '0241234567',
    network: 'mtn',
  });
  expect(badPhone.statusCode).toBe(400);
  expect(badPhone.json().errors.phoneNumber).toBe(PAYMENT_MESSAGES.phoneNumber);
  const badNetwork = await call(t, booking.client, 'POST', url, { ...body, network: 'glo' });
  expect(badNetwork.json().errors.network).toBe(PAYMENT_MESSAGES.network);
  const pendingId = await requestBooking(t, booking.client, booking.artistId, { daysAhead: 5 });
  const notAccepted = await call(
    t,
    booking.client,
    'POST',
    `/api/bookings/${pendingId}/payment`,
    body,
  );
  expect(notAccepted.statusCode).toBe(422);
  expect(notAccepted.json().message).toBe(PAYMENT_MESSAGES.notPayable);
  expect(await moneySnapshot(world.t)).toBe(before);

  const first = await startPaying(t, booking.client, url);
  // Another number this time: the answer names the wallet the charge under way rings.
  const again = await startPaying(t, booking.client, url, '+233201234567', 'telecel');
  expect(again).toMatchObject({
    reference: first.reference,
    phoneNumber: PAYSTACK_PHONES.ordinary,
    network: 'mtn',
  });
  expect(world.sim.transactions()).toHaveLength(1);
  await world.sim.approve(first.reference);
  const paidTwice = await call(t, booking.client, 'POST', url, body);
  expect(paidTwice.statusCode).toBe(409);
  expect(paidTwice.json().message).toBe(PAYMENT_MESSAGES.alreadyPaid);
  // Someone else's reference is not theirs to read.
  expect(
    (await call(t, booking.artist, 'GET', `/api/payments/${first.reference}`)).statusCode,
  ).toBe(404);
  expect((await call(t, booking.client, 'GET', '/api/payments/NOT_A_REF')).statusCode).toBe(400);
});

test("the employer pays an accepted application the job's price; a job without a price cannot be paid", async () => {
  const { t } = world;
  const work = await acceptedApplication(t);
  const started = await startPaying(t, work.employer, `/api/applications/${work.id}/payment`);
  expect(world.sim.transactions()[0]?.amountPesewas).toBe(42_000);
  await world.sim.approve(started.reference);
  const mine = await call(t, work.seeker, 'GET', '/api/applications/user');
  expect(mine.json()[0].payment).toMatchObject({
    status: 'held',
    amount: '400.00',
    serviceFee: '20.00',
  });
  // Hourly without estimated hours: nothing to pay yet.
  await t.db.updateTable('jobs').set({ job_type: 'hourly', estimated_hours: null }).execute();
  const other = await acceptedApplication(t);
  await t.db
    .updateTable('jobs')
    .set({ job_type: 'hourly', hourly_rate_pesewas: 4500, estimated_hours: null })
    .where('id', '=', other.jobId)
    .execute();
  const noPrice = await call(t, other.employer, 'POST', `/api/applications/${other.id}/payment`, {
    phoneNumber: PAYSTACK_PHONES.ordinary,
    network: 'mtn',
  });
  expect(noPrice.statusCode).toBe(422);
  expect(noPrice.json().message).toBe(PAYMENT_MESSAGES.noPrice);
  await expectLedgerSound(world.t);
});

test('a declined charge frees the booking for another try', async () => {
  const { t } = world;
  const booking = await acceptedBooking(t);
  const url = `/api/bookings/${booking.id}/payment`;
  const declined = await startPaying(t, booking.client, url, PAYSTACK_PHONES.declined);
  expect(declined.status).toBe('failed');
  const progress = await call(t, booking.client, 'GET', `/api/payments/${declined.reference}`);
  expect(progress.json()).toMatchObject({ status: 'failed', message: PAYMENT_MESSAGES.declined });
  expect((await bookingOf(world.t, booking.id, booking.client)).payment.status).toBe('unpaid');
  const retry = await startPaying(t, booking.client, url);
  expect(retry.reference).not.toBe(declined.reference);
  await world.sim.approve(retry.reference);
  expect((await bookingOf(world.t, booking.id, booking.client)).payment.status).toBe('held');
  await expectLedgerSound(world.t);
});

test('a prompt not approved within 180 s is abandoned, found by polling since no webhook comes', async () => {
  const { t } = world;
  const { booking, started } = await bookingBeingPaid(t);
  await world.advance(100);
  await world.reconcile();
  const { step_at } = await t.db
    .selectFrom('charges')
    .select('step_at')
    .where('reference', '=', started.reference)
    .executeTakeFirstOrThrow();
  const left = (at: number) => 180 - Math.floor((at - Date.parse(step_at ?? '')) / 1000);
  // 80 s left, by the app's clock: it runs on in real time too, so a slow machine may take a
  // second of it between the two readings that bracket the answer.
  const most = left(t.now().getTime());
  const halfway = await call(t, booking.client, 'GET', `/api/payments/${started.reference}`);
  const fewest = left(t.now().getTime());
  expect(halfway.json()).toMatchObject({ status: 'pay_offline' });
  expect(halfway.json().secondsLeft).toBeLessThanOrEqual(Math.min(80, most));
  expect(halfway.json().secondsLeft).toBeGreaterThanOrEqual(fewest);
  await world.advance(81);
  await world.reconcile();
  const over = await call(t, booking.client, 'GET', `/api/payments/${started.reference}`);
  expect(over.json()).toMatchObject({ status: 'failed', message: PAYMENT_MESSAGES.abandoned });
  expect((await bookingOf(world.t, booking.id, booking.client)).payment.status).toBe('unpaid');
  // The handset can no longer approve it.
  expect(await world.sim.approve(started.reference)).toBe(false);
  await expectLedgerSound(world.t);
});

test('a wallet that asks for a code first: send_otp, then the prompt, then paid', async () => {
  const { t } = world;
  const booking = await acceptedBooking(t);
  const started = await startPaying(
    t,
    booking.client,
    `/api/bookings/${booking.id}/payment`,
    PAYSTACK_PHONES.otp,
    'telecel',
  );
  expect(started).toMatchObject({
    status: 'send_otp',
    displayText: expect.stringMatching(/voucher/),
  });
  const otpUrl = `/api/payments/${started.reference}/otp`;
  expect((await call(t, booking.client, 'POST', otpUrl, { otp: '12' })).statusCode).toBe(400);
  expect(
    (await call(t, booking.artist, 'POST', otpUrl, { otp: PAYSTACK_TEST_OTP })).statusCode,
  ).toBe(404);
  const rang = await call(t, booking.client, 'POST', otpUrl, { otp: PAYSTACK_TEST_OTP });
  expect(rang.statusCode).toBe(200);
  expect(rang.json()).toMatchObject({ status: 'pay_offline', secondsLeft: 180 });
  const twice = await call(t, booking.client, 'POST', otpUrl, { otp: PAYSTACK_TEST_OTP });
  expect(twice.statusCode).toBe(409);
  expect(twice.json().message).toBe(PAYMENT_MESSAGES.otpNotAsked);
  await world.sim.approve(started.reference);
  expect((await bookingOf(world.t, booking.id, booking.client)).payment.status).toBe('held');
});

test('a charge that lands after the booking was cancelled is refunded in full', async () => {
  const { t, sim } = world;
  const { booking, started } = await bookingBeingPaid(t);
  const cancelled = await call(t, booking.artist, 'POST', `/api/bookings/${booking.id}/cancel`);
  expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
  await sim.approve(started.reference);
  expect((await bookingOf(world.t, booking.id, booking.client)).payment.status).toBe('refunded');
  await world.reconcile();
  expect(sim.refunds()).toEqual([expect.objectContaining({ amountPesewas: 31_500 })]);
  await world.advance(30);
  await world.reconcile();
  const [refund] = await t.db.selectFrom('refunds').selectAll().execute();
  expect(refund).toMatchObject({ status: 'processed', reason: 'not_needed' });
  await expectLedgerSound(world.t);
});

test('payments survive a restart: another process on the database verifies and credits', async () => {
  const booking = await acceptedBooking(world.t);
  world.sim.dropNextEvent({ event: 'charge.success' });
  const started = await startPaying(world.t, booking.client, `/api/bookings/${booking.id}/payment`);
  await world.sim.approve(started.reference);
  const second = await anotherProcess(world);
  try {
    second.t.advance(11);
    await second.reconcile();
    expect((await bookingOf(world.t, booking.id, booking.client)).payment.status).toBe('held');
  } finally {
    await second.close();
  }
});

test('Pay tapped at the same moment on two processes starts one charge: the handset rings once', async () => {
  const booking = await acceptedBooking(world.t);
  const url = `/api/bookings/${booking.id}/payment`;
  // A first try declined: the payment exists, unpaid, with no charge under way.
  await startPaying(world.t, booking.client, url, PAYSTACK_PHONES.declined);
  const second = await anotherProcess(world);
  try {
    const pay = { phoneNumber: PAYSTACK_PHONES.ordinary, network: 'mtn' };
    const answers = await Promise.all(
      [world.t, second.t, world.t, second.t].map((t) => call(t, booking.client, 'POST', url, pay)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([202, 202, 202, 202]);
    expect(new Set(answers.map((answer) => answer.json().reference)).size).toBe(1);
    const charges = await world.t.db.selectFrom('charges').select('status').execute();
    expect(charges.map((charge) => charge.status).sort()).toEqual(['failed', 'pending']);
  } finally {
    await second.close();
  }
});

test('a payer starts at most 10 charges an hour, and one number is rung at most 5 times an hour', async () => {
  const { t, sim } = world;
  const booking = await acceptedBooking(t);
  const url = `/api/bookings/${booking.id}/payment`;
  for (let i = 0; i < 5; i++) {
    expect((await startPaying(t, booking.client, url, PAYSTACK_PHONES.declined)).status).toBe(
      'failed',
    );
  }
  const rungOut = await call(t, booking.client, 'POST', url, {
    phoneNumber: PAYSTACK_PHONES.declined,
    network: 'mtn',
  });
  expect(rungOut.statusCode).toBe(429);
  expect(rungOut.json().message).toBe(PAYMENT_MESSAGES.tooManyPrompts);
  expect(Number(rungOut.headers['retry-after'])).toBeGreaterThan(3500);
  for (let i = 0; i < 5; i++) {
    const phone = `+23324500000${i}`;
    const { reference } = await startPaying(t, booking.client, url, phone);
    await sim.decline(reference);
    await world.advance(10);
    await world.reconcile();
  }
  const before = sim.transactions().length;
  const tooMany = await call(t, booking.client, 'POST', url, {
    phoneNumber: '+233245000009',
    network: 'mtn',
  });
  expect(tooMany.statusCode).toBe(429);
  expect(tooMany.json().message).toBe(PAYMENT_MESSAGES.tooManyCharges);
  expect(sim.transactions()).toHaveLength(before);
  // An hour after the first, the payer may try again.
  await world.advance(3600);
  expect((await startPaying(t, booking.client, url, '+233245000009')).status).toBe('pay_offline');
});
