import { expect, test } from 'vitest';
import type { CancellationPolicy } from '../../contracts/engagements.ts';
import {
  bookingParties,
  call,
  DAY,
  escrowWorldForEachTest,
  expectLedgerSound,
  HOUR,
  requestBooking,
  settleWithProvider,
  startPaying,
} from '../../tests/helpers/escrow-world.ts';
import type { SignedInUser } from '../../tests/helpers/test-app.ts';

/**
 * Cancellation policies on the real app and the loopback Paystack: what a client who cancels a
 * paid booking gets back (refundIfCancelledNow, then the refund itself), what the artist earns
 * after the event, an artist's cancellation and an operator's no_show, all through the ledger.
 * A booking of 2 hours at GHS 150: GHS 300.00 and the GHS 15.00 fee.
 */
const world = escrowWorldForEachTest();

/** A paid booking `daysAhead` days ahead of an artist on `policy`. */
async function paidBookingOn(policy: CancellationPolicy, daysAhead: number) {
  const { t } = world;
  const parties = await bookingParties(t);
  await t.db
    .updateTable('artists')
    .set({ cancellation_policy: policy })
    .where('id', '=', parties.artistId)
    .execute();
  const id = await requestBooking(t, parties.client, parties.artistId, { daysAhead });
  const accepted = await call(t, parties.artist, 'PATCH', `/api/bookings/${id}`, {
    status: 'accepted',
  });
  expect(accepted.statusCode).toBe(200);
  const { reference } = await startPaying(t, parties.client, `/api/bookings/${id}/payment`);
  expect(await world.sim.approve(reference)).toBe(true);
  await world.reconcile();
  return { ...parties, id, reference };
}

const bookingAs = async (who: SignedInUser, id: number, side: 'client' | 'artist' = 'client') => {
  const url = `/api/bookings/${side}`;
  const list = (await call(world.t, who, 'GET', url)).json();
  const items = Array.isArray(list) ? list : list.items;
  return items.find((booking: { id: number }) => booking.id === id);
};

const refundsOf = (reference: string) =>
  world.t.db.selectFrom('refunds').selectAll().where('charge_reference', '=', reference).execute();

const earned = async (userId: number) =>
  (
    await world.t.db
      .selectFrom('payouts')
      .select('amount_pesewas')
      .where('payee_id', '=', userId)
      .execute()
  ).reduce((sum, row) => sum + Number(row.amount_pesewas), 0);

test('moderate, cancelled by the client 3 days before: half back (fee too), the other half the artist earns after the event', async () => {
  const booking = await paidBookingOn('moderate', 3);
  const seen = await bookingAs(booking.client, booking.id);
  expect(seen).toMatchObject({
    cancellationPolicy: 'moderate',
    refundIfCancelledNow: '157.50',
    allowedActions: ['dispute', 'cancel'],
  });
  // The artist cancelling would give the client everything.
  expect((await bookingAs(booking.artist, booking.id, 'artist')).refundIfCancelledNow).toBe(
    '315.00',
  );

  const cancelled = await call(
    world.t,
    booking.client,
    'POST',
    `/api/bookings/${booking.id}/cancel`,
  );
  expect(cancelled.statusCode).toBe(200);
  expect(cancelled.json()).toMatchObject({ status: 'cancelled', allowedActions: [] });
  await settleWithProvider(world, 31);
  expect(await refundsOf(booking.reference)).toEqual([
    expect.objectContaining({ amount_pesewas: 15_750, status: 'processed' }),
  ]);
  // The provider's refund.processed for a part of the charge is applied too, not left waiting
  // for a reversal of the whole charge that never comes.
  expect(
    await world.t.db
      .selectFrom('provider_events')
      .select(['outcome', 'applied_at'])
      .where('event', '=', 'refund.processed')
      .execute(),
  ).toEqual([{ outcome: 'processed', applied_at: expect.any(String) }]);
  expect(await earned(booking.artist.id)).toBe(0);
  const before = await expectLedgerSound(world.t);
  expect(before.heldPesewas).toBe(15_750);

  // The event ends (3 days and 2 hours on): the artist's half is theirs, paid out once.
  await world.advance(3 * DAY + 2 * HOUR);
  await settleWithProvider(world, 31);
  await world.advance(3600);
  await settleWithProvider(world, 31);
  expect(await earned(booking.artist.id)).toBe(15_000);
  const after = await expectLedgerSound(world.t);
  expect(after).toMatchObject({ heldPesewas: 0, serviceFeesPesewas: 750 });
  await world.reconcile();
  expect(await earned(booking.artist.id)).toBe(15_000);
});

test('flexible: a day or more before, everything back; later, half', async () => {
  const early = await paidBookingOn('flexible', 2);
  expect((await bookingAs(early.client, early.id)).refundIfCancelledNow).toBe('315.00');
  const late = await paidBookingOn('flexible', 3);
  await world.advance(2 * DAY + 12 * HOUR);
  expect((await bookingAs(late.client, late.id)).refundIfCancelledNow).toBe('157.50');
  expect(
    (await call(world.t, late.client, 'POST', `/api/bookings/${late.id}/cancel`)).statusCode,
  ).toBe(200);
  await settleWithProvider(world, 31);
  expect(await refundsOf(late.reference)).toEqual([
    expect.objectContaining({ amount_pesewas: 15_750 }),
  ]);
  await expectLedgerSound(world.t);
});

test('strict: 14 days or more before, half back; less, nothing back, and the artist earns it all after the event', async () => {
  const far = await paidBookingOn('strict', 20);
  expect((await bookingAs(far.client, far.id)).refundIfCancelledNow).toBe('157.50');
  const near = await paidBookingOn('strict', 10);
  expect((await bookingAs(near.client, near.id)).refundIfCancelledNow).toBe('0.00');
  expect(
    (await call(world.t, near.client, 'POST', `/api/bookings/${near.id}/cancel`)).statusCode,
  ).toBe(200);
  await settleWithProvider(world, 31);
  expect(await refundsOf(near.reference)).toEqual([]);
  await world.advance(11 * DAY);
  await settleWithProvider(world, 31);
  expect(await earned(near.artist.id)).toBe(30_000);
  await expectLedgerSound(world.t);
});

test('the artist cancelling refunds the client everything and counts on their profile; so does a no_show decision', async () => {
  const booking = await paidBookingOn('strict', 5);
  const cancelled = await call(
    world.t,
    booking.artist,
    'POST',
    `/api/bookings/${booking.id}/cancel`,
  );
  expect(cancelled.statusCode).toBe(200);
  await settleWithProvider(world, 31);
  expect(await refundsOf(booking.reference)).toEqual([
    expect.objectContaining({ amount_pesewas: 31_500, status: 'processed' }),
  ]);
  const profile = async () =>
    (await call(world.t, null, 'GET', `/api/artists/${booking.artistId}`)).json();
  expect(await profile()).toMatchObject({ cancellationPolicy: 'strict', cancelledByArtist: 1 });

  // Another booking of the same artist, disputed after the event: the operator finds they did
  // not show. The client gets everything back, and it counts.
  const id = await requestBooking(world.t, booking.client, booking.artistId, { daysAhead: 7 });
  await call(world.t, booking.artist, 'PATCH', `/api/bookings/${id}`, { status: 'accepted' });
  const { reference } = await startPaying(world.t, booking.client, `/api/bookings/${id}/payment`);
  expect(await world.sim.approve(reference)).toBe(true);
  await world.reconcile();
  await world.advance(7 * DAY + 3 * HOUR);
  const disputed = await call(world.t, booking.client, 'POST', `/api/bookings/${id}/dispute`, {
    reason: 'The artist never came to the venue',
  });
  expect(disputed.statusCode).toBe(200);
  const [payment] = await world.t.app.services.payments.disputes();
  await world.t.app.services.payments.resolve(payment?.id ?? 0, 'no_show');
  await settleWithProvider(world, 31);
  expect(await refundsOf(reference)).toEqual([
    expect.objectContaining({ amount_pesewas: 31_500, status: 'processed' }),
  ]);
  expect(await profile()).toMatchObject({ cancelledByArtist: 2 });
  await expectLedgerSound(world.t);
});

test('an artist chooses a policy on their profile; a booking keeps the one its client saw', async () => {
  const { t } = world;
  const parties = await bookingParties(t);
  const put = (cancellationPolicy: unknown) =>
    call(t, parties.artist, 'PUT', '/api/artists/me', {
      stageName: 'DJ Kasa',
      performanceTypes: ['DJ'],
      region: 'Greater Accra',
      hourlyRate: '150.00',
      cancellationPolicy,
    });
  expect((await call(t, null, 'GET', `/api/artists/${parties.artistId}`)).json()).toMatchObject({
    cancellationPolicy: 'moderate',
    cancelledByArtist: 0,
  });
  const wrong = await put('lenient');
  expect(wrong.statusCode).toBe(400);
  expect(wrong.json().message).toBe('Choose flexible, moderate or strict');
  expect((await put('flexible')).statusCode).toBe(200);
  const id = await requestBooking(t, parties.client, parties.artistId, { daysAhead: 9 });
  expect((await put('strict')).statusCode).toBe(200);
  expect((await bookingAs(parties.client, id)).cancellationPolicy).toBe('flexible');
  expect((await call(t, null, 'GET', `/api/artists/${parties.artistId}`)).json()).toMatchObject({
    cancellationPolicy: 'strict',
  });
});
