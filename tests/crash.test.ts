import { expect, test } from 'vitest';
import { runCrashTest } from '../scripts/crash-test/acknowledged-writes.ts';
import {
  crashTestPassed,
  formatCrashReport,
} from '../scripts/crash-test/acknowledged-writes-report.ts';
import { runPaymentsCrashTest } from '../scripts/crash-test/payments.ts';
import {
  formatPaymentsCrashReport,
  paymentsCrashTestPassed,
} from '../scripts/crash-test/payments-report.ts';

// The short version of `npm run test:crash`: the real server as a child process, concurrent
// writers, kill -9 at random moments, restarts on the same database file.
test('no acknowledged write is lost or doubled when the server is killed with SIGKILL', async () => {
  const report = await runCrashTest({
    rounds: 3,
    writers: 8,
    roundMs: 1_500,
    minAcknowledgedPerRound: 20,
    users: 15,
    replays: 10,
  });
  const summary = formatCrashReport(report);
  expect(report.acknowledged, summary).toBeGreaterThan(50);
  expect(report.lost, summary).toBe(0);
  expect(report.duplicates, summary).toBe(0);
  expect(report.replayMismatches, summary).toBe(0);
  expect(report.replaysChecked, summary).toBe(10);
  expect(report.integrityAfterKill, summary).toBe('ok');
  expect(report.integrityAfterShutdown, summary).toBe('ok');
  expect(report.unexpectedStatuses, summary).toEqual({});
  expect(report.finalExit.code, summary).toBe(0);
  expect(report.problems, summary).toEqual([]);
  expect(crashTestPassed(report), summary).toBe(true);
}, 60_000);

// The short version of `npm run test:crash -- --payments`: deals of every kind living random
// lives through the Paystack simulator, the server killed with SIGKILL at random moments, then
// every deal ended and the books checked to the pesewa.
test('kill -9 during payments loses no money and pays nothing twice', async () => {
  const report = await runPaymentsCrashTest({ rounds: 2, roundMs: 2_000, deals: 20, writers: 6 });
  const summary = formatPaymentsCrashReport(report);
  expect(report.unfinishedDeals, summary).toBe(0);
  expect(report.ledgerProblems, summary).toEqual([]);
  expect(report.payoutMismatches, summary).toBe(0);
  expect(report.refundMismatches, summary).toBe(0);
  expect(report.splitMismatches, summary).toBe(0);
  expect(report.lostCharges, summary).toBe(0);
  expect(report.providerBalance.simulator, summary).toBe(report.providerBalance.ledger);
  expect(report.problems, summary).toEqual([]);
  expect(paymentsCrashTestPassed(report), summary).toBe(true);
}, 300_000);
