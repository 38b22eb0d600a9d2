/**
 * `npm run test:crash`: acknowledged writes under kill -9 (scripts/crash-test/acknowledged-writes.ts),
 * or with `--payments` deals and their money under kill -9 (scripts/crash-test/payments.ts).
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { runCrashTest } from './crash-test/acknowledged-writes.ts';
import { crashTestPassed, formatCrashReport } from './crash-test/acknowledged-writes-report.ts';
import { runPaymentsCrashTest } from './crash-test/payments.ts';
import {
  formatPaymentsCrashReport,
  paymentsCrashTestPassed,
} from './crash-test/payments-report.ts';

async function main() {
  const { values } = parseArgs({
    options: {
      rounds: { type: 'string' },
      writers: { type: 'string' },
      duration: { type: 'string', default: '3' },
      users: { type: 'string', default: '100' },
      replays: { type: 'string', default: '50' },
      payments: { type: 'boolean', default: false },
      deals: { type: 'string', default: '100' },
      keep: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(
      [
        'npm run test:crash -- [--rounds 10] [--writers 32] [--duration 3 (max seconds per round)] [--users 100] [--replays 50] [--keep]',
        'npm run test:crash -- --payments [--rounds 6] [--writers 8] [--duration 3] [--deals 100] [--keep]',
      ].join('\n'),
    );
    return;
  }
  const number = (name: string, value: string, min: number) => {
    const parsed = Number(value);
    if (!Number.isFinite(parsed) || parsed < min) throw new Error(`--${name} must be >= ${min}`);
    return parsed;
  };
  const started = Date.now();
  if (values.payments) {
    const report = await runPaymentsCrashTest({
      rounds: Math.floor(number('rounds', values.rounds ?? '6', 1)),
      writers: Math.floor(number('writers', values.writers ?? '8', 1)),
      roundMs: Math.round(number('duration', values.duration, 0.1) * 1000),
      deals: Math.floor(number('deals', values.deals, 1)),
      keepDatabase: values.keep,
      log: (line) => console.log(line),
    });
    console.log(formatPaymentsCrashReport(report));
    console.log(`  took                      ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (values.keep) console.log(`  database                  ${report.databasePath}`);
    const passed = paymentsCrashTestPassed(report);
    console.log(passed ? 'PASS' : 'FAIL');
    process.exitCode = passed ? 0 : 1;
    return;
  }
  const report = await runCrashTest({
    rounds: Math.floor(number('rounds', values.rounds ?? '10', 1)),
    writers: Math.floor(number('writers', values.writers ?? '32', 1)),
    roundMs: Math.round(number('duration', values.duration, 0.1) * 1000),
    users: Math.floor(number('users', values.users, 1)),
    replays: Math.floor(number('replays', values.replays, 0)),
    keepDatabase: values.keep,
    log: (line) => console.log(line),
  });
  console.log(formatCrashReport(report));
  console.log(`  took                      ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (values.keep) console.log(`  database                  ${report.databasePath}`);
  const passed = crashTestPassed(report);
  console.log(passed ? 'PASS' : 'FAIL');
  process.exitCode = passed ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  await main();
}
