import { expect, test } from 'vitest';
import {
  call,
  DAY,
  escrowWorldForEachTest,
  HOUR,
  paidBooking,
} from '../../tests/helpers/escrow-world.ts';
import { listedJobIds, report } from '../../tests/helpers/moderation.ts';
import {
  postJob,
  type SignedInUser,
  signUp,
  signUpOperator,
} from '../../tests/helpers/test-app.ts';

/**
 * Where trust meets escrow: the "Paid through Ghana Gigs" badge counts released engagements, and
 * an operator decides a disputed payment from the operator's screen.
 */

const world = escrowWorldForEachTest();

test('"Paid through Ghana Gigs" counts engagements whose escrow was released, on both sides', async () => {
  const { t } = world;
  const booking = await paidBooking(world, { daysAhead: 1 });
  const artistPage = async () =>
    (await call(t, null, 'GET', `/api/artists/${booking.artistId}`)).json();
  const clientPage = async () =>
    (await call(t, null, 'GET', `/api/employers/${booking.client.id}`)).json();
  // Paid and held is not yet paid through: the work is not confirmed.
  expect((await artistPage()).paidGigs).toBe(0);
  expect((await clientPage()).paidGigs).toBe(0);
  await world.advance(3 * DAY + HOUR);
  for (const who of [booking.client, booking.artist]) {
    const confirmed = await call(t, who, 'POST', `/api/bookings/${booking.id}/confirm`);
    expect(confirmed.statusCode).toBe(200);
  }
  expect((await artistPage()).paidGigs).toBe(1);
  expect((await clientPage()).paidGigs).toBe(1);
  expect((await artistPage()).phoneVerified).toBe(true);
});

test('a new account with paid work counts toward hiding a listing; a new one without it does not', async () => {
  const { t } = world;
  const employer = await signUp(t, 'employer', { firstName: 'Kwesi', lastName: 'Appiah' });
  const job = await postJob(t, employer);
  const weekOld = await signUp(t);
  // Client and artist of a booking paid through, confirmed and released: a few days old.
  const booking = await paidBooking(world, { daysAhead: 1 });
  await world.advance(DAY + 3 * HOUR);
  for (const who of [booking.client, booking.artist]) {
    expect((await call(t, who, 'POST', `/api/bookings/${booking.id}/confirm`)).statusCode).toBe(
      200,
    );
  }
  const fresh = await signUp(t);
  const reportFrom = (who: SignedInUser, remoteAddress: string) =>
    report(t, who, { targetType: 'job', targetId: job.id, reason: 'fake' }, remoteAddress);
  const listed = () => listedJobIds(t);
  expect((await reportFrom(booking.client, '203.0.113.1')).statusCode).toBe(201);
  expect((await reportFrom(booking.artist, '203.0.113.2')).statusCode).toBe(201);
  expect((await reportFrom(fresh, '203.0.113.3')).statusCode).toBe(201);
  // Two with paid work, one with neither paid work nor a week: not three yet.
  expect(await listed()).toContain(job.id);
  await world.advance(6 * DAY);
  expect((await reportFrom(weekOld, '203.0.113.4')).statusCode).toBe(201);
  expect(await listed()).not.toContain(job.id);
});

test('an operator sees a disputed payment in the queue and refunds it from the operator routes', async () => {
  const { t } = world;
  const admin = await signUpOperator(t);
  const booking = await paidBooking(world, { daysAhead: 1 });
  await world.advance(DAY + 3 * HOUR);
  await call(t, booking.client, 'POST', `/api/bookings/${booking.id}/dispute`, {
    reason: 'The DJ never came to the hall',
  });
  const { id } = await t.db.selectFrom('payments').select('id').executeTakeFirstOrThrow();
  const queue = (await call(t, admin, 'GET', '/api/admin/queue')).json();
  expect(queue.disputes).toEqual([
    {
      paymentId: id,
      engagementType: 'booking',
      engagementId: booking.id,
      amount: '300.00',
      serviceFee: '15.00',
      disputedAt: expect.any(String),
      disputedBy: 'payer',
      reason: 'The DJ never came to the hall',
      payer: {
        id: booking.client.id,
        name: 'Ama Owusu',
        phoneNumber: booking.client.phone,
        suspended: false,
      },
      payee: {
        id: booking.artist.id,
        name: 'Kofi Kasa',
        phoneNumber: booking.artist.phone,
        suspended: false,
      },
    },
  ]);

  const bad = await call(t, admin, 'POST', `/api/admin/disputes/${id}`, { decision: 'maybe' });
  expect(bad.statusCode).toBe(400);
  const refunded = await call(t, admin, 'POST', `/api/admin/disputes/${id}`, {
    decision: 'refund',
  });
  expect(refunded.statusCode).toBe(200);
  expect(refunded.json()).toEqual({ paymentId: id, status: 'refunded' });
  const again = await call(t, admin, 'POST', `/api/admin/disputes/${id}`, { decision: 'release' });
  expect(again.statusCode).toBe(409);
  expect((await call(t, admin, 'GET', '/api/admin/queue')).json().disputes).toEqual([]);
  const booked = (await call(t, booking.client, 'GET', '/api/bookings/client')).json();
  expect(booked[0]).toMatchObject({ status: 'cancelled', payment: { status: 'refunded' } });
  const log = await t.db.selectFrom('moderation_log').selectAll().execute();
  expect(log).toEqual([
    expect.objectContaining({
      operator_id: admin.id,
      action: 'refund',
      target_type: 'payment',
      target_id: id,
    }),
  ]);
  // The refund goes out through the reconciler, as after payments:resolve.
  await world.reconcile();
  await world.advance(30);
  await world.reconcile();
  expect(world.sim.refunds()).toEqual([
    expect.objectContaining({ amountPesewas: 31_500, status: 'processed' }),
  ]);
});
