/**
 * Load against the real server: start api/server.ts on a seeded database, sign job seekers up,
 * and run autocannon against each endpoint as a browser asks (`accept-encoding: br, gzip`),
 * noting how much CPU other processes took meanwhile.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { type RoundRobinProxy, startRoundRobinProxy } from '../lib/round-robin-proxy.ts';
import { killServer, type ServerProcess, startServer, stopServer } from '../lib/server-process.ts';
import { type SignedInUser, signUpUsers } from '../lib/sign-up.ts';
import type { SeedResult } from './bulk-seed.ts';
import { ACCEPT_ENCODING, NOISY_CORES } from './format.ts';

type EndpointKey =
  | 'first'
  | 'filtered'
  | 'searched'
  | 'deep'
  | 'job'
  | 'artists'
  | 'apply'
  | 'employer';

export interface Endpoint {
  key: EndpointKey;
  label: string;
  path: string;
}

interface Sample {
  status: number;
  encoding: string;
  bodyBytes: number;
  totalCount: string | null;
  etag: boolean;
}

export interface Measured {
  key: EndpointKey;
  label: string;
  jobs: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statuses: string;
  wireBytesPerResponse: number;
  sample: Sample | null;
  /** CPU other processes used during the measurement, in cores (null off Linux). */
  otherCores: number | null;
  /**
   * Statements the servers sent to PostgreSQL per answer (each one round trip; BEGIN and COMMIT
   * included, and whatever background work the requests set off); null on SQLite, where a
   * statement is a call inside the server's own process.
   */
  roundTrips: number | null;
  /** The machine's 1-minute load average when the measurement ended. */
  load: number;
  /** Server processes sharing the database. */
  instances: number;
}

interface CpuSnapshot {
  busy: number;
  total: number;
  ours: number;
}

/** Jiffies from /proc: the whole machine, and this process plus the servers. Linux only. */
function cpuSnapshot(serverPids: readonly number[]): CpuSnapshot | null {
  try {
    const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] =
      fields;
    const busy = user + nice + system + irq + softirq + steal;
    const processJiffies = (pid: string) => {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return Number(after[11]) + Number(after[12]); // utime + stime
    };
    return {
      busy,
      total: busy + idle + iowait,
      ours: serverPids.reduce(
        (sum, pid) => sum + processJiffies(String(pid)),
        processJiffies('self'),
      ),
    };
  } catch {
    return null;
  }
}

/** Cores' worth of CPU that other processes used between two snapshots. */
function otherCores(before: CpuSnapshot | null, after: CpuSnapshot | null): number | null {
  if (!before || !after || after.total <= before.total) return null;
  const others = after.busy - before.busy - (after.ours - before.ours);
  return Math.max(0, (others / (after.total - before.total)) * cpus().length);
}

/** Waits, in 1 s looks and at most `maxMs`, until other processes leave the CPUs alone. */
async function waitForQuiet(serverPids: readonly number[], maxMs: number): Promise<number | null> {
  const deadline = Date.now() + maxMs;
  let others: number | null = null;
  while (Date.now() < deadline) {
    const before = cpuSnapshot(serverPids);
    await new Promise((done) => setTimeout(done, 1_000));
    others = otherCores(before, cpuSnapshot(serverPids));
    if (others === null || others <= NOISY_CORES) break;
  }
  return others;
}

/** One GET as a browser sends it, counting the body bytes as they cross the wire. */
function sample(baseUrl: string, path: string): Promise<Sample> {
  return new Promise((done, fail) => {
    const request = httpRequest(
      `${baseUrl}${path}`,
      { headers: { 'accept-encoding': ACCEPT_ENCODING }, timeout: 10_000 },
      (response) => {
        let bodyBytes = 0;
        response.on('data', (chunk: Buffer) => {
          bodyBytes += chunk.length;
        });
        response.on('end', () =>
          done({
            status: response.statusCode ?? 0,
            encoding: String(response.headers['content-encoding'] ?? 'identity'),
            bodyBytes,
            totalCount: (response.headers['x-total-count'] as string | undefined) ?? null,
            etag: response.headers.etag !== undefined,
          }),
        );
        response.on('error', fail);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`GET ${path} timed out`)));
    request.on('error', fail);
    request.end();
  });
}

export interface LoadOptions {
  duration: number;
  warmup: number;
  connections: number;
  /** Measurements to repeat when other processes took CPU meanwhile (the quietest is kept). */
  retries: number;
}

async function cannon(
  baseUrl: string,
  connections: number,
  duration: number,
  request: autocannon.Request,
): Promise<autocannon.Result> {
  return autocannon({
    url: baseUrl,
    connections,
    duration,
    timeout: 10,
    requests: [request],
  });
}

/** Which database the servers use, and how many of them share it. */
export interface ServerTarget {
  /** PostgreSQL (a copy of the seeded data); the seeded SQLite file otherwise. */
  databaseUrl?: string;
  /** Server processes on the database, behind a round-robin proxy when more than one. */
  instances?: number;
  /** Statements the database has run so far (pg_stat_statements), to count round trips. */
  statements?: () => Promise<number>;
}

export async function benchServer(
  seeded: SeedResult,
  list: Endpoint[],
  options: LoadOptions,
  log: (line: string) => void,
  target: ServerTarget = {},
): Promise<{ results: Measured[]; serverErrors: number; busy: number }> {
  const servers: ServerProcess[] = [];
  let proxy: RoundRobinProxy | undefined;
  // DATABASE_URL requires a server secret shared by every instance.
  const serverSecret = randomBytes(32).toString('base64');
  try {
    const start = () =>
      startServer({
        databasePath: seeded.path,
        seedDemo: false,
        logLevel: 'warn',
        env: {
          OTP_SENDS_PER_IP_HOUR: '1000000',
          OTP_SENDS_PER_DAY: '1000000',
          ...(target.databaseUrl
            ? { DATABASE_URL: target.databaseUrl, SERVER_SECRET: serverSecret }
            : {}),
        },
        readyTimeoutMs: 60_000,
      });
    // One at a time: on SQLite the first makes the server secret file the others read.
    for (let i = 0; i < (target.instances ?? 1); i++) servers.push(await start());
    const server = servers[0] as ServerProcess;
    const pids = servers.map((each) => each.pid);
    if (servers.length > 1) proxy = await startRoundRobinProxy(servers.map((each) => each.port));
    const baseUrl = proxy?.url ?? server.baseUrl;
    // Enough signed-in seekers that every application is a new (seeker, job) pair.
    const capacity = options.duration * 4_000;
    const seekerCount = Math.min(
      500,
      Math.max(options.connections, Math.ceil(capacity / seeded.activeJobIds.length)),
    );
    const started = performance.now();
    const seekers: SignedInUser[] = await signUpUsers(baseUrl, seekerCount, 8);
    log(
      `  server pid ${pids.join(', ')} on ${baseUrl}; ${seekers.length} job seekers signed up in ${(performance.now() - started).toFixed(0)} ms`,
    );

    const baseHeaders = { 'accept-encoding': ACCEPT_ENCODING };
    const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)] as T;
    const jobOrder = [...seeded.activeJobIds].sort(() => Math.random() - 0.5);
    let applied = 0;
    const runTag = Date.now().toString(36);
    const requestFor = (endpoint: Endpoint): autocannon.Request => {
      if (endpoint.key === 'job') {
        return {
          method: 'GET',
          path: endpoint.path,
          headers: baseHeaders,
          setupRequest: (request) => ({ ...request, path: `/api/jobs/${pick(seeded.jobIds)}` }),
        };
      }
      if (endpoint.key === 'deep') {
        return {
          method: 'GET',
          path: endpoint.path,
          headers: baseHeaders,
          setupRequest: (request) => ({
            ...request,
            path: `/api/jobs?cursor=${pick(seeded.activeCursors)}`,
          }),
        };
      }
      if (endpoint.key === 'apply') {
        return {
          method: 'POST',
          path: endpoint.path,
          headers: baseHeaders,
          setupRequest: (request) => {
            const n = applied++;
            const seeker = seekers[n % seekers.length] as SignedInUser;
            const jobId = jobOrder[Math.floor(n / seekers.length) % jobOrder.length] as number;
            return {
              ...request,
              headers: {
                ...baseHeaders,
                'content-type': 'application/json',
                cookie: seeker.cookie,
                'idempotency-key': `bench-${runTag}-${n}`,
              },
              body: JSON.stringify({
                jobId,
                coverLetter: 'I have done this work in Kumasi and Accra for six years.',
              }),
            };
          },
        };
      }
      return { method: 'GET', path: endpoint.path, headers: baseHeaders };
    };

    const results: Measured[] = [];
    for (const endpoint of list) {
      const probe =
        endpoint.key === 'apply'
          ? null
          : await sample(
              baseUrl,
              endpoint.key === 'job' ? `/api/jobs/${seeded.jobIds[0]}` : endpoint.path,
            );
      if (options.warmup > 0) {
        await cannon(baseUrl, options.connections, options.warmup, requestFor(endpoint));
      }
      let kept: Measured | undefined;
      for (let attempt = 0; attempt <= options.retries; attempt++) {
        const statementsBefore = await target.statements?.();
        const before = cpuSnapshot(pids);
        const result = await cannon(
          baseUrl,
          options.connections,
          options.duration,
          requestFor(endpoint),
        );
        const others = otherCores(before, cpuSnapshot(pids));
        const statementsAfter = await target.statements?.();
        const answers = result.requests.total;
        const statuses = Object.entries(result.statusCodeStats ?? {})
          .map(([code, stat]) => `${code} x${stat.count ?? 0}`)
          .join(', ');
        const measured: Measured = {
          key: endpoint.key,
          label: endpoint.label,
          jobs: seeded.spec.jobs,
          requests: result.requests.total,
          rps: result.requests.total / result.duration,
          p50: result.latency.p50,
          p99: result.latency.p99,
          max: result.latency.max,
          errors: result.errors,
          timeouts: result.timeouts,
          non2xx: result.non2xx,
          statuses,
          // autocannon counts every byte read for 2xx answers: status line, headers and the
          // (compressed) body.
          wireBytesPerResponse: result['2xx'] > 0 ? result.throughput.total / result['2xx'] : 0,
          sample: probe,
          otherCores: others,
          roundTrips:
            statementsBefore === undefined || statementsAfter === undefined || answers === 0
              ? null
              : (statementsAfter - statementsBefore) / answers,
          load: loadavg()[0] ?? 0,
          instances: servers.length,
        };
        log(
          `  ${endpoint.label.padEnd(52)} ${measured.rps.toFixed(0).padStart(6)} req/s  p50 ${measured.p50} ms  p99 ${measured.p99} ms  ` +
            `errors ${measured.errors}  non-2xx ${measured.non2xx}  ${measured.wireBytesPerResponse.toFixed(0)} B/response` +
            (probe
              ? ` (body ${probe.bodyBytes} B ${probe.encoding}${probe.totalCount ? `, X-Total-Count ${probe.totalCount}` : ''})`
              : '') +
            `  [${statuses}]` +
            (others === null ? '' : `  other CPU ${others.toFixed(2)} cores`) +
            (measured.roundTrips === null
              ? ''
              : `  ${measured.roundTrips.toFixed(1)} round trips/answer`) +
            `  load ${measured.load.toFixed(1)}`,
        );
        // On a shared machine, keep the quietest of up to 1 + --retries measurements.
        if (!kept || (measured.otherCores ?? 0) < (kept.otherCores ?? 0)) kept = measured;
        if ((kept.otherCores ?? 0) <= NOISY_CORES) break;
        if (attempt < options.retries) {
          const quiet = await waitForQuiet(pids, 30_000);
          log(
            `    other processes were busy: measuring again${quiet === null ? '' : ` (other CPU now ${quiet.toFixed(2)} cores)`}`,
          );
        }
      }
      if (kept) results.push(kept);
    }
    for (const each of servers) {
      const exit = await stopServer(each);
      if (exit.code !== 0) log(`  server exit: code ${exit.code}, signal ${exit.signal}`);
    }
    return {
      results,
      serverErrors: servers.reduce(
        (sum, each) => sum + each.output.serverErrorLines + each.output.errorLines,
        0,
      ),
      busy: servers.reduce((sum, each) => sum + each.output.busyLines, 0),
    };
  } finally {
    await proxy?.close();
    for (const each of servers) await killServer(each);
  }
}
