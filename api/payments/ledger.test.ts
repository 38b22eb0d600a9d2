import { sql } from 'kysely';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../tests/helpers/test-app.ts';
import { ACCOUNTS, post, postings, UnbalancedPosting } from './ledger.ts';
import { checkLedger } from './ledger-check.ts';

let t: TestApp;
let paymentId: number;
let payeeId: number;

beforeEach(async () => {
  t = await createTestApp();
  const payer = await signUp(t, 'employer');
  const payee = await signUp(t, 'job_seeker');
  payeeId = payee.id;
  // A held escrow of GHS 300.00 plus a GHS 15.00 fee, as the rows say it.
  paymentId = (
    await t.db
      .insertInto('payments')
      .values({
        engagement_type: 'booking',
        engagement_id: 1,
        payer_id: payer.id,
        payee_id: payee.id,
        amount_pesewas: 30_000,
        fee_pesewas: 1_500,
        status: 'held',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await t.db
    .insertInto('charges')
    .values({
      reference: 'ch-ledger',
      payment_id: paymentId,
      payer_id: payer.id,
      amount_pesewas: 31_500,
      phone: '+233241234567',
      network: 'mtn',
      status: 'success',
      provider_fee_pesewas: 614,
    })
    .execute();
});
afterEach(async () => {
  await t.close();
});

const charge = () =>
  postings.chargeSucceeded({
    paymentId,
    reference: 'ch-ledger',
    totalPesewas: 31_500,
    providerFeePesewas: 614,
  });

test('every posting balances: debits positive, credits negative, summing to zero', () => {
  const all = [
    charge(),
    postings.released({ paymentId, payeeId, amountPesewas: 30_000, feePesewas: 1_500 }),
    postings.payoutStarted({ paymentId, payeeId, reference: 'p', amountPesewas: 30_000 }),
    postings.payoutSucceeded({ paymentId, payeeId, reference: 'p', amountPesewas: 30_000 }),
    postings.payoutFailed({ paymentId, payeeId, reference: 'p', amountPesewas: 30_000 }),
    postings.payoutReversed({ paymentId, payeeId, reference: 'p', amountPesewas: 30_000 }),
    postings.refundStarted({ paymentId, chargeReference: 'c', amountPesewas: 31_500 }),
    postings.refundProcessed({ paymentId, chargeReference: 'c', amountPesewas: 31_500 }),
  ];
  for (const entry of all) {
    expect(
      entry.lines.reduce((sum, line) => sum + line.amountPesewas, 0),
      entry.key,
    ).toBe(0);
    expect(entry.lines.length, entry.key).toBeGreaterThanOrEqual(2);
  }
  expect(charge().lines).toEqual([
    { account: ACCOUNTS.providerBalance, amountPesewas: 30_886 },
    { account: ACCOUNTS.providerFees, amountPesewas: 614 },
    { account: ACCOUNTS.escrow(paymentId), amountPesewas: -31_500 },
  ]);
  // A zero fee leaves its line out rather than writing a zero.
  expect(
    postings.released({ paymentId, payeeId, amountPesewas: 30_000, feePesewas: 0 }).lines,
  ).toHaveLength(2);
});

test('a posting that does not balance, or is not whole pesewas, is refused and writes nothing', async () => {
  const bad = {
    ...charge(),
    lines: [
      { account: 'a', amountPesewas: 5 },
      { account: 'b', amountPesewas: -4 },
    ],
  };
  await expect(t.db.transaction().execute((trx) => post(trx, bad, t.now()))).rejects.toThrow(
    UnbalancedPosting,
  );
  const fractional = {
    ...charge(),
    lines: [
      { account: 'a', amountPesewas: 0.5 },
      { account: 'b', amountPesewas: -0.5 },
    ],
  };
  await expect(t.db.transaction().execute((trx) => post(trx, fractional, t.now()))).rejects.toThrow(
    UnbalancedPosting,
  );
  expect(await t.db.selectFrom('ledger_transactions').selectAll().execute()).toEqual([]);
});

test('a movement is posted once: the same key again writes nothing', async () => {
  expect(await t.db.transaction().execute((trx) => post(trx, charge(), t.now()))).toBe(true);
  expect(await t.db.transaction().execute((trx) => post(trx, charge(), t.now()))).toBe(false);
  expect(await t.db.selectFrom('ledger_transactions').selectAll().execute()).toHaveLength(1);
  expect(await t.db.selectFrom('ledger_entries').selectAll().execute()).toHaveLength(3);
  expect((await checkLedger(t.db)).problems).toEqual([]);
});

test('the ledger is append-only: its rows cannot be updated or deleted', async () => {
  await t.db.transaction().execute((trx) => post(trx, charge(), t.now()));
  await expect(
    sql`UPDATE ledger_entries SET amount_pesewas = amount_pesewas + 1`.execute(t.db),
  ).rejects.toThrow(/append-only/);
  await expect(sql`DELETE FROM ledger_entries`.execute(t.db)).rejects.toThrow(/append-only/);
  await expect(sql`UPDATE ledger_transactions SET key = 'x'`.execute(t.db)).rejects.toThrow(
    /append-only/,
  );
  await expect(sql`DELETE FROM ledger_transactions`.execute(t.db)).rejects.toThrow(/append-only/);
});

test('ledger:check proves the rules and names each one broken', async () => {
  await t.db.transaction().execute((trx) => post(trx, charge(), t.now()));
  expect(await checkLedger(t.db)).toMatchObject({
    problems: [],
    transactions: 1,
    heldPesewas: 31_500,
    providerBalancePesewas: 30_886,
    providerFeesPesewas: 614,
  });

  // The escrow says released, the ledger has no release: the held money does not match.
  await t.db.updateTable('payments').set({ status: 'released' }).execute();
  let problems = (await checkLedger(t.db)).problems;
  expect(problems).toContain(
    `payment ${paymentId} (released): missing posting release:${paymentId}`,
  );
  expect(problems).toContain(`payment ${paymentId} is released but escrow holds 31500`);
  await t.db.updateTable('payments').set({ status: 'held' }).execute();

  // A posting no row calls for: a payout nobody made.
  await t.db
    .transaction()
    .execute((trx) =>
      post(
        trx,
        postings.payoutStarted({ paymentId, payeeId, reference: 'ghost', amountPesewas: 100 }),
        t.now(),
      ),
    );
  problems = (await checkLedger(t.db)).problems;
  expect(problems).toContain('posting payout-start:ghost has no row that calls for it');
  expect(problems).toContain(`payee ${payeeId} has been paid 100 more than earned`);
  expect(problems).toContain('payouts in flight: the ledger says 100, the rows 0');
});

test('an unbalanced transaction written behind the code is found', async () => {
  const { id } = await t.db
    .insertInto('ledger_transactions')
    .values({
      kind: 'released',
      key: 'rogue',
      payment_id: paymentId,
      reference: null,
      created_at: t.now().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: account } = await t.db
    .insertInto('ledger_accounts')
    .values({ code: ACCOUNTS.serviceFees })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('ledger_entries')
    .values({ transaction_id: id, account_id: account, amount_pesewas: -50 })
    .execute();
  const { problems } = await checkLedger(t.db);
  expect(problems).toContain('transaction 1 (rogue) has 1 entries summing to -50');
  expect(problems).toContain('all accounts together sum to -50, not 0');
});

test('ledger:check names money that moved against the rules of time: early payouts, paused or frozen ones, and a payee-alone release within 72 hours of the notice', async () => {
  await t.db.transaction().execute((trx) => post(trx, charge(), t.now()));
  const at = (hours: number) =>
    new Date(Date.parse('2027-03-01T12:00:00.000Z') + hours * 3_600_000).toISOString();
  // Held, the payee alone confirmed, a clock under 72 hours after the payer's notice.
  await t.db
    .updateTable('payments')
    .set({ payee_confirmed_at: at(0), payer_notified_at: at(1), release_due_at: at(72) })
    .execute();
  expect((await checkLedger(t.db)).problems).toEqual([
    `payment ${paymentId}: its clock runs to ${at(72)}, under 72 hours after the payer's notice (${at(1)})`,
  ]);
  // A clock with no notice at all.
  await t.db.updateTable('payments').set({ payer_notified_at: null }).execute();
  expect((await checkLedger(t.db)).problems).toHaveLength(1);
  // Frozen with its clock still running.
  await t.db
    .updateTable('payments')
    .set({ payer_notified_at: at(1), release_due_at: at(73), frozen_at: at(2) })
    .execute();
  expect((await checkLedger(t.db)).problems).toEqual([
    `payment ${paymentId} is frozen but held with its clock at ${at(73)}`,
  ]);
  await t.db.updateTable('payments').set({ frozen_at: null }).execute();
  expect((await checkLedger(t.db)).problems).toEqual([]);

  // Payouts: asked of the provider before the number's hold ended, while paused, or for a
  // payee suspended before it (the rows alone; their postings are not the point here).
  const payout = (reference: string, values: object) =>
    t.db
      .insertInto('payouts')
      .values({
        reference,
        payment_id: paymentId,
        payee_id: payeeId,
        attempt: 1,
        amount_pesewas: 30_000,
        phone: '+233241234567',
        network: 'mtn',
        status: 'failed',
        ...values,
      })
      .execute();
  await payout('payout-early', { initiated_at: at(10), hold_until: at(24) });
  await payout('payout-paused', { attempt: 2, initiated_at: at(30), paused_at: at(25) });
  await t.db
    .updateTable('users')
    .set({ suspended_at: at(40) })
    .where('id', '=', payeeId)
    .execute();
  await payout('payout-suspended', { attempt: 3, initiated_at: at(41) });
  const { problems } = await checkLedger(t.db);
  expect(problems).toContain(`payout payout-early was sent at ${at(10)}, before its hold ended`);
  expect(problems).toContain('payout payout-paused is paused but was sent (failed)');
  expect(problems).toContain(
    `payout payout-suspended was sent to payee ${payeeId} after they were suspended`,
  );
});
