/**
 * The crash test's first mode (`npm run test:crash`): the real server as a child process on a
 * seeded database, concurrent writers sending applications and bookings with Idempotency-Keys,
 * SIGKILL at random moments and restarts on the same file; then no acknowledged write may be
 * lost or doubled, and every write in doubt at a kill resolves to one row on a retry.
 */
import { randomInt } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { type ApiResponse, api } from '../lib/http-api.ts';
import { bookingBody, type SeededTargets, seededTargets } from '../lib/seeded-targets.ts';
import {
  killServer,
  type ServerOutput,
  sleep,
  startServer,
  stopServer,
} from '../lib/server-process.ts';
import { type SignedInUser, signUpUsers } from '../lib/sign-up.ts';
import type { CrashTestOptions, CrashTestReport } from './acknowledged-writes-report.ts';

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

    const acknowledgedSoFar = () => tasks.filter((task) => task.ackId !== undefined).length;
    const writers = Array.from({ length: options.writers }, writer);
    for (let round = 1; round <= options.rounds; round++) {
      if (round > 1) {
        server = await startServer({ databasePath, port });
        outputs.push(server.output);
        gate.open();
      }
      const killAfter = randomInt(Math.floor(options.roundMs * 0.3), options.roundMs + 1);
      const before = attempted;
      const acknowledgedBefore = acknowledgedSoFar();
      await sleep(killAfter);
      while (
        acknowledgedSoFar() - acknowledgedBefore < (options.minAcknowledgedPerRound ?? 0) &&
        Date.now() < writerDeadline
      ) {
        await sleep(20);
      }
      gate.close();
      await killServer(server);
      log(
        `round ${round}: kill -9 pid ${server.pid} after ${killAfter} ms at least, ${attempted - before} writes sent, ${acknowledgedSoFar()} acknowledged so far`,
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
