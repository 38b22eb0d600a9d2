import { spawnSync } from 'node:child_process';
import { expect, test } from 'vitest';
import { REPO_ROOT } from '../scripts/lib/server-process.ts';
import { call, DAY, escrowWorldForEachTest, HOUR, paidBooking } from './helpers/escrow-world.ts';
import { databaseEnv } from './helpers/test-app.ts';

/** The operator's commands, run as an operator runs them, on the database the server uses. */
const world = escrowWorldForEachTest();

function run(script: string, args: string[] = []) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      ...databaseEnv(world.t),
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
    },
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

test('payments:disputes lists what an operator must decide; payments:resolve decides it', async () => {
  expect(run('scripts/payments-disputes.ts').stdout.trim()).toBe('No disputed payments.');
  const booking = await paidBooking(world, { daysAhead: 1 });
  await world.advance(DAY + 3 * HOUR);
  await call(world.t, booking.client, 'POST', `/api/bookings/${booking.id}/dispute`, {
    reason: 'The DJ never came to the hall',
  });
  const { id } = await world.t.db.selectFrom('payments').select('id').executeTakeFirstOrThrow();

  const listed = run('scripts/payments-disputes.ts');
  expect(listed.status).toBe(0);
  expect(listed.stdout).toContain(
    `Payment ${id}: booking ${booking.id}, GHS 300.00 (fee GHS 15.00), disputed `,
  );
  expect(listed.stdout).toContain('by the payer');
  expect(listed.stdout).toContain('reason The DJ never came to the hall');
  expect(listed.stdout).toContain(`decide npm run payments:resolve -- ${id} release|refund`);

  expect(run('scripts/payments-resolve.ts', [String(id), 'maybe']).status).toBe(2);
  const resolved = run('scripts/payments-resolve.ts', [String(id), 'refund']);
  expect(resolved.stdout.trim()).toBe(
    `Payment ${id} refunded to the payer in full: the refund is queued.`,
  );
  const again = run('scripts/payments-resolve.ts', [String(id), 'release']);
  expect(again.status).toBe(1);
  expect(again.stderr.trim()).toBe(`Payment ${id} is refunded, not disputed or frozen`);

  // The server's reconciler sends what the command queued.
  await world.reconcile();
  await world.advance(30);
  await world.reconcile();
  expect(world.sim.refunds()).toEqual([
    expect.objectContaining({ amountPesewas: 31_500, status: 'processed' }),
  ]);

  const checked = run('scripts/ledger-check.ts');
  expect(checked.status).toBe(0);
  expect(checked.stdout).toContain('OK: every rule holds');
  // Each command is a process of its own: a few seconds each on a busy machine.
}, 60_000);

test('ledger:check exits 1 and names the rule when the ledger does not add up', async () => {
  await paidBooking(world);
  // A payout posted behind the code's back: nothing calls for it.
  await world.t.db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('ledger_transactions')
      .values({
        kind: 'payout_started',
        key: 'payout-start:stray',
        payment_id: 1,
        reference: 'stray',
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const accounts = await trx.selectFrom('ledger_accounts').select(['id', 'code']).execute();
    const escrow = accounts.find((account) => account.code.startsWith('escrow:'));
    const provider = accounts.find((account) => account.code === 'provider_balance');
    await trx
      .insertInto('ledger_entries')
      .values([
        { transaction_id: id, account_id: escrow?.id ?? 0, amount_pesewas: 100 },
        { transaction_id: id, account_id: provider?.id ?? 0, amount_pesewas: -100 },
      ])
      .execute();
  });
  const checked = run('scripts/ledger-check.ts');
  expect(checked.status).toBe(1);
  expect(checked.stdout).toContain('posting payout-start:stray has no row that calls for it');
  expect(checked.stdout).toContain('payment 1: escrow holds 31400');
}, 60_000);
