import { expect, test } from 'vitest';
import { PAYSTACK_PHONES, PAYSTACK_TEST_SECRET } from '../../tests/fixtures/paystack-server.ts';
import {
  acceptedBooking,
  anotherProcess,
  bookingBeingPaid,
  bookingOf,
  call,
  deliverWebhook,
  escrowWorldForEachTest,
  expectLedgerSound,
  moneySnapshot,
  signedWebhook,
  smsTo,
  startPaying,
} from '../../tests/helpers/escrow-world.ts';
import { createPaystackClient } from './paystack-client.ts';
import { PAYSTACK_WEBHOOK_PATH } from './routes.ts';

const world = escrowWorldForEachTest();

test('a lost webhook: the reconciler verifies the pending charge and credits it once', async () => {
  const { t, sim } = world;
  const booking = await acceptedBooking(t);
  sim.dropNextEvent({ event: 'charge.success' });
  const started = await startPaying(t, booking.client, `/api/bookings/${booking.id}/payment`);
  await sim.approve(started.reference);
  expect((await bookingOf(world.t, booking.id, booking.client)).payment.status).toBe('pending');
  // Paystack asks for 10 s between polls of one reference.
  await world.reconcile();
  expect((await bookingOf(world.t, booking.id, booking.client)).payment.status).toBe('pending');
  await world.advance(10);
  await world.reconcile();
  expect((await bookingOf(world.t, booking.id, booking.client)).payment.status).toBe('held');
  await world.advance(10);
  await world.reconcile();
  const postings = await t.db.selectFrom('ledger_transactions').selectAll().execute();
  expect(postings.map((row) => row.kind)).toEqual(['charge_succeeded']);
  await expectLedgerSound(world.t);
});

test('duplicate deliveries of one event, and a late third, are processed once', async () => {
  const { t, sim } = world;
  const booking = await acceptedBooking(t);
  sim.duplicateNextEvent({ event: 'charge.success' });
  const started = await startPaying(t, booking.client, `/api/bookings/${booking.id}/payment`);
  await sim.approve(started.reference);
  const deliveries = sim.deliveries().filter((delivery) => delivery.event === 'charge.success');
  expect(deliveries.map((delivery) => delivery.status)).toEqual([200, 200]);
  // A third, late delivery of the same event (Paystack retries until it hears 200).
  const [event] = sim.events().filter((row) => row.event === 'charge.success');
  const body = Buffer.from(event?.body ?? '');
  const late = await deliverWebhook(t, body);
  expect(late.statusCode).toBe(200);
  expect(await t.db.selectFrom('provider_events').selectAll().execute()).toHaveLength(1);
  expect(await t.db.selectFrom('ledger_transactions').selectAll().execute()).toHaveLength(1);
  expect((await smsTo(t, booking.client)).filter((sms) => sms.includes('received'))).toHaveLength(
    1,
  );
  await expectLedgerSound(world.t);
});

const chargeSuccess = (reference: string, amount: number) => ({
  event: 'charge.success',
  data: { reference, amount, currency: 'GHS', status: 'success', id: 1 },
});

test('a webhook with a bad signature answers 401 and changes nothing', async () => {
  const { t } = world;
  const { started } = await bookingBeingPaid(t);
  const before = await moneySnapshot(world.t);
  const forged = signedWebhook(chargeSuccess(started.reference, 31_500), 'sk_test_not_ours');
  for (const headers of [
    forged.headers,
    { 'content-type': 'application/json' },
    { 'content-type': 'application/json', 'x-paystack-signature': 'abc' },
  ]) {
    const response = await t.app.inject({
      method: 'POST',
      url: PAYSTACK_WEBHOOK_PATH,
      headers,
      payload: forged.raw,
    });
    expect(response.statusCode).toBe(401);
  }
  // A right signature over other bytes than those sent is as bad.
  const tampered = signedWebhook(chargeSuccess(started.reference, 31_500));
  const other = Buffer.from(JSON.stringify(chargeSuccess(started.reference, 31_501)));
  const response = await t.app.inject({
    method: 'POST',
    url: PAYSTACK_WEBHOOK_PATH,
    headers: tampered.headers,
    payload: other,
  });
  expect(response.statusCode).toBe(401);
  // A signature over no body at all (no Content-Type, so nothing is read): refused the same.
  const empty = await t.app.inject({
    method: 'POST',
    url: PAYSTACK_WEBHOOK_PATH,
    headers: { 'x-paystack-signature': 'a'.repeat(128) },
  });
  expect(empty.statusCode).toBe(401);
  expect(await moneySnapshot(world.t)).toBe(before);
});

test('a forged charge.success is not credited: unapproved, wrong amount, unknown reference', async () => {
  const { t, sim } = world;
  const { booking, started } = await bookingBeingPaid(t);
  const post = (body: object) => deliverWebhook(t, body);
  // Signed (the key leaked), but the provider says the payer has not approved.
  expect((await post(chargeSuccess(started.reference, 31_500))).statusCode).toBe(200);
  // Not our amount.
  expect((await post(chargeSuccess(started.reference, 100))).statusCode).toBe(200);
  expect((await post(chargeSuccess('ch-000000000000000000000000', 31_500))).statusCode).toBe(200);
  expect((await bookingOf(world.t, booking.id, booking.client)).payment.status).toBe('pending');
  expect(await t.db.selectFrom('ledger_entries').selectAll().execute()).toEqual([]);
  // The real approval still counts.
  await sim.approve(started.reference);
  expect((await bookingOf(world.t, booking.id, booking.client)).payment.status).toBe('held');
  await expectLedgerSound(world.t);
});

test('a charge the provider holds for another amount than ours is never credited', async () => {
  const { t, sim } = world;
  const { booking, started } = await bookingBeingPaid(t);
  // Our record says 315.00; have the provider hold 1.00 under a reference we then claim as ours.
  const client = createPaystackClient({ secretKey: PAYSTACK_TEST_SECRET, baseUrl: sim.url });
  await client.charge({
    email: 'x@example.com',
    amountPesewas: 100,
    reference: 'ch-aaaaaaaaaaaaaaaaaaaaaaaa',
    phone: PAYSTACK_PHONES.ordinary,
    network: 'mtn',
  });
  await t.db
    .updateTable('charges')
    .set({ reference: 'ch-aaaaaaaaaaaaaaaaaaaaaaaa' })
    .where('reference', '=', started.reference)
    .execute();
  await sim.approve('ch-aaaaaaaaaaaaaaaaaaaaaaaa');
  await world.advance(10);
  await world.reconcile();
  const progress = await call(
    t,
    booking.client,
    'GET',
    '/api/payments/ch-aaaaaaaaaaaaaaaaaaaaaaaa',
  );
  expect(progress.json()).toMatchObject({ status: 'failed' });
  expect((await bookingOf(world.t, booking.id, booking.client)).payment.status).toBe('unpaid');
  expect(await t.db.selectFrom('ledger_entries').selectAll().execute()).toEqual([]);
});

test('a refund.failed the provider does not back leaves the refund under way, and it is refunded once', async () => {
  const { t, sim } = world;
  const { booking, started } = await bookingBeingPaid(t);
  await sim.approve(started.reference);
  expect(
    (await call(t, booking.artist, 'POST', `/api/bookings/${booking.id}/cancel`)).statusCode,
  ).toBe(200);
  await world.reconcile();
  const [asked] = await t.db.selectFrom('refunds').selectAll().execute();
  expect(asked).toMatchObject({ status: 'pending', amount_pesewas: 31_500 });

  // Signed as the provider signs, but the provider lists this refund as under way, not failed
  // (a stale failure of an earlier try reads the same).
  const response = await deliverWebhook(t, {
    event: 'refund.failed',
    data: {
      status: 'failed',
      transaction_reference: started.reference,
      refund_reference: 'stale-try',
      amount: '31500',
      currency: 'GHS',
    },
  });
  expect(response.statusCode).toBe(200);
  await world.reconcile();
  expect((await t.db.selectFrom('refunds').selectAll().execute())[0]).toMatchObject({
    status: 'pending',
    tries: asked?.tries,
  });

  await world.advance(30);
  await world.reconcile();
  expect((await t.db.selectFrom('refunds').selectAll().execute())[0]).toMatchObject({
    status: 'processed',
  });
  expect(sim.refunds()).toHaveLength(1);
  await expectLedgerSound(world.t);
});

test('when the provider cannot be asked about an event, the webhook still answers 200 and the reconciler applies it later', async () => {
  const { t, sim } = world;
  const { booking, started } = await bookingBeingPaid(t);
  sim.fail('server-error');
  await sim.approve(started.reference);
  // Recorded at once; the provider could not be asked, so nothing is applied yet.
  expect(sim.deliveries().map((delivery) => delivery.status)).toEqual([200]);
  expect((await bookingOf(world.t, booking.id, booking.client)).payment.status).toBe('pending');
  expect(
    await t.db.selectFrom('provider_events').select(['applied_at', 'tries']).execute(),
  ).toEqual([{ applied_at: null, tries: 1 }]);
  sim.fail('none');
  await world.advance(10);
  await world.reconcile();
  expect((await bookingOf(world.t, booking.id, booking.client)).payment.status).toBe('held');
  const [event] = await t.db.selectFrom('provider_events').selectAll().execute();
  expect(event).toMatchObject({ outcome: 'success', applied_at: expect.any(String) });
  await expectLedgerSound(world.t);
});

/** The state a webhook must not change by itself: everything but the events table. */
async function stateSnapshot() {
  const rows: Record<string, unknown> = {};
  for (const table of [
    'payments',
    'charges',
    'ledger_transactions',
    'ledger_entries',
    'notifications',
  ]) {
    rows[table] = await world.t.db
      .selectFrom(table as 'payments')
      .selectAll()
      .execute();
  }
  return JSON.stringify(rows);
}

/** Delivers the simulator's charge.success for `reference` again, as Paystack's retry would. */
async function redeliver(reference: string) {
  const event = world.sim
    .events()
    .find((row) => row.event === 'charge.success' && row.reference === reference);
  const body = Buffer.from(event?.body ?? '');
  return deliverWebhook(world.t, body);
}

test('the webhook alone only records its event, once however often delivered: no payment, charge or ledger change', async () => {
  const { t, sim } = world;
  const { booking, started } = await bookingBeingPaid(t);
  // This process's reconciler is gone (it died after recording): nothing wakes to apply.
  await t.app.paymentsWorker.stop();
  const before = await stateSnapshot();
  await sim.approve(started.reference);
  expect(sim.deliveries().map((delivery) => delivery.status)).toEqual([200]);
  expect((await redeliver(started.reference)).statusCode).toBe(200);

  expect(await stateSnapshot()).toBe(before);
  expect((await bookingOf(world.t, booking.id, booking.client)).payment.status).toBe('pending');
  expect(await t.db.selectFrom('provider_events').selectAll().execute()).toEqual([
    expect.objectContaining({
      event: 'charge.success',
      reference: started.reference,
      applied_at: null,
    }),
  ]);
});

test('a recorded event whose process died before applying it is applied once by the next reconciler, after a restart', async () => {
  const { t, sim } = world;
  const { booking, started } = await bookingBeingPaid(t);
  await t.app.paymentsWorker.stop();
  await sim.approve(started.reference);
  expect((await bookingOf(world.t, booking.id, booking.client)).payment.status).toBe('pending');

  // Another process on the database, started after the first died: its first pass applies the
  // event (the charge's own poll is not due for 10 s yet, so only the event can do it).
  const second = await anotherProcess(world);
  try {
    await second.reconcile();
    expect((await bookingOf(world.t, booking.id, booking.client)).payment.status).toBe('held');
    await second.reconcile();
    expect((await redeliver(started.reference)).statusCode).toBe(200);
    await second.reconcile();
  } finally {
    await second.close();
  }
  const kinds = await t.db.selectFrom('ledger_transactions').select('kind').execute();
  expect(kinds.map((row) => row.kind)).toEqual(['charge_succeeded']);
  const events = await t.db.selectFrom('provider_events').selectAll().execute();
  expect(events).toEqual([
    expect.objectContaining({ outcome: 'success', applied_at: expect.any(String) }),
  ]);
  expect((await smsTo(t, booking.client)).filter((sms) => sms.includes('received'))).toHaveLength(
    1,
  );
  await expectLedgerSound(world.t);
});

test('the reconciler the webhook wakes applies the event in one pass, exactly once', async () => {
  const { t, sim } = world;
  const { booking, started } = await bookingBeingPaid(t);
  // The delivery returns once the round it woke is over (escrow-world.ts).
  await sim.approve(started.reference);
  expect((await bookingOf(world.t, booking.id, booking.client)).payment.status).toBe('held');
  const [event] = await t.db.selectFrom('provider_events').selectAll().execute();
  expect(event).toMatchObject({ outcome: 'success', applied_at: expect.any(String), tries: 0 });
  // Further passes and deliveries change nothing.
  await world.reconcile();
  expect((await redeliver(started.reference)).statusCode).toBe(200);
  await world.reconcile();
  const kinds = await t.db.selectFrom('ledger_transactions').select('kind').execute();
  expect(kinds.map((row) => row.kind)).toEqual(['charge_succeeded']);
  expect(await t.db.selectFrom('provider_events').selectAll().execute()).toEqual([event]);
  await expectLedgerSound(world.t);
});
