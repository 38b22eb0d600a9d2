/**
 * Crash test: the real server as a child process, many concurrent writers, kill -9 at random
 * moments, restart on the same database, and proof that no acknowledged write is lost or doubled.
 *
 *   npm run test:crash -- --rounds 10 --writers 32 --duration 3 --users 100
 *
 * This file also exports the child-server harness (start, wait until ready, sign users up over
 * HTTP) that the shutdown, backup and load tests reuse.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { formatAmount, toPesewas } from '../contracts/money.ts';

export const REPO_ROOT = resolve(import.meta.dirname, '..');

// ---------------------------------------------------------------------------------------------
// Child-server harness

/** A port the kernel has just handed out on 127.0.0.1 (closed again, so free to listen on). */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

export interface ServerOutput {
  /** The last lines the server printed (stdout and stderr), for diagnostics. */
  tail: string[];
  /** Log lines at error level or above (pino level >= 50). */
  errorLines: number;
  /** Lines that mention SQLITE_BUSY. */
  busyLines: number;
  /** Lines that log a 5xx response. */
  serverErrorLines: number;
}

export interface ServerProcess {
  /** The pid of the node process that listens (no npx or tsx wrapper in between). */
  pid: number;
  port: number;
  baseUrl: string;
  child: ChildProcess;
  output: ServerOutput;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface StartServerOptions {
  databasePath: string;
  port?: number;
  seedDemo?: boolean;
  logLevel?: string;
  env?: Record<string, string>;
  readyTimeoutMs?: number;
}

const TAIL_LINES = 200;

/**
 * Starts `node --import tsx api/server.ts` on 127.0.0.1 and waits until GET /api/jobs answers.
 * Node is spawned directly, so `child.pid` is the server itself and SIGKILL really kills it.
 */
export async function startServer(options: StartServerOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/server.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_PATH: options.databasePath,
      SEED_DEMO: options.seedDemo === false ? '0' : '1',
      NODE_ENV: 'test',
      LOG_LEVEL: options.logLevel ?? 'warn',
      OTP_TRANSPORT: 'dev',
      OTP_SENDS_PER_IP_HOUR: '1000000',
      OTP_SENDS_PER_DAY: '1000000',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) throw new Error('The server process did not start');
  const output: ServerOutput = { tail: [], errorLines: 0, busyLines: 0, serverErrorLines: 0 };
  // Both pipes are always drained: a full pipe would block the server's synchronous log writes.
  for (const stream of [child.stdout, child.stderr]) {
    let pending = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (!line) continue;
        output.tail.push(line);
        if (output.tail.length > TAIL_LINES) output.tail.shift();
        const level = Number(line.match(/"level":(\d+)/)?.[1] ?? 0);
        if (level >= 50) output.errorLines++;
        if (line.includes('SQLITE_BUSY')) output.busyLines++;
        if (/"statusCode":5\d\d/.test(line)) output.serverErrorLines++;
      }
    });
  }
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => {
    child.once('exit', (code, signal) => done({ code, signal }));
  });
  const server: ServerProcess = {
    pid: child.pid,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    child,
    output,
    exited,
  };

  const deadline = Date.now() + (options.readyTimeoutMs ?? 30_000);
  let exitedEarly = false;
  void exited.then(() => {
    exitedEarly = true;
  });
  while (Date.now() < deadline && !exitedEarly) {
    try {
      const response = await fetch(`${server.baseUrl}/api/jobs`, {
        signal: AbortSignal.timeout(2_000),
      });
      await response.arrayBuffer();
      if (response.ok) return server;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  child.kill('SIGKILL');
  await exited;
  throw new Error(
    `The server did not become ready (${exitedEarly ? 'it exited' : 'timed out'}):\n${output.tail.join('\n')}`,
  );
}

/** SIGKILL and wait for the exit; no cleanup can run. */
export async function killServer(server: ServerProcess): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGKILL');
  }
  await server.exited;
}

/** SIGTERM and wait up to `timeoutMs` for the exit (SIGKILL after that, and say so). */
export async function stopServer(
  server: ServerProcess,
  timeoutMs = 15_000,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; timedOut: boolean }> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) {
    return { ...(await server.exited), timedOut: false };
  }
  server.child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((done) => {
    timer = setTimeout(() => done('timeout'), timeoutMs);
  });
  const result = await Promise.race([server.exited, timeout]);
  clearTimeout(timer);
  if (result === 'timeout') {
    server.child.kill('SIGKILL');
    return { ...(await server.exited), timedOut: true };
  }
  return { ...result, timedOut: false };
}

export const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

// ---------------------------------------------------------------------------------------------
// HTTP helpers

export interface ApiResponse {
  status: number;
  body: unknown;
  headers: Headers;
}

export async function api(
  baseUrl: string,
  method: string,
  path: string,
  options: {
    cookie?: string;
    body?: unknown;
    headers?: Record<string, string>;
    timeoutMs?: number;
  } = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return { status: response.status, body, headers: response.headers };
}

export interface TestUser {
  id: number;
  phone: string;
  cookie: string;
}

/** Distinct MTN (+23355) numbers; the demo seed uses none in that range. */
export function phoneNumbers(count: number): string[] {
  const start = randomInt(1_000_000, 9_000_000 - count);
  return Array.from({ length: count }, (_, index) => `+23355${start + index}`);
}

/** Signs up as the web app does: send-code, read the code from the dev outbox, verify with a profile. */
export async function signUpUser(
  baseUrl: string,
  phone: string,
  role = 'job_seeker',
): Promise<TestUser> {
  const sent = await api(baseUrl, 'POST', '/api/auth/send-code', {
    body: { phoneNumber: phone, deliveryMethod: 'sms' },
  });
  if (sent.status !== 200)
    throw new Error(`send-code ${phone}: ${sent.status} ${JSON.stringify(sent.body)}`);
  const outbox = await api(baseUrl, 'GET', `/api/dev/outbox?to=${encodeURIComponent(phone)}`);
  const [latest] = outbox.body as { body: string }[];
  const code = latest?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`No code in the dev outbox for ${phone}`);
  const verified = await api(baseUrl, 'POST', '/api/auth/verify-code', {
    body: {
      phoneNumber: phone,
      code,
      firstName: 'Akosua',
      lastName: 'Tetteh',
      role,
      region: 'Greater Accra',
    },
  });
  if (verified.status !== 201) {
    throw new Error(`verify-code ${phone}: ${verified.status} ${JSON.stringify(verified.body)}`);
  }
  const sid = verified.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .find((cookie) => cookie.startsWith('sid='));
  if (!sid) throw new Error(`No session cookie for ${phone}`);
  return { id: (verified.body as { user: { id: number } }).user.id, phone, cookie: sid };
}

/** Signs `count` users up, `concurrency` at a time. */
export async function signUpUsers(
  baseUrl: string,
  count: number,
  concurrency = 8,
  role = 'job_seeker',
): Promise<TestUser[]> {
  const phones = phoneNumbers(count);
  const users: TestUser[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < phones.length) {
        const phone = phones[next++] as string;
        users.push(await signUpUser(baseUrl, phone, role));
      }
    }),
  );
  return users;
}

export interface SeededTargets {
  jobIds: number[];
  /** Seeded artists with an hourly rate, for hourly bookings. */
  artists: { id: number; hourlyRate: string }[];
}

export async function seededTargets(baseUrl: string): Promise<SeededTargets> {
  const jobs = await api(baseUrl, 'GET', '/api/jobs');
  const artists = await api(baseUrl, 'GET', '/api/artists');
  const targets = {
    jobIds: (jobs.body as { id: number }[]).map((job) => job.id),
    artists: (artists.body as { id: number; hourlyRate: string | null }[])
      .filter((artist) => artist.hourlyRate !== null)
      .map((artist) => ({ id: artist.id, hourlyRate: artist.hourlyRate as string })),
  };
  if (targets.jobIds.length === 0 || targets.artists.length === 0) {
    throw new Error('The seeded database has no jobs or no artists with an hourly rate');
  }
  return targets;
}

/** A valid hourly booking: the amount is duration x the artist's hourly rate, as "450.00". */
export function bookingBody(
  artist: { id: number; hourlyRate: string },
  duration: number,
  venue: string,
): Record<string, unknown> {
  const eventDate = new Date(Date.now() + randomInt(7, 120) * 86_400_000);
  eventDate.setUTCHours(18, 0, 0, 0);
  return {
    artistId: artist.id,
    eventDate: eventDate.toISOString(),
    eventDuration: duration,
    eventType: 'Wedding',
    venue,
    eventDetails: null,
    rateType: 'hourly',
    totalAmount: formatAmount((toPesewas(artist.hourlyRate) ?? 0) * duration),
  };
}

// ---------------------------------------------------------------------------------------------
// The crash test

export interface CrashTestOptions {
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

export interface CrashTestReport {
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
  user: TestUser;
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
        user: users[randomInt(0, users.length)] as TestUser,
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
      keep: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(
      'npm run test:crash -- [--rounds 10] [--writers 32] [--duration 3 (max seconds per round)] [--users 100] [--replays 50] [--keep]',
    );
    return;
  }
  const number = (name: string, value: string, min: number) => {
    const parsed = Number(value);
    if (!Number.isFinite(parsed) || parsed < min) throw new Error(`--${name} must be >= ${min}`);
    return parsed;
  };
  const started = Date.now();
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
