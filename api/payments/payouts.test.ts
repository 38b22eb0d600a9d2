import { expect, test } from 'vitest';
import { PAYMENT_MESSAGES } from '../../contracts/payments.ts';
import { PAYSTACK_PHONES } from '../../tests/fixtures/paystack-server.ts';
import {
  acceptedBooking,
  anotherProcess,
  bookingOf,
  call,
  DAY,
  deliverWebhook,
  escrowWorldForEachTest,
  expectLedgerSound,
  HOUR,
  paidBooking,
  setPayoutNumber,
  settleWithProvider,
  smsTo,
  startPaying,
} from '../../tests/helpers/escrow-world.ts';
import { signUp } from '../../tests/helpers/test-app.ts';
import { claimDue } from './payments-repository.ts';

const world = escrowWorldForEachTest();

async function releasedTo(phone: string | null) {
  const booking = await paidBooking(world, { daysAhead: 1 });
  if (phone) {
    const saved = await setPayoutNumber(world, booking.artist, phone);
    expect(saved.json()).toEqual({ phoneNumber: phone, network: 'mtn', isDefault: false });
  }
  await world.advance(DAY + 3 * HOUR);
  await world.post(booking.client, `/api/bookings/${booking.id}/confirm`);
  await world.post(booking.artist, `/api/bookings/${booking.id}/confirm`);
  return booking;
}

test('a failed payout is owed again: the artist fixes the payout number and Withdraw Funds sends it', async () => {
  const { t, sim } = world;
  const booking = await releasedTo(PAYSTACK_PHONES.failingPayout);
  await settleWithProvider(world);
  expect(sim.transfers()).toEqual([expect.objectContaining({ status: 'failed' })]);
  expect((await smsTo(t, booking.artist))[0]).toBe(
    'We could not send GHS 300.00 to your number ending 003. Check it and tap Withdraw Funds: http://localhost:3000/dashboard/artist?tab=wallet',
  );
  const owed = await call(t, booking.artist, 'GET', '/api/wallet');
  expect(owed.json()).toMatchObject({
    earned: '300.00',
    pendingPayout: '300.00',
    payoutFailed: '300.00',
  });
  expect((await expectLedgerSound(world.t)).owedToPayeesPesewas).toBe(30_000);

  await setPayoutNumber(world, booking.artist, PAYSTACK_PHONES.ordinary);
  const withdrawn = await world.post(booking.artist, '/api/wallet/withdraw');
  expect(withdrawn.statusCode).toBe(200);
  // On its way again: still pending, no longer failed; the new number waits its 24 hours.
  expect(withdrawn.json()).toMatchObject({
    pendingPayout: '300.00',
    payoutFailed: '0.00',
    payoutHeldUntil: expect.any(String),
  });
  // A second tap while it is on its way sends nothing more.
  const twice = await world.post(booking.artist, '/api/wallet/withdraw');
  expect(twice.statusCode).toBe(422);
  expect(twice.json().message).toBe(PAYMENT_MESSAGES.nothingToWithdraw);
  await settleWithProvider(world);
  expect(sim.transfers()).toHaveLength(1);
  await world.advance(24 * HOUR);
  await settleWithProvider(world);
  expect(sim.transfers().map((transfer) => [transfer.phone, transfer.status])).toEqual([
    [PAYSTACK_PHONES.failingPayout, 'failed'],
    [PAYSTACK_PHONES.ordinary, 'success'],
  ]);
  expect((await call(t, booking.artist, 'GET', '/api/wallet')).json().pendingPayout).toBe('0.00');
  expect((await world.post(booking.artist, '/api/wallet/withdraw')).statusCode).toBe(422);
  await expectLedgerSound(world.t);
});

test('an early transfer.success the provider does not back is recorded but not applied; the real one applies it', async () => {
  const { t, sim } = world;
  await releasedTo(null);
  await world.reconcile();
  const [payout] = await t.db.selectFrom('payouts').selectAll().execute();
  expect(payout).toMatchObject({ status: 'pending' });
  // Signed with a leaked key, before the transfer has settled.
  const raw = Buffer.from(
    JSON.stringify({
      event: 'transfer.success',
      data: {
        reference: payout?.reference,
        transfer_code: payout?.transfer_code,
        amount: payout?.amount_pesewas,
        currency: 'GHS',
        status: 'success',
      },
    }),
  );
  const early = await deliverWebhook(t, raw);
  expect(early.statusCode).toBe(200);
  // The round the webhook woke asked the provider, which does not back it: asked again later.
  await t.app.paymentsWorker.idle();
  const transferEvents = () =>
    t.db
      .selectFrom('provider_events')
      .select(['event', 'outcome', 'tries'])
      .where('event', 'like', 'transfer.%')
      .where('applied_at', 'is', null)
      .execute();
  expect(await transferEvents()).toEqual([
    { event: 'transfer.success', outcome: 'recorded', tries: 1 },
  ]);
  expect((await t.db.selectFrom('payouts').selectAll().execute())[0]).toMatchObject({
    status: 'pending',
  });
  // The provider settles and sends its own event: no second row, but due now, and the round it
  // wakes applies it.
  await world.advance(30);
  expect(sim.transfers()).toEqual([expect.objectContaining({ status: 'success' })]);
  expect((await t.db.selectFrom('payouts').selectAll().execute())[0]).toMatchObject({
    status: 'success',
  });
  expect(await transferEvents()).toEqual([]);
  expect(
    await t.db
      .selectFrom('provider_events')
      .select(['event', 'outcome'])
      .where('event', 'like', 'transfer.%')
      .execute(),
  ).toEqual([{ event: 'transfer.success', outcome: 'success' }]);
  await expectLedgerSound(world.t);
});

test('a payout reversed after success, its events out of order, is owed again and withdrawn once', async () => {
  const { t, sim } = world;
  const booking = await releasedTo(PAYSTACK_PHONES.reversingPayout);
  // transfer.success waits; transfer.reversed, a minute later, overtakes it.
  sim.holdNextEvent({ event: 'transfer.success' });
  await world.reconcile();
  await world.advance(10);
  await world.advance(60);
  expect(sim.deliveries().map((delivery) => delivery.event)).toContain('transfer.reversed');
  await sim.releaseHeldEvents();
  const [payout] = await t.db.selectFrom('payouts').selectAll().execute();
  expect(payout).toMatchObject({ status: 'reversed' });
  const kinds = (await t.db.selectFrom('ledger_transactions').select('kind').execute()).map(
    (row) => row.kind,
  );
  expect(kinds.filter((kind) => kind === 'payout_succeeded')).toHaveLength(1);
  expect(kinds.filter((kind) => kind === 'payout_reversed')).toHaveLength(1);
  expect((await call(t, booking.artist, 'GET', '/api/wallet')).json().pendingPayout).toBe('300.00');
  await setPayoutNumber(world, booking.artist, PAYSTACK_PHONES.ordinary);
  await world.post(booking.artist, '/api/wallet/withdraw');
  await world.advance(24 * HOUR);
  await settleWithProvider(world);
  expect(sim.transfers().filter((transfer) => transfer.status === 'success')).toHaveLength(1);
  await expectLedgerSound(world.t);
});

test('payout settings default to the sign-in phone and the network its prefix implies', async () => {
  const { t } = world;
  const artist = await signUp(t, 'artist');
  expect((await call(t, artist, 'GET', '/api/me/payout')).json()).toEqual({
    phoneNumber: artist.phone,
    network: 'mtn',
    isDefault: true,
  });
  const bad = await call(t, artist, 'PUT', '/api/me/payout', {
    phoneNumber: '055',
    network: 'mtn',
  });
  expect(bad.statusCode).toBe(400);
  // The right shape but no mobile network's number: refused before a payout could fail on it.
  const nowhere = await call(t, artist, 'PUT', '/api/me/payout', {
    phoneNumber: '+233000000000',
    network: 'mtn',
  });
  expect(nowhere.statusCode).toBe(400);
  expect(nowhere.json().message).toBe(PAYMENT_MESSAGES.payoutPhone);
  expect((await call(t, artist, 'GET', '/api/me/payout')).json().isDefault).toBe(true);
  const saved = await setPayoutNumber(world, artist, '+233201234567', 'telecel');
  expect(saved.json()).toEqual({
    phoneNumber: '+233201234567',
    network: 'telecel',
    isDefault: false,
  });
  expect((await call(t, null, 'GET', '/api/me/payout')).statusCode).toBe(401);
  expect((await call(t, null, 'GET', '/api/wallet')).statusCode).toBe(401);
});

test('two processes on one database send each payout once', async () => {
  const booking = await releasedTo(null);
  const second = await anotherProcess(world);
  try {
    await Promise.all([world.reconcile(), second.reconcile(), world.reconcile()]);
    await world.advance(30);
    await Promise.all([world.reconcile(), second.reconcile()]);
    expect(world.sim.transfers()).toEqual([
      expect.objectContaining({ status: 'success', phone: booking.artist.phone }),
    ]);
  } finally {
    await second.close();
  }
  await expectLedgerSound(world.t);
});

test("a crashed worker's claim holds until its lease ends; then another takes the charge up, once", async () => {
  const { t, sim } = world;
  const booking = await acceptedBooking(t);
  sim.dropNextEvent({ event: 'charge.success' });
  const { reference } = await startPaying(t, booking.client, `/api/bookings/${booking.id}/payment`);
  await sim.approve(reference);
  await world.advance(10);
  // A worker claimed the charge to verify it and died before it could.
  const claimed = await claimDue(t.db, 'charges', ['pending'], {
    claimer: 'crashed-worker',
    now: t.now().toISOString(),
    leaseUntil: new Date(t.now().getTime() + 60_000).toISOString(),
    limit: 10,
  });
  expect(claimed.map((charge) => charge.reference)).toEqual([reference]);
  await world.reconcile();
  expect((await bookingOf(world.t, booking.id, booking.client)).payment.status).toBe('pending');
  await world.advance(61);
  await world.reconcile();
  expect((await bookingOf(world.t, booking.id, booking.client)).payment.status).toBe('held');
  expect(await t.db.selectFrom('ledger_transactions').selectAll().execute()).toHaveLength(1);
  await expectLedgerSound(world.t);
});
