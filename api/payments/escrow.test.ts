import { expect, test } from 'vitest';
import { PAYMENT_MESSAGES } from '../../contracts/payments.ts';
import { PAYSTACK_PHONES } from '../../tests/fixtures/paystack-server.ts';
import {
  acceptedApplication,
  acceptedBooking,
  bookingOf,
  call,
  DAY,
  escrowWorldForEachTest,
  expectLedgerSound,
  HOUR,
  paidBooking,
  requestBooking,
  settleWithProvider,
  smsTo,
  startPaying,
} from '../../tests/helpers/escrow-world.ts';
import { type SignedInUser, signUp } from '../../tests/helpers/test-app.ts';

const world = escrowWorldForEachTest();

test('nothing is completed before the event; both confirm after it and the artist is paid exactly once', async () => {
  const { t, sim } = world;
  const booking = await paidBooking(world);
  const confirm = (who: SignedInUser) => world.post(who, `/api/bookings/${booking.id}/confirm`);
  // The day before the event, with one tap: refused for both sides.
  for (const who of [booking.client, booking.artist]) {
    const early = await confirm(who);
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toMatch(
      /^You can confirm the work is done from \d{1,2} \w{3} \d{4}, \d\d:00 GMT$/,
    );
  }
  expect((await confirm(await signUp(t, 'employer'))).statusCode).toBe(403);
  expect((await world.post(null, `/api/bookings/${booking.id}/confirm`)).statusCode).toBe(401);
  expect((await world.post(booking.client, '/api/bookings/9999/confirm')).statusCode).toBe(404);

  await world.advance(3 * DAY + HOUR);
  const byClient = await confirm(booking.client);
  expect(byClient.statusCode).toBe(200);
  expect(byClient.json()).toMatchObject({
    status: 'accepted',
    payment: { status: 'held' },
    completion: { payerConfirmedAt: expect.any(String), payeeConfirmedAt: null },
  });
  // Confirming again changes nothing.
  expect((await confirm(booking.client)).json().completion.payerConfirmedAt).toBe(
    byClient.json().completion.payerConfirmedAt,
  );
  const byArtist = await confirm(booking.artist);
  expect(byArtist.json()).toMatchObject({
    status: 'completed',
    payment: { status: 'released', releasedAt: expect.any(String) },
  });
  expect((await smsTo(t, booking.artist))[0]).toBe(
    'GHS 300.00 was released to you on Ghana Gigs. It is on its way to your mobile money: http://localhost:3000/dashboard/artist?tab=wallet',
  );

  await settleWithProvider(world);
  const transfers = sim.transfers();
  expect(transfers).toEqual([
    expect.objectContaining({
      amountPesewas: 30_000,
      phone: booking.artist.phone,
      status: 'success',
      reference: expect.stringMatching(/^payout-\d{10}-1$/),
    }),
  ]);
  expect((await smsTo(t, booking.artist))[0]).toBe(
    `Ghana Gigs sent GHS 300.00 to your MTN mobile money number ending ${booking.artist.phone.slice(-3)}. Thank you. http://localhost:3000/dashboard/artist?tab=wallet`,
  );
  // Later rounds, duplicate events and a second process's work never pay again.
  await world.advance(2 * HOUR);
  await world.reconcile();
  await world.reconcile();
  expect(sim.transfers()).toHaveLength(1);
  const report = await expectLedgerSound(world.t);
  expect(report).toMatchObject({
    heldPesewas: 0,
    owedToPayeesPesewas: 0,
    payoutsInFlightPesewas: 0,
    serviceFeesPesewas: 1_500,
  });
  const wallet = await call(t, booking.artist, 'GET', '/api/wallet');
  expect(wallet.json()).toMatchObject({ held: '0.00', earned: '300.00', pendingPayout: '0.00' });
  expect(wallet.json().entries.map((entry: { kind: string }) => entry.kind)).toEqual([
    'payout_sent',
    'released',
    'held_for_you',
  ]);
  // Completed work cannot be cancelled or disputed any more.
  expect((await world.post(booking.client, `/api/bookings/${booking.id}/cancel`)).statusCode).toBe(
    409,
  );
  const late = await world.post(booking.client, `/api/bookings/${booking.id}/dispute`, {
    reason: 'The DJ left after an hour',
  });
  expect(late.statusCode).toBe(409);
  expect(late.json().message).toBe(PAYMENT_MESSAGES.alreadyReleased);
});

test('unpaid work cannot be confirmed or disputed', async () => {
  const booking = await acceptedBooking(world.t, { daysAhead: 1 });
  await world.advance(2 * DAY);
  const confirm = await world.post(booking.client, `/api/bookings/${booking.id}/confirm`);
  expect(confirm.statusCode).toBe(422);
  expect(confirm.json().message).toBe(PAYMENT_MESSAGES.notFunded);
  const dispute = await world.post(booking.client, `/api/bookings/${booking.id}/dispute`, {
    reason: 'Nobody came to the event at all',
  });
  expect(dispute.statusCode).toBe(422);
});

test('72 hours after the event with no dispute, the money is released by itself', async () => {
  const { t } = world;
  const booking = await paidBooking(world, { daysAhead: 1 });
  const { completion } = await bookingOf(world.t, booking.id, booking.client);
  const due = Date.parse(completion.autoReleaseAt);
  await world.advance((due - t.now().getTime()) / 1000 - 60);
  await world.reconcile();
  expect((await bookingOf(world.t, booking.id, booking.client)).payment.status).toBe('held');
  await world.advance(61);
  await world.reconcile();
  const released = await bookingOf(world.t, booking.id, booking.client);
  expect(released).toMatchObject({ status: 'completed', payment: { status: 'released' } });
  await settleWithProvider(world);
  expect(world.sim.transfers()).toHaveLength(1);
  await expectLedgerSound(world.t);
});

test('a dispute freezes release until an operator decides: release or refund', async () => {
  const { t, sim } = world;
  const first = await paidBooking(world, { daysAhead: 1 });
  await world.advance(DAY + 3 * HOUR);
  const bad = await world.post(first.client, `/api/bookings/${first.id}/dispute`, {
    reason: 'short',
  });
  expect(bad.statusCode).toBe(400);
  expect(bad.json().errors.reason).toBe(PAYMENT_MESSAGES.reason);
  const stranger = await signUp(t, 'employer');
  expect(
    (
      await world.post(stranger, `/api/bookings/${first.id}/dispute`, {
        reason: 'I was not even there',
      })
    ).statusCode,
  ).toBe(403);
  const disputed = await world.post(first.client, `/api/bookings/${first.id}/dispute`, {
    reason: 'The DJ played for one hour, not two',
  });
  expect(disputed.json()).toMatchObject({
    payment: { status: 'disputed' },
    completion: { disputedAt: expect.any(String), autoReleaseAt: null },
  });
  // The other side hears of it at once (the one who reported it knows).
  expect((await smsTo(t, first.artist))[0]).toMatch(
    /^A problem was reported with your booking on .+\. Its money is held while we review it\. See it: http:\/\/localhost:\d+\/dashboard\/artist$/,
  );
  expect((await smsTo(t, first.client)).some((body) => body.includes('problem'))).toBe(false);
  // Frozen: no confirmation, no cancellation, and the 72 hours pass without a release.
  const confirm = await world.post(first.artist, `/api/bookings/${first.id}/confirm`);
  expect(confirm.statusCode).toBe(409);
  expect(confirm.json().message).toBe(PAYMENT_MESSAGES.disputed);
  await world.advance(4 * DAY);
  await world.reconcile();
  expect((await bookingOf(world.t, first.id, first.client)).payment.status).toBe('disputed');

  const { payments } = t.app.services;
  const [listed] = await payments.disputes();
  expect(listed).toMatchObject({
    engagement_type: 'booking',
    engagement_id: first.id,
    dispute_reason: 'The DJ played for one hour, not two',
    disputed_by: first.client.id,
    amount_pesewas: 30_000,
  });
  const resolved = await payments.resolve(listed?.id ?? 0, 'release');
  expect(resolved).toMatchObject({ status: 'released', resolution: 'release' });
  expect((await bookingOf(world.t, first.id, first.client)).status).toBe('completed');
  await expect(payments.resolve(listed?.id ?? 0, 'refund')).rejects.toThrow(/not disputed/);

  // The artist disputes the next one; the operator refunds the client.
  const second = await paidBooking(world, { daysAhead: 5 });
  await world.post(second.artist, `/api/bookings/${second.id}/dispute`, {
    reason: 'The client changed the venue to another town',
  });
  const payment = await t.db
    .selectFrom('payments')
    .selectAll()
    .where('engagement_id', '=', second.id)
    .executeTakeFirstOrThrow();
  await payments.resolve(payment.id, 'refund');
  expect(await bookingOf(world.t, second.id, second.client)).toMatchObject({
    status: 'cancelled',
    payment: { status: 'refunded' },
  });
  // The artist is told where the money went, and their wallet shows it leaving.
  expect((await smsTo(t, second.artist))[0]).toMatch(
    /^The GHS 300\.00 held for your booking on .+ went back to the payer\. See it: http:\/\/localhost:\d+\/dashboard\/artist\?tab=wallet$/,
  );
  const artistWallet = (await call(t, second.artist, 'GET', '/api/wallet')).json();
  expect(artistWallet.held).toBe('0.00');
  expect(
    artistWallet.entries
      .filter((entry: { engagement: { id: number } }) => entry.engagement.id === second.id)
      .map((entry: { kind: string; amount: string }) => [entry.kind, entry.amount]),
  ).toEqual([
    ['returned_to_payer', '-300.00'],
    ['held_for_you', '300.00'],
  ]);
  await settleWithProvider(world);
  expect(sim.refunds()).toEqual([
    expect.objectContaining({ transactionReference: second.reference, amountPesewas: 31_500 }),
  ]);
  expect(sim.transfers()).toHaveLength(1);
  await expectLedgerSound(world.t);
});

test('either side cancels before the event: the date is free again and a paid booking is refunded in full', async () => {
  const { t, sim } = world;
  const unpaid = await acceptedBooking(t);
  const cancelled = await world.post(unpaid.client, `/api/bookings/${unpaid.id}/cancel`);
  expect(cancelled.json()).toMatchObject({ status: 'cancelled', payment: { status: 'unpaid' } });
  expect((await world.post(unpaid.client, `/api/bookings/${unpaid.id}/cancel`)).statusCode).toBe(
    200,
  );
  expect(
    (
      await call(t, unpaid.client, 'POST', `/api/bookings/${unpaid.id}/payment`, {
        phoneNumber: PAYSTACK_PHONES.ordinary,
        network: 'mtn',
      })
    ).statusCode,
  ).toBe(422);

  const paid = await paidBooking(world, { daysAhead: 4 });
  const byArtist = await world.post(paid.artist, `/api/bookings/${paid.id}/cancel`);
  expect(byArtist.json()).toMatchObject({ status: 'cancelled', payment: { status: 'refunded' } });
  await settleWithProvider(world);
  expect(sim.refunds()).toEqual([
    expect.objectContaining({
      transactionReference: paid.reference,
      amountPesewas: 31_500,
      status: 'processed',
    }),
  ]);
  expect((await smsTo(t, paid.client))[0]).toBe(
    'Ghana Gigs refunded GHS 315.00 to your mobile money. See it: http://localhost:3000/dashboard?tab=wallet',
  );
  const wallet = await call(t, paid.client, 'GET', '/api/wallet');
  expect(wallet.json()).toMatchObject({ spent: '0.00' });
  expect(
    wallet
      .json()
      .entries.map((entry: { kind: string; amount: string }) => [entry.kind, entry.amount]),
  ).toEqual([
    ['refunded', '315.00'],
    ['paid', '-315.00'],
  ]);
  // The artist called it off and is not told of their own act.
  expect((await smsTo(t, paid.artist)).some((body) => body.includes('went back'))).toBe(false);
  // A client who calls off paid work a week or more ahead (the default moderate policy gives
  // it all back): the artist is told the money went back.
  const third = await paidBooking(world, { daysAhead: 8 });
  await world.post(third.client, `/api/bookings/${third.id}/cancel`);
  expect((await smsTo(t, third.artist))[0]).toMatch(
    /^The GHS 300\.00 held for your booking on .+ went back to the payer\./,
  );
  await settleWithProvider(world);
  // The artist's calendar is free: another request on that day can be accepted.
  const again = await requestBooking(t, paid.client, paid.artistId, { daysAhead: 4 });
  expect(
    (await call(t, paid.artist, 'PATCH', `/api/bookings/${again}`, { status: 'accepted' }))
      .statusCode,
  ).toBe(200);
  // Once the event has started, paid work is too late to cancel: a dispute instead.
  const { reference } = await startPaying(t, paid.client, `/api/bookings/${again}/payment`);
  expect(await world.sim.approve(reference)).toBe(true);
  await world.reconcile();
  await world.advance(4 * DAY + HOUR);
  const late = await world.post(paid.client, `/api/bookings/${again}/cancel`);
  expect(late.statusCode).toBe(422);
  expect(late.json().message).toBe(PAYMENT_MESSAGES.cancelTooLate);
  // Disputed and refunded by an operator, it leaves nothing held.
  expect(
    (
      await world.post(paid.client, `/api/bookings/${again}/dispute`, {
        reason: 'The DJ never came to the venue.',
      })
    ).statusCode,
  ).toBe(200);
  const [disputed] = await t.db
    .selectFrom('payments')
    .select('id')
    .where('status', '=', 'disputed')
    .execute();
  await t.app.services.payments.resolve(disputed?.id as number, 'refund');
  await settleWithProvider(world);
  const report = await expectLedgerSound(world.t);
  expect(report).toMatchObject({ heldPesewas: 0, refundsInFlightPesewas: 0 });
  // The refund cost us the provider's fee: the balance is below zero by it.
  expect(report.providerBalancePesewas).toBe(-report.providerFeesPesewas);
});

test('an accepted booking unpaid after 48 hours is cancelled; a paid one is not', async () => {
  const { t } = world;
  const unpaid = await acceptedBooking(t, { daysAhead: 10 });
  const paid = await paidBooking(world, { daysAhead: 12 });
  await world.advance(47 * HOUR);
  await world.reconcile();
  expect((await bookingOf(world.t, unpaid.id, unpaid.client)).status).toBe('accepted');
  await world.advance(HOUR + 60);
  await world.reconcile();
  expect((await bookingOf(world.t, unpaid.id, unpaid.client)).status).toBe('cancelled');
  expect((await bookingOf(world.t, paid.id, paid.client)).status).toBe('accepted');
});

test('a job: the worker confirms, and the money is released 72 hours after the employer is told, unless the employer disputes', async () => {
  const { t } = world;
  const work = await acceptedApplication(t);
  const confirm = (who: SignedInUser) => world.post(who, `/api/applications/${work.id}/confirm`);
  const unfunded = await confirm(work.seeker);
  expect(unfunded.statusCode).toBe(422);
  expect(unfunded.json().message).toBe(PAYMENT_MESSAGES.notFunded);
  const { reference } = await startPaying(t, work.employer, `/api/applications/${work.id}/payment`);
  await world.sim.approve(reference);
  // Once funded, a job without a start date can be confirmed at once; no clock runs until the
  // employer has been told.
  const byWorker = await confirm(work.seeker);
  expect(byWorker.json().completion).toMatchObject({
    payeeConfirmedAt: expect.any(String),
    autoReleaseAt: null,
  });
  const [notice] = await smsTo(t, work.employer);
  const toldAt = t.now().getTime();
  expect(notice).toMatch(
    /^Esi Mensah says the work is done\. Confirm or report a problem, or it is paid \d{1,2} \w{3} \d\d:\d\d GMT: http:\/\/localhost:3000\/dashboard\/employer$/,
  );
  const [application] = (
    await call(t, work.employer, 'GET', `/api/applications/job/${work.jobId}`)
  ).json();
  const due = Date.parse(application.completion.autoReleaseAt);
  expect(due).toBeGreaterThanOrEqual(toldAt + 72 * HOUR * 1000);
  // Too late to cancel once anyone has confirmed: only a dispute remains.
  const cancel = await world.post(work.employer, `/api/applications/${work.id}/cancel`);
  expect(cancel.statusCode).toBe(409);
  expect(cancel.json().message).toBe(PAYMENT_MESSAGES.cancelAfterConfirm);
  await world.advance((due - t.now().getTime()) / 1000 + 60);
  await world.reconcile();
  const mine = await call(t, work.seeker, 'GET', '/api/applications/user');
  expect(mine.json()[0]).toMatchObject({ status: 'completed', payment: { status: 'released' } });
  await settleWithProvider(world);
  expect(world.sim.transfers()).toEqual([
    expect.objectContaining({ amountPesewas: 40_000, phone: work.seeker.phone }),
  ]);
  await expectLedgerSound(world.t);
});

test('a job: both sides confirming releases at once; either side may cancel paid work before that', async () => {
  const { t } = world;
  const work = await acceptedApplication(t);
  const { reference } = await startPaying(t, work.employer, `/api/applications/${work.id}/payment`);
  await world.sim.approve(reference);
  await world.post(work.employer, `/api/applications/${work.id}/confirm`);
  const done = await world.post(work.seeker, `/api/applications/${work.id}/confirm`);
  expect(done.json()).toMatchObject({ status: 'completed', payment: { status: 'released' } });

  const other = await acceptedApplication(t);
  const paid = await startPaying(t, other.employer, `/api/applications/${other.id}/payment`);
  await world.sim.approve(paid.reference);
  const cancelled = await world.post(other.seeker, `/api/applications/${other.id}/cancel`);
  expect(cancelled.json()).toMatchObject({ status: 'cancelled', payment: { status: 'refunded' } });
  const summary = await call(t, other.seeker, 'GET', '/api/applications/user/summary');
  expect(summary.json()).toMatchObject({ cancelled: 1 });
  await settleWithProvider(world);
  await expectLedgerSound(world.t);
});

test('confirm, dispute and cancel take an Idempotency-Key: a replay answers the first, a reused key is refused', async () => {
  const booking = await paidBooking(world, { daysAhead: 1 });
  await world.advance(DAY + 3 * HOUR);
  const key = { 'idempotency-key': 'confirm-key-0001' };
  const first = await world.post(
    booking.client,
    `/api/bookings/${booking.id}/confirm`,
    undefined,
    key,
  );
  const replay = await world.post(
    booking.client,
    `/api/bookings/${booking.id}/confirm`,
    undefined,
    key,
  );
  expect(replay.statusCode).toBe(200);
  expect(replay.json()).toEqual(first.json());
  // Confirming again under a new key changes nothing, so it stores no record.
  const again = await world.post(booking.client, `/api/bookings/${booking.id}/confirm`, undefined, {
    'idempotency-key': 'confirm-key-0002',
  });
  expect(again.json()).toEqual(first.json());
  const records = await world.t.db
    .selectFrom('idempotency_keys')
    .select('key')
    .where('user_id', '=', booking.client.id)
    .execute();
  expect(records.map((row) => row.key)).toEqual(['confirm-key-0001']);
  const reused = await world.post(
    booking.client,
    `/api/bookings/${booking.id}/dispute`,
    { reason: 'Came very late to the party' },
    key,
  );
  expect(reused.statusCode).toBe(422);
  const badKey = await world.post(booking.client, `/api/bookings/${booking.id}/cancel`, undefined, {
    'idempotency-key': 'no',
  });
  expect(badKey.statusCode).toBe(400);
  expect((await bookingOf(world.t, booking.id, booking.client)).payment.status).toBe('held');
});

test('a booking paid after its event still gives the client 72 hours to dispute', async () => {
  const { t } = world;
  const booking = await acceptedBooking(t, { daysAhead: 1 });
  await world.advance(DAY + 3 * HOUR);
  const { reference } = await startPaying(t, booking.client, `/api/bookings/${booking.id}/payment`);
  await world.sim.approve(reference);
  const paid = await bookingOf(world.t, booking.id, booking.client);
  expect(Date.parse(paid.completion.autoReleaseAt) - t.now().getTime()).toBeGreaterThan(
    72 * HOUR * 1000 - 5_000,
  );
  await world.reconcile();
  expect((await bookingOf(world.t, booking.id, booking.client)).payment.status).toBe('held');
});
