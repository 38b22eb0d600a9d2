/**
 * The real server as a child process for crash, shutdown, backup and load runs: start it on a
 * free loopback port, wait until it answers, sign users up over HTTP, kill or stop it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { formatAmount, toPesewas } from '../../contracts/money.ts';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');

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
  /** The script to run; the real server by default. */
  entry?: string;
}

const TAIL_LINES = 200;

/**
 * Starts `node --import tsx api/server.ts` on 127.0.0.1 and waits until GET /api/jobs answers.
 * Node is spawned directly, so `child.pid` is the server itself and SIGKILL really kills it.
 */
export async function startServer(options: StartServerOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', options.entry ?? 'api/server.ts'], {
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
      // Scripted writers book and apply far faster than people; the caps are tested elsewhere.
      USER_WRITE_CAPS: '0',
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
