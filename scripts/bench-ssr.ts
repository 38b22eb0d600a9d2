/**
 * Server rendering under load: what a rendered `/jobs` (the page a visitor's first visit gets)
 * costs the server next to the JSON answer the app asked for before, at 100,000 jobs.
 *
 *   npm run build && npm run bench:ssr                 # about 2 minutes
 *   npm run bench:ssr -- --duration 3 --no-docs        # a quick look, docs untouched
 *
 * Seeds a temporary database (as bench:api does), starts the real server on it with the
 * production build (dist/ and dist-server/), and runs autocannon against each page and answer
 * as a browser asks (`accept-encoding: br, gzip`, no cookies: a visitor). The 1-minute load
 * average is noted beside each row: other work on the machine takes CPU from both.
 * Writes docs/PERFORMANCE.md, section "## Server rendering (npm run bench:ssr)".
 *
 * Flags: --duration <s> (10) --connections <n> (50) --jobs <n> (100000) --no-docs
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { seedDatabase } from './bench-api/bulk-seed.ts';
import { ACCEPT_ENCODING, fmtInt } from './bench-api/format.ts';
import { writePerformanceSection } from './lib/performance-doc.ts';
import { REPO_ROOT, type ServerProcess, startServer, stopServer } from './lib/server-process.ts';

const SECTION_HEADING = '## Server rendering (npm run bench:ssr)';
const GOAL_P99_MS = 50;

interface Row {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  bytesPerResponse: number;
  loadBefore: number;
  loadAfter: number;
}

async function measure(
  baseUrl: string,
  label: string,
  paths: string[],
  { duration, connections }: { duration: number; connections: number },
): Promise<Row> {
  const requests = paths.map((path) => ({
    method: 'GET' as const,
    path,
    headers: { 'accept-encoding': ACCEPT_ENCODING },
  }));
  // A second of warm-up: the first request of a page fills the list cache.
  await autocannon({ url: baseUrl, connections, duration: 1, requests });
  const loadBefore = loadavg()[0] ?? 0;
  const result = await autocannon({ url: baseUrl, connections, duration, timeout: 10, requests });
  const ok = result['2xx'];
  return {
    label,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    bytesPerResponse: ok > 0 ? result.throughput.total / ok : 0,
    loadBefore,
    loadAfter: loadavg()[0] ?? 0,
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '50' },
      jobs: { type: 'string', default: '100000' },
      'no-docs': { type: 'boolean', default: false },
    },
  });
  const duration = Number(values.duration);
  const connections = Number(values.connections);
  const jobs = Number(values.jobs);
  if (!existsSync(join(REPO_ROOT, 'dist-server/entry-server.js'))) {
    throw new Error('No server renderer: run `npm run build` first');
  }
  const dir = mkdtempSync(join(tmpdir(), 'gigs-bench-ssr-'));
  let server: ServerProcess | undefined;
  try {
    console.log(`Seeding ${fmtInt(jobs)} jobs in ${dir}`);
    const seeded = await seedDatabase(
      join(dir, 'jobs.db'),
      { jobs, artists: 5000, employers: Math.max(20, Math.round(jobs / 50)), seekers: 1000 },
      0x5eed,
    );
    server = await startServer({
      databasePath: seeded.path,
      seedDemo: false,
      logLevel: 'warn',
      readyTimeoutMs: 60_000,
    });
    const base = server.baseUrl;
    const first = await fetch(`${base}/jobs`);
    const page = await first.text();
    if (!page.includes('id="first-screen-state"')) {
      throw new Error('GET /jobs did not come rendered: is dist-server/ built?');
    }
    const someJobs = seeded.activeJobIds.slice(0, 200);
    const rows: Row[] = [];
    const run = async (label: string, paths: string[]) => {
      const row = await measure(base, label, paths, { duration, connections });
      rows.push(row);
      console.log(
        `  ${label.padEnd(58)} ${fmtInt(row.rps).padStart(6)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  ` +
          `${fmtInt(row.bytesPerResponse)} B  errors ${row.errors}  non-2xx ${row.non2xx}  load ${row.loadBefore.toFixed(1)} -> ${row.loadAfter.toFixed(1)}`,
      );
    };
    await run('GET /api/jobs (first page, JSON)', ['/api/jobs']);
    await run('GET /jobs (first page, rendered)', ['/jobs']);
    await run(
      'GET /api/jobs/:id (200 ids, JSON)',
      someJobs.map((id) => `/api/jobs/${id}`),
    );
    await run(
      'GET /jobs/:id (200 ids, rendered, kept until the job changes)',
      someJobs.map((id) => `/jobs/${id}`),
    );
    await run(
      'GET /artists/:id (200 ids, drawn afresh within the limits, else the shell)',
      Array.from({ length: 200 }, (_, index) => `/artists/${index + 1}`),
    );
    await run('GET / (landing page, rendered)', ['/']);

    const rendered = rows.find((row) => row.label.startsWith('GET /jobs (first page'));
    const met = rendered !== undefined && rendered.p99 < GOAL_P99_MS && rendered.errors === 0;
    console.log(`Goal: rendered /jobs p99 under ${GOAL_P99_MS} ms: ${met ? 'met' : 'NOT MET'}`);
    if (!values['no-docs']) {
      writePerformanceSection(
        SECTION_HEADING,
        markdown(rows, { jobs, duration, connections, met }),
      );
      console.log('Wrote the figures to docs/PERFORMANCE.md');
    }
    if (rows.some((row) => row.errors > 0 || row.non2xx > 0)) process.exitCode = 1;
  } finally {
    if (server) await stopServer(server);
    rmSync(dir, { recursive: true, force: true });
  }
}

function markdown(
  rows: Row[],
  run: { jobs: number; duration: number; connections: number; met: boolean },
): string {
  const rendered = rows.find((row) => row.label.startsWith('GET /jobs (first page'));
  return [
    SECTION_HEADING,
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus().length} CPUs (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}, with \`npm run bench:ssr\`: the real server (production build, NODE_ENV=test, LOG_LEVEL=warn) on a temporary database of ${fmtInt(run.jobs)} jobs, autocannon on the same machine (${run.connections} connections, ${run.duration} s per row after a 1 s warm-up, \`accept-encoding: br, gzip\`, no cookies: a visitor). The machine is shared: the 1-minute load average before and after each row is beside it, and any load above 2 (its 2 cores) took CPU from the server and the bench alike.`,
    '',
    '| Request | Requests/s | p50 ms | p99 ms | Errors | Non-2xx | Bytes/response | Load average |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
    ...rows.map(
      (row) =>
        `| ${row.label} | ${fmtInt(row.rps)} | ${row.p50} | ${row.p99} | ${row.errors} | ${row.non2xx} | ${fmtInt(row.bytesPerResponse)} | ${row.loadBefore.toFixed(1)} -> ${row.loadAfter.toFixed(1)} |`,
    ),
    '',
    `Goal: the rendered first page of jobs at ${fmtInt(run.jobs)} jobs with p99 under ${GOAL_P99_MS} ms: ${run.met ? 'met' : '**not met**'} (p99 ${rendered?.p99 ?? '?'} ms).`,
    '',
    "A rendered list page or job page is kept in the list cache until the data it shows changes, like the JSON page it is drawn from (with its compressed copies and ETag), so a repeat costs one read of the data versions. An artist's page is drawn afresh each time (1 to 3 ms of CPU plus its data); beyond 2 pages drawn at once or 500 ms of drawing in a second a visitor gets the app shell, so its row mixes drawn pages and shells. A rendered page carries its data twice (drawn, and as JSON for the app), so it is about twice the JSON answer on the wire.",
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  await main();
}
