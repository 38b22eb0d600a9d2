/**
 * Load test: the real server (child process, fresh seeded temp database), signed-up users, and a
 * mixed autocannon load, mostly reads with some idempotent writes.
 *
 *   npm run bench:load                                      # 30 s, 100 connections
 *   npm run bench:load -- --duration 5 --connections 20     # a quick look
 *
 * Flags: --duration <s> --connections <n> --users <n> --write-percent <0-100> --keep
 * Exit code 1 when any request errored or answered 5xx.
 */
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { api } from './lib/http-api.ts';
import { bookingBody, type SeededTargets, seededTargets } from './lib/seeded-targets.ts';
import { killServer, startServer, stopServer } from './lib/server-process.ts';
import { type SignedInUser, signUpUsers } from './lib/sign-up.ts';

type Kind =
  | 'GET /api/jobs'
  | 'GET /api/jobs/:id'
  | 'GET /api/artists'
  | 'GET /api/artists/:id'
  | 'GET /api/auth/user'
  | 'POST /api/applications'
  | 'POST /api/bookings';

interface Request {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

interface LoadTestOptions {
  durationSeconds: number;
  connections: number;
  users: number;
  /** Share of requests that are writes, in percent. */
  writePercent: number;
  keepDatabase?: boolean;
  log?: (line: string) => void;
}

interface LoadTestReport {
  durationSeconds: number;
  connections: number;
  cpus: number;
  requests: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  serverErrors: number;
  statusCodes: Record<string, number>;
  byKind: Record<string, Record<string, number>>;
  newApplications: number;
  replayedApplications: number;
  newBookings: number;
  serverErrorLogLines: number;
  sqliteBusyLogLines: number;
  sampleNon2xx: string[];
  shutdownExitCode: number | null;
}

async function runLoadTest(options: LoadTestOptions): Promise<LoadTestReport> {
  const log = options.log ?? (() => {});
  const dir = mkdtempSync(join(tmpdir(), 'gigs-load-'));
  const server = await startServer({ databasePath: join(dir, 'app.db') });
  try {
    const started = Date.now();
    const users = await signUpUsers(server.baseUrl, options.users, 16);
    const targets: SeededTargets = await seededTargets(server.baseUrl);
    const artistIds = (
      (await api(server.baseUrl, 'GET', '/api/artists')).body as { id: number }[]
    ).map((artist) => artist.id);
    log(
      `server pid ${server.pid} on ${server.baseUrl}; signed up ${users.length} users in ${Date.now() - started} ms; ` +
        `${targets.jobIds.length} jobs, ${artistIds.length} artists`,
    );

    // Applications: every (user, job) pair once, in random order, each with its own key. When
    // they run out, earlier ones are sent again with the same key: a replay answers 201.
    const pairs: { user: SignedInUser; jobId: number; key: string }[] = [];
    for (const user of users) {
      for (const jobId of targets.jobIds) {
        pairs.push({ user, jobId, key: `load-a-${user.id}-${jobId}` });
      }
    }
    for (let i = pairs.length - 1; i > 0; i--) {
      const j = randomInt(0, i + 1);
      [pairs[i], pairs[j]] = [pairs[j] as (typeof pairs)[0], pairs[i] as (typeof pairs)[0]];
    }
    let nextPair = 0;
    let replayedApplications = 0;
    let bookings = 0;
    const pick = <T>(items: T[]): T => items[randomInt(0, items.length)] as T;

    const nextRequest = (): { kind: Kind; request: Request } => {
      const roll = Math.random() * 100;
      if (roll < options.writePercent) {
        if (roll < options.writePercent * 0.7) {
          let pair = pairs[nextPair];
          if (pair) nextPair++;
          else {
            pair = pick(pairs);
            replayedApplications++;
          }
          return {
            kind: 'POST /api/applications',
            request: {
              method: 'POST',
              path: '/api/applications',
              headers: {
                'content-type': 'application/json',
                cookie: pair.user.cookie,
                'idempotency-key': pair.key,
              },
              body: JSON.stringify({ jobId: pair.jobId, coverLetter: `Load test ${pair.key}` }),
            },
          };
        }
        const key = `load-b-${bookings++}`;
        return {
          kind: 'POST /api/bookings',
          request: {
            method: 'POST',
            path: '/api/bookings',
            headers: {
              'content-type': 'application/json',
              cookie: pick(users).cookie,
              'idempotency-key': key,
            },
            body: JSON.stringify(
              bookingBody(pick(targets.artists), randomInt(1, 9), `Load test hall ${key}`),
            ),
          },
        };
      }
      const read = (kind: Kind, path: string, headers: Record<string, string> = {}) => ({
        kind,
        request: { method: 'GET' as const, path, headers },
      });
      const share = (roll - options.writePercent) / (100 - options.writePercent);
      if (share < 0.3) return read('GET /api/jobs', '/api/jobs');
      if (share < 0.55) return read('GET /api/jobs/:id', `/api/jobs/${pick(targets.jobIds)}`);
      if (share < 0.7) return read('GET /api/artists', '/api/artists');
      if (share < 0.85) return read('GET /api/artists/:id', `/api/artists/${pick(artistIds)}`);
      return read('GET /api/auth/user', '/api/auth/user', { cookie: pick(users).cookie });
    };

    const byKind: Record<string, Record<string, number>> = {};
    const sampleNon2xx: string[] = [];
    const result = await autocannon({
      url: server.baseUrl,
      connections: options.connections,
      duration: options.durationSeconds,
      timeout: 10,
      requests: [
        {
          setupRequest: (request, context) => {
            const next = nextRequest();
            (context as { kind?: Kind }).kind = next.kind;
            return { ...request, ...next.request };
          },
          onResponse: (status, body, context) => {
            const kind = (context as { kind?: Kind }).kind ?? 'unknown';
            const counts = byKind[kind] ?? {};
            byKind[kind] = counts;
            counts[status] = (counts[status] ?? 0) + 1;
            if ((status < 200 || status >= 300) && sampleNon2xx.length < 10) {
              sampleNon2xx.push(`${kind}: ${status} ${String(body).slice(0, 200)}`);
            }
          },
        },
      ],
    });

    const statusCodes = Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count ?? 0]),
    );
    const exit = await stopServer(server);
    return {
      durationSeconds: result.duration,
      connections: result.connections,
      cpus: cpus().length,
      requests: result.requests.total,
      requestsPerSecond: result.requests.average,
      latencyMs: {
        p50: result.latency.p50,
        p90: result.latency.p90,
        p99: result.latency.p99,
        max: result.latency.max,
        mean: result.latency.mean,
      },
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      serverErrors: result['5xx'],
      statusCodes,
      byKind,
      newApplications: Math.min(nextPair, pairs.length),
      replayedApplications,
      newBookings: bookings,
      serverErrorLogLines: server.output.errorLines,
      sqliteBusyLogLines: server.output.busyLines,
      sampleNon2xx,
      shutdownExitCode: exit.code,
    };
  } finally {
    await killServer(server);
    if (!options.keepDatabase) rmSync(dir, { recursive: true, force: true });
    else log(`database kept in ${dir}`);
  }
}

function formatLoadReport(report: LoadTestReport): string {
  const kinds = Object.entries(report.byKind)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([kind, counts]) =>
        `    ${kind.padEnd(26)} ${Object.entries(counts)
          .map(([status, count]) => `${status} x${count}`)
          .join(', ')}`,
    );
  const non2xx = Object.entries(report.statusCodes).filter(
    ([status]) => Number(status) < 200 || Number(status) >= 300,
  );
  return [
    'Load test summary',
    `  ${report.connections} connections, ${report.durationSeconds} s, ${report.cpus} CPUs (server and load generator share them)`,
    `  requests            ${report.requests} (${report.requestsPerSecond.toFixed(0)} req/s average)`,
    `  latency             p50 ${report.latencyMs.p50} ms, p90 ${report.latencyMs.p90} ms, p99 ${report.latencyMs.p99} ms, max ${report.latencyMs.max} ms (mean ${report.latencyMs.mean.toFixed(2)} ms)`,
    `  errors              ${report.errors} (timeouts ${report.timeouts})`,
    `  non-2xx             ${report.non2xx}${non2xx.length ? ` (${non2xx.map(([status, count]) => `${status} x${count}`).join(', ')})` : ''}`,
    `  5xx                 ${report.serverErrors}`,
    `  writes              ${report.newApplications} new applications, ${report.replayedApplications} application replays (same key), ${report.newBookings} bookings`,
    '  by request:',
    ...kinds,
    `  server log          ${report.serverErrorLogLines} error lines, ${report.sqliteBusyLogLines} SQLITE_BUSY`,
    `  SIGTERM afterwards  exit code ${report.shutdownExitCode}`,
    ...(report.sampleNon2xx.length
      ? ['  non-2xx samples:', ...report.sampleNon2xx.map((line) => `    ${line}`)]
      : []),
  ].join('\n');
}

async function main() {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '30' },
      connections: { type: 'string', default: '100' },
      users: { type: 'string', default: '300' },
      'write-percent': { type: 'string', default: '5' },
      keep: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(
      'npm run bench:load -- [--duration 30] [--connections 100] [--users 300] [--write-percent 5] [--keep]',
    );
    return;
  }
  const number = (name: string, value: string, min: number, max = Number.POSITIVE_INFINITY) => {
    const parsed = Number(value);
    if (!Number.isFinite(parsed) || parsed < min || parsed > max) {
      throw new Error(`--${name} must be between ${min} and ${max}`);
    }
    return parsed;
  };
  const report = await runLoadTest({
    durationSeconds: number('duration', values.duration, 1, 3600),
    connections: Math.floor(number('connections', values.connections, 1, 10_000)),
    users: Math.floor(number('users', values.users, 1, 100_000)),
    writePercent: number('write-percent', values['write-percent'], 0, 100),
    keepDatabase: values.keep,
    log: (line) => console.log(line),
  });
  console.log(formatLoadReport(report));
  const clean = report.errors === 0 && report.serverErrors === 0;
  console.log(clean ? 'PASS: no errors, no 5xx' : 'FAIL: errors or 5xx');
  process.exitCode = clean ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  await main();
}
