import { randomInt } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import {
  formatPaymentsCrashReport,
  paymentsCrashTestPassed,
  runPaymentsCrashTest,
} from './crash-test-payments.ts';
import { type ApiResponse, api } from './lib/http-api.ts';
import { bookingBody, type SeededTargets, seededTargets } from './lib/seeded-targets.ts';
import {
  killServer,
  type ServerOutput,
  sleep,
  startServer,
  stopServer,
} from './lib/server-process.ts';
import { type SignedInUser, signUpUsers } from './lib/sign-up.ts';

// ---------------------------------------------------------------------------------------------
// The crash test

interface CrashTestOptions {
  rounds: number;
  writers: number;
  /** The longest a round runs before its kill -9; each kill comes at a random moment in it. */
  roundMs: number;
  users: number;
  /** Acknowledged writes replayed at the end with their own Idempotency-Key. */
  replays: number;
  log?: (line: string) => void;
  keepDatabase?: boolean;
}

interface CrashTestReport {
  rounds: number;
  databasePath: string;
  /** POSTs sent, retries included. */
  attempted: number;
  /** Distinct writes (one Idempotency-Key each) sent at least once. */
  distinctWrites: number;
  acknowledged: number;
  acknowledgedApplications: number;
  acknowledgedBookings: number;
  /** Acknowledged writes missing from the database after the last kill -9. */
  lost: number;
  /** Writes found more than once (same key, same (job, applicant) pair or two acks with two ids). */
  duplicates: number;
  /** Writes whose request died with the server and had no answer before the last kill. */
  inDoubt: number;
  /** Of those, found committed in the database / not committed (either is allowed). */
  inDoubtCommitted: number;
  inDoubtAbsent: number;
  /** In-doubt writes retried after the last restart with the same key: exactly one row each. */
  inDoubtResolved: number;
  /** Acknowledged only on a retry after a kill (same key): committed once, answered once. */
  retriedAcknowledged: number;
  /** Of those, committed by the send that died (kill -9 after the commit, before the answer). */
  committedBeforeCrash: number;
  replaysChecked: number;
  replayMismatches: number;
  /** Answers other than 2xx to a write (the test's writes are all valid: expected 0). */
  unexpectedStatuses: Record<string, number>;
  networkErrors: number;
  integrityAfterKill: string;
  integrityAfterShutdown: string;
  foreignKeyViolations: number;
  finalExit: { code: number | null; signal: string | null; timedOut: boolean };
  serverErrorLogLines: number;
  sqliteBusyLogLines: number;
  problems: string[];
}

interface WriteTask {
  kind: 'application' | 'booking';
  key: string;
  user: SignedInUser;
  body: Record<string, unknown>;
  /** The marker stored in the row (cover letter or venue) that finds it again. */
  marker: string;
  sends: number;
  /** When the last send started (wall clock, ms). */
  lastSentAt: number;
  ackId?: number;
  /** The acknowledged row's createdAt, as the server stamped it. */
  ackCreatedAt?: string;
  /** The last send died without an answer and no send has been answered yet. */
  inDoubt: boolean;
}

const pathOf = (task: WriteTask) =>
  task.kind === 'application' ? '/api/applications' : '/api/bookings';

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(0, i + 1);
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

export async function runCrashTest(options: CrashTestOptions): Promise<CrashTestReport> {
  const log = options.log ?? (() => {});
  const dir = mkdtempSync(join(tmpdir(), 'gigs-crash-'));
  const databasePath = join(dir, 'app.db');
  const problems: string[] = [];
  const unexpectedStatuses: Record<string, number> = {};
  let attempted = 0;
  let networkErrors = 0;
  const outputs: ServerOutput[] = [];

  let server = await startServer({ databasePath });
  outputs.push(server.output);
  const port = server.port;
  const baseUrl = server.baseUrl;
  try {
    const users = await signUpUsers(baseUrl, options.users);
    const targets = await seededTargets(baseUrl);
    log(
      `signed up ${users.length} job seekers; ${targets.jobIds.length} jobs, ${targets.artists.length} artists with an hourly rate`,
    );

    // One application per (user, job), in random order.
    const run = Date.now().toString(36);
    const applicationTasks: WriteTask[] = [];
    for (const jobId of targets.jobIds) {
      for (const user of users) {
        const key = `crash-${run}-a-${user.id}-${jobId}`;
        applicationTasks.push({
          kind: 'application',
          key,
          user,
          marker: `Crash test application ${key}`,
          body: { jobId, coverLetter: `Crash test application ${key}` },
          sends: 0,
          lastSentAt: 0,
          inDoubt: false,
        });
      }
    }
    shuffle(applicationTasks);
    let bookingCount = 0;
    const newBooking = (): WriteTask => {
      const key = `crash-${run}-b-${bookingCount++}`;
      const artist = targets.artists[
        randomInt(0, targets.artists.length)
      ] as SeededTargets['artists'][number];
      const marker = `Crash test hall ${key}`;
      return {
        kind: 'booking',
        key,
        user: users[randomInt(0, users.length)] as SignedInUser,
        marker,
        body: bookingBody(artist, randomInt(1, 9), marker),
        sends: 0,
        lastSentAt: 0,
        inDoubt: false,
      };
    };

    const tasks: WriteTask[] = [];
    const retryQueue: WriteTask[] = [];
    const nextTask = (): WriteTask | undefined => {
      const retry = retryQueue.shift();
      if (retry) return retry;
      const task = randomInt(0, 10) < 7 ? applicationTasks.pop() : newBooking();
      const chosen = task ?? newBooking();
      tasks.push(chosen);
      return chosen;
    };

    /** Sends one write; false when the server did not answer. */
    const send = async (task: WriteTask, target: string): Promise<boolean> => {
      task.sends++;
      task.lastSentAt = Date.now();
      attempted++;
      let response: ApiResponse;
      try {
        response = await api(target, 'POST', pathOf(task), {
          cookie: task.user.cookie,
          body: task.body,
          headers: { 'idempotency-key': task.key },
          timeoutMs: 20_000,
        });
      } catch {
        networkErrors++;
        if (task.ackId === undefined) task.inDoubt = true;
        return false;
      }
      if (response.status >= 200 && response.status < 300) {
        const id = (response.body as { id?: unknown }).id;
        if (typeof id !== 'number') {
          problems.push(`${task.key}: a 2xx without an id: ${JSON.stringify(response.body)}`);
        } else if (task.ackId !== undefined && task.ackId !== id) {
          problems.push(`${task.key}: acknowledged twice with two ids (${task.ackId}, ${id})`);
        } else {
          task.ackId = id;
          task.ackCreatedAt = String((response.body as { createdAt?: unknown }).createdAt);
        }
        task.inDoubt = false;
      } else {
        const label = `${response.status} ${(response.body as { message?: string })?.message ?? ''}`;
        unexpectedStatuses[label] = (unexpectedStatuses[label] ?? 0) + 1;
        task.inDoubt = false;
      }
      return true;
    };

    // The writers run through every round; a closed gate parks them while the server is down.
    const gate = {
      closed: null as Promise<void> | null,
      release: () => {},
      close() {
        this.closed = new Promise<void>((done) => {
          this.release = done;
        });
      },
      open() {
        this.closed = null;
        this.release();
      },
    };
    let stopped = false;
    const writerDeadline = Date.now() + options.rounds * (options.roundMs + 60_000) + 120_000;
    const maxSendsPerWriter = 1_000_000;
    const writer = async () => {
      for (let sends = 0; sends < maxSendsPerWriter && Date.now() < writerDeadline; sends++) {
        while (gate.closed && !stopped) await gate.closed;
        if (stopped) return;
        const task = nextTask();
        if (!task) return;
        const answered = await send(task, baseUrl);
        if (!answered) {
          // Unknown outcome: send it again later with the same key, as a phone's outbox would.
          retryQueue.push(task);
          await sleep(20);
        }
      }
    };

    const writers = Array.from({ length: options.writers }, writer);
    for (let round = 1; round <= options.rounds; round++) {
      if (round > 1) {
        server = await startServer({ databasePath, port });
        outputs.push(server.output);
        gate.open();
      }
      const killAfter = randomInt(Math.floor(options.roundMs * 0.3), options.roundMs + 1);
      const before = attempted;
      await sleep(killAfter);
      gate.close();
      await killServer(server);
      log(
        `round ${round}: kill -9 pid ${server.pid} after ${killAfter} ms, ${attempted - before} writes sent, ${tasks.filter((task) => task.ackId !== undefined).length} acknowledged so far`,
      );
    }
    // The server is dead: the writers finish their last (failing) request and stop.
    stopped = true;
    gate.open();
    await Promise.all(writers);

    const acknowledged = tasks.filter((task) => task.ackId !== undefined);
    const retried = acknowledged.filter((task) => task.sends > 1);
    // A retried write whose row is older than the retry was committed by a send that died with
    // the server: the retry got the stored first response through its Idempotency-Key.
    const committedBeforeCrash = retried.filter(
      (task) => Date.parse(task.ackCreatedAt ?? '') < task.lastSentAt,
    ).length;
    const inDoubtTasks = tasks.filter((task) => task.ackId === undefined && task.inDoubt);

    // 1. The database exactly as kill -9 left it.
    let lost = 0;
    let duplicates = problems.filter((problem) => problem.includes('acknowledged twice')).length;
    let inDoubtCommitted = 0;
    let integrityAfterKill = '';
    let foreignKeyViolations = 0;
    {
      const sqlite = new SQLite(databasePath);
      try {
        integrityAfterKill = String(sqlite.pragma('integrity_check', { simple: true }));
        foreignKeyViolations = (sqlite.pragma('foreign_key_check') as unknown[]).length;
        const applicationById = sqlite.prepare(
          'SELECT id, job_id, applicant_id FROM applications WHERE id = ?',
        );
        const bookingById = sqlite.prepare('SELECT id, client_id FROM bookings WHERE id = ?');
        const applicationsByMarker = sqlite.prepare(
          'SELECT id FROM applications WHERE cover_letter = ?',
        );
        const bookingsByMarker = sqlite.prepare('SELECT id FROM bookings WHERE venue = ?');
        const keyRow = sqlite.prepare(
          'SELECT response_body FROM idempotency_keys WHERE user_id = ? AND key = ?',
        );
        for (const task of tasks) {
          const rows = (task.kind === 'application' ? applicationsByMarker : bookingsByMarker).all(
            task.marker,
          ) as { id: number }[];
          if (rows.length > 1) {
            duplicates++;
            problems.push(`${task.key}: ${rows.length} rows`);
          }
          if (task.ackId !== undefined) {
            const row = (task.kind === 'application' ? applicationById : bookingById).get(
              task.ackId,
            ) as { id: number } | undefined;
            const stored = keyRow.get(task.user.id, task.key) as
              | { response_body: string }
              | undefined;
            if (!row || rows[0]?.id !== task.ackId) {
              lost++;
              problems.push(`${task.key}: acknowledged id ${task.ackId} is missing`);
            } else if (!stored || JSON.parse(stored.response_body).id !== task.ackId) {
              problems.push(`${task.key}: its Idempotency-Key row is missing or names another id`);
            }
          } else if (task.inDoubt && rows.length > 0) {
            inDoubtCommitted++;
          }
        }
        const pairs = sqlite
          .prepare(
            'SELECT COUNT(*) AS n FROM (SELECT job_id, applicant_id FROM applications GROUP BY job_id, applicant_id HAVING COUNT(*) > 1)',
          )
          .get() as { n: number };
        if (pairs.n > 0) {
          duplicates += pairs.n;
          problems.push(`${pairs.n} duplicate (job_id, applicant_id) pairs`);
        }
      } finally {
        sqlite.close();
      }
    }
    log(
      `after the last kill -9: integrity_check ${integrityAfterKill}, lost ${lost}, duplicates ${duplicates}`,
    );

    // 2. Restart: in-doubt writes are sent again with their key; acknowledged ones are replayed.
    server = await startServer({ databasePath, port });
    outputs.push(server.output);

    const countRows = () => {
      const sqlite = new SQLite(databasePath, { readonly: true });
      try {
        const applications = sqlite.prepare('SELECT COUNT(*) AS n FROM applications').get() as {
          n: number;
        };
        const bookings = sqlite.prepare('SELECT COUNT(*) AS n FROM bookings').get() as {
          n: number;
        };
        return applications.n + bookings.n;
      } finally {
        sqlite.close();
      }
    };

    let inDoubtResolved = 0;
    for (const task of inDoubtTasks) {
      for (let attempt = 0; attempt < 3 && task.ackId === undefined; attempt++) {
        await send(task, server.baseUrl);
      }
      if (task.ackId !== undefined) inDoubtResolved++;
      else problems.push(`${task.key}: still unanswered after the final restart`);
    }

    let replayMismatches = 0;
    const replayed = shuffle([...acknowledged]).slice(0, options.replays);
    const rowsBefore = countRows();
    for (const task of replayed) {
      const response = await api(server.baseUrl, 'POST', pathOf(task), {
        cookie: task.user.cookie,
        body: task.body,
        headers: { 'idempotency-key': task.key },
      });
      const id = (response.body as { id?: number } | null)?.id;
      if (response.status !== 201 || id !== task.ackId) {
        replayMismatches++;
        problems.push(`replay ${task.key}: ${response.status}, id ${id}, expected ${task.ackId}`);
      }
    }
    const rowsAfter = countRows();
    if (rowsAfter !== rowsBefore) {
      replayMismatches++;
      problems.push(`replays wrote rows: ${rowsBefore} before, ${rowsAfter} after`);
    }

    // Every write the test ever sent now has exactly one row.
    {
      const sqlite = new SQLite(databasePath, { readonly: true });
      try {
        const byMarker = {
          application: sqlite.prepare(
            'SELECT COUNT(*) AS n FROM applications WHERE cover_letter = ?',
          ),
          booking: sqlite.prepare('SELECT COUNT(*) AS n FROM bookings WHERE venue = ?'),
        };
        for (const task of tasks) {
          if (task.ackId === undefined) continue;
          const { n } = byMarker[task.kind].get(task.marker) as { n: number };
          if (n !== 1) {
            if (n > 1) duplicates++;
            else lost++;
            problems.push(`${task.key}: ${n} rows after the final restart`);
          }
        }
      } finally {
        sqlite.close();
      }
    }

    const finalExit = await stopServer(server);
    if (finalExit.code !== 0) {
      problems.push(`SIGTERM: exit ${finalExit.code} ${finalExit.signal ?? ''}`);
    }
    let integrityAfterShutdown = '';
    {
      const sqlite = new SQLite(databasePath);
      try {
        integrityAfterShutdown = String(sqlite.pragma('integrity_check', { simple: true }));
      } finally {
        sqlite.close();
      }
    }

    return {
      rounds: options.rounds,
      databasePath,
      attempted,
      distinctWrites: tasks.length,
      acknowledged: acknowledged.length,
      acknowledgedApplications: acknowledged.filter((task) => task.kind === 'application').length,
      acknowledgedBookings: acknowledged.filter((task) => task.kind === 'booking').length,
      lost,
      duplicates,
      inDoubt: inDoubtTasks.length,
      inDoubtCommitted,
      inDoubtAbsent: inDoubtTasks.length - inDoubtCommitted,
      inDoubtResolved,
      replaysChecked: replayed.length,
      replayMismatches,
      unexpectedStatuses,
      networkErrors,
      integrityAfterKill,
      integrityAfterShutdown,
      foreignKeyViolations,
      finalExit,
      serverErrorLogLines: outputs.reduce((sum, output) => sum + output.errorLines, 0),
      sqliteBusyLogLines: outputs.reduce((sum, output) => sum + output.busyLines, 0),
      retriedAcknowledged: retried.length,
      committedBeforeCrash,
      problems,
    };
  } finally {
    await killServer(server);
    if (!options.keepDatabase && existsSync(dir)) rmSync(dir, { recursive: true, force: true });
  }
}

export function formatCrashReport(report: CrashTestReport): string {
  const statuses = Object.entries(report.unexpectedStatuses)
    .map(([status, count]) => `${status} x${count}`)
    .join(', ');
  return [
    'Crash test summary',
    `  rounds (kill -9)          ${report.rounds}`,
    `  writes attempted (POSTs)  ${report.attempted} (${report.distinctWrites} distinct keys, ${report.networkErrors} died with the server)`,
    `  acknowledged (2xx)        ${report.acknowledged} (${report.acknowledgedApplications} applications, ${report.acknowledgedBookings} bookings)`,
    `  acknowledged on a retry   ${report.retriedAcknowledged} (a send died with the server; same Idempotency-Key), ${report.committedBeforeCrash} of them committed before the kill and answered from the stored response`,
    `  lost                      ${report.lost}`,
    `  duplicates                ${report.duplicates}`,
    `  in doubt at the last kill ${report.inDoubt} (committed ${report.inDoubtCommitted}, absent ${report.inDoubtAbsent}; resolved by a retry with the same key: ${report.inDoubtResolved})`,
    `  replays (same key)        ${report.replaysChecked} checked, ${report.replayMismatches} mismatches`,
    `  unexpected statuses       ${statuses || 'none'}`,
    `  integrity_check           after kill -9: ${report.integrityAfterKill}; after SIGTERM: ${report.integrityAfterShutdown}; foreign key violations: ${report.foreignKeyViolations}`,
    `  final SIGTERM             exit code ${report.finalExit.code}${report.finalExit.timedOut ? ' (timed out)' : ''}`,
    `  server log                ${report.serverErrorLogLines} error lines, ${report.sqliteBusyLogLines} SQLITE_BUSY`,
    ...(report.problems.length > 0
      ? ['  problems:', ...report.problems.slice(0, 20).map((problem) => `    - ${problem}`)]
      : []),
  ].join('\n');
}

export function crashTestPassed(report: CrashTestReport): boolean {
  return (
    report.lost === 0 &&
    report.duplicates === 0 &&
    report.replayMismatches === 0 &&
    report.integrityAfterKill === 'ok' &&
    report.integrityAfterShutdown === 'ok' &&
    report.foreignKeyViolations === 0 &&
    report.finalExit.code === 0 &&
    Object.keys(report.unexpectedStatuses).length === 0 &&
    report.problems.length === 0
  );
}

async function main() {
  const { values } = parseArgs({
    options: {
      rounds: { type: 'string', default: '10' },
      writers: { type: 'string', default: '32' },
      duration: { type: 'string', default: '3' },
      users: { type: 'string', default: '100' },
      replays: { type: 'string', default: '50' },
      payments: { type: 'boolean', default: false },
      deals: { type: 'string', default: '150' },
      keep: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(
      [
        'npm run test:crash -- [--rounds 10] [--writers 32] [--duration 3 (max seconds per round)] [--users 100] [--replays 50] [--keep]',
        'npm run test:crash -- --payments [--rounds 10] [--writers 8] [--duration 3] [--deals 150] [--keep]',
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
      rounds: Math.floor(number('rounds', values.rounds, 1)),
      writers: Math.floor(number('writers', values.writers === '32' ? '8' : values.writers, 1)),
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
    rounds: Math.floor(number('rounds', values.rounds, 1)),
    writers: Math.floor(number('writers', values.writers, 1)),
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
