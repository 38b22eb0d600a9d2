import { expect, test } from 'vitest';
import { crashTestPassed, formatCrashReport, runCrashTest } from '../scripts/crash-test.ts';

// The short version of `npm run test:crash`: the real server as a child process, concurrent
// writers, kill -9 at random moments, restarts on the same database file.
test('no acknowledged write is lost or doubled when the server is killed with SIGKILL', async () => {
  const report = await runCrashTest({
    rounds: 3,
    writers: 8,
    roundMs: 1_500,
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
