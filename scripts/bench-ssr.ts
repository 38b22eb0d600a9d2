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
 * Prints the full table (bench-ssr/report.ts) and writes its summary over docs/PERFORMANCE.md's
 * section "## Server rendering (npm run bench:ssr)": the drawn pages only.
 *
 * Flags: --duration <s> (10) --connections <n> (50) --jobs <n> (100000) --no-docs
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { seedDatabase } from './bench-api/bulk-seed.ts';
import { ACCEPT_ENCODING, fmtInt } from './bench-api/format.ts';
import { GOAL_P99_MS, markdown, type Row, SSR_HEADING, ssrSection } from './bench-ssr/report.ts';
import { writePerformanceSection } from './lib/performance-doc.ts';
import { REPO_ROOT, type ServerProcess, startServer, stopServer } from './lib/server-process.ts';

async function measure(
  baseUrl: string,
  label: string,
  paths: string[],
  { duration, connections }: { duration: number; connections: number },
  docLabel?: string,
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
    ...(docLabel ? { docLabel } : {}),
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
    const run = async (label: string, paths: string[], docLabel?: string) => {
      const row = await measure(base, label, paths, { duration, connections }, docLabel);
      rows.push(row);
      console.log(
        `  ${label.padEnd(58)} ${fmtInt(row.rps).padStart(6)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  ` +
          `${fmtInt(row.bytesPerResponse)} B  errors ${row.errors}  non-2xx ${row.non2xx}  load ${row.loadBefore.toFixed(1)} -> ${row.loadAfter.toFixed(1)}`,
      );
    };
    await run('GET /api/jobs (first page, JSON)', ['/api/jobs']);
    await run(
      'GET /jobs (first page, rendered)',
      ['/jobs'],
      '`GET /jobs` (first page, drawn, kept in the list cache)',
    );
    await run(
      'GET /api/jobs/:id (200 ids, JSON)',
      someJobs.map((id) => `/api/jobs/${id}`),
    );
    await run(
      'GET /jobs/:id (200 ids, rendered, kept until the job changes)',
      someJobs.map((id) => `/jobs/${id}`),
      '`GET /jobs/:id` (drawn, kept until the job changes)',
    );
    await run(
      'GET /artists/:id (200 ids, drawn afresh within the limits, else the shell)',
      Array.from({ length: 200 }, (_, index) => `/artists/${index + 1}`),
      '`GET /artists/:id` (drawn afresh within its limits, else the shell)',
    );
    await run('GET / (landing page, rendered)', ['/'], '`GET /` (landing page)');

    const rendered = rows.find((row) => row.label.startsWith('GET /jobs (first page'));
    const met = rendered !== undefined && rendered.p99 < GOAL_P99_MS && rendered.errors === 0;
    console.log(`Goal: rendered /jobs p99 under ${GOAL_P99_MS} ms: ${met ? 'met' : 'NOT MET'}`);
    const measured = { jobs, duration, connections, met };
    console.log(`\n${markdown(rows, measured)}`);
    if (!values['no-docs']) {
      writePerformanceSection(SSR_HEADING, ssrSection(rows, measured));
      console.log('Wrote the summary to docs/PERFORMANCE.md');
    }
    if (rows.some((row) => row.errors > 0 || row.non2xx > 0)) process.exitCode = 1;
  } finally {
    if (server) await stopServer(server);
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  await main();
}
