/**
 * Web benchmark: how fast does the production build reach a phone on a slow link?
 *
 *   npm run bench:web                         # builds, then about 2-3 minutes
 *   npm run bench:web -- --no-build --no-docs # a quick look at the current dist/, docs untouched
 *
 * 1. Builds the web app (`npm run build`) unless --no-build, and starts the real server on a
 *    temporary database seeded with the demo data (one port for dist/ and the API).
 * 2. Lighthouse 12 with its default (mobile) config: an emulated Moto G Power and simulated slow
 *    4G, on /, /jobs, /artists and the first job's detail page; Debian's Chromium through
 *    chrome-launcher. Prints the performance, accessibility and best-practices scores, FCP, LCP,
 *    TBT, CLS and the bytes transferred, and the audits that cost points.
 * 3. Playwright over an emulated slow link (CDP: 400 kbit/s down and up, 400 ms latency, CPU
 *    slowed 4x): time from navigation start to the first job card on /jobs, cold (a fresh
 *    context), warm (the service worker installed and controlling, then a reload) and offline
 *    (the same context offline, then a reload). --runs times each, the median is judged.
 * 4. Prints the full report (bench-web/report.ts) and writes its summary over the section "## Web
 *    (npm run bench:web)" of docs/PERFORMANCE.md (bench-web/web-section.ts), leaving every other
 *    section as it was.
 * 0. First (issue 26): first content of every screen (landing, /jobs, a job, /artists, /login,
 *    the signed-in home and the three dashboards), cold, at 256 and 400 kbit/s with 400 ms
 *    round trips and the CPU slowed 4x, in English and Twi with data saver off and on
 *    (scripts/bench-web/first-content.ts); written over the summary at the top of
 *    docs/PERFORMANCE.md (bench-web/summary-section.ts). --first-content-only stops after it;
 *    --first-content-runs <n> (3) visits each.
 *
 * Flags: --no-build --no-docs --runs <n> (3, slow-link runs) --lighthouse-runs <n> (3 per page)
 *        --chromium <path> (/usr/bin/chromium) --reports <dir> (write each median Lighthouse JSON)
 * Exit code 1 when something failed to run; unmet goals are reported, not fatal.
 * The parts are in bench-web/: lighthouse.ts (step 2), slow-link.ts (step 3), report.ts (the full
 * report and the goals), environment.ts (the precache and the browser's version).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type Browser, chromium } from 'playwright-core';
import { DEMO_USERS } from '../api/dev/seed/seed-data.ts';
import { chromiumVersion, precacheSize } from './bench-web/environment.ts';
import { measureFirstContent } from './bench-web/first-content.ts';
import { log, ms, seconds } from './bench-web/format.ts';
import { type LighthousePage, runLighthouse } from './bench-web/lighthouse.ts';
import { goalRows, markdown, type Report } from './bench-web/report.ts';
import { type SlowLinkRun, slowLinkRun } from './bench-web/slow-link.ts';
import { SUMMARY_HEADING, summarySection } from './bench-web/summary-section.ts';
import { WEB_HEADING, webSection } from './bench-web/web-section.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lib/chromium.ts';
import { api } from './lib/http-api.ts';
import { writePerformanceSection } from './lib/performance-doc.ts';
import { type ServerProcess, startServer, stopServer } from './lib/server-process.ts';
import { signInUser } from './lib/sign-up.ts';
import { BUILT_INDEX, ensureWebBuild } from './lib/web-build.ts';

// ---------------------------------------------------------------------------------------------

async function main() {
  const { values } = parseArgs({
    options: {
      'no-build': { type: 'boolean', default: false },
      'no-docs': { type: 'boolean', default: false },
      runs: { type: 'string', default: '3' },
      'lighthouse-runs': { type: 'string', default: '3' },
      chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? CHROMIUM_PATH },
      reports: { type: 'string' },
      // Issue 26: only the first-content table (no Lighthouse, no warm/offline runs).
      'first-content-only': { type: 'boolean', default: false },
      'first-content-runs': { type: 'string', default: '3' },
    },
  });
  const count = (flag: 'runs' | 'lighthouse-runs' | 'first-content-runs') => {
    const value = Number(values[flag]);
    if (!Number.isInteger(value) || value < 1) throw new Error(`--${flag} takes a whole number`);
    return value;
  };
  const slowLinkRuns = count('runs');
  const lighthouseRuns = count('lighthouse-runs');
  const firstContentRuns = count('first-content-runs');
  const firstContentOnly = values['first-content-only'];
  const chromePath = values.chromium;
  const started = performance.now();
  const loadAtStart = loadavg()[0] ?? 0;
  const args = process.argv.slice(2).filter((arg) => arg !== '--no-docs');
  const command = `npm run bench:web${args.length ? ` -- ${args.join(' ')}` : ''}`;

  ensureWebBuild({ build: !values['no-build'], log });

  // Another process rebuilding dist/ mid-run would change what is measured; say so if it did.
  const builtIndex = readFileSync(BUILT_INDEX, 'utf8');
  const tempDir = mkdtempSync(join(tmpdir(), 'bench-web-'));
  let server: ServerProcess | undefined;
  let browser: Browser | undefined;
  try {
    server = await startServer({ databasePath: join(tempDir, 'bench.db'), seedDemo: true });
    log(`server on ${server.baseUrl}`);
    const jobs = await api(server.baseUrl, 'GET', '/api/jobs');
    const firstJob = (jobs.body as { id: number }[] | null)?.[0];
    if (jobs.status !== 200 || !firstJob) throw new Error('GET /api/jobs returned no job');

    // Issue 26: first content of every screen, cold, on the slow links, by language and data saver.
    browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_FLAGS });
    const sessions = {
      employer: await signInUser(server.baseUrl, DEMO_USERS.employer.phoneNumber),
      jobSeeker: await signInUser(server.baseUrl, DEMO_USERS.jobSeeker.phoneNumber),
      artist: await signInUser(server.baseUrl, DEMO_USERS.artist.phoneNumber),
    };
    const firstContentStarted = performance.now();
    const firstContent = await measureFirstContent({
      browser,
      baseUrl: server.baseUrl,
      sessions,
      runs: firstContentRuns,
      log,
      screens: [
        { label: 'Landing `/`', path: '/', selector: 'main h1' },
        { label: '`/jobs` first card', path: '/jobs', selector: 'article' },
        { label: 'Job page', path: `/jobs/${firstJob.id}`, selector: 'main h1' },
        { label: '`/artists` first card', path: '/artists', selector: 'article' },
        { label: '`/login` form', path: '/login', selector: 'main form' },
        { label: 'Home, signed in', path: '/', selector: 'main h1', as: 'jobSeeker' },
        { label: 'Job seeker dashboard', path: '/dashboard', selector: 'main h1', as: 'jobSeeker' },
        {
          label: 'Employer dashboard',
          path: '/dashboard/employer',
          selector: 'main h1',
          as: 'employer',
        },
        {
          label: 'Artist dashboard',
          path: '/dashboard/artist',
          selector: 'main h1',
          as: 'artist',
        },
      ],
    });
    const firstContentSection = summarySection({
      command,
      date: `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      minutes: (performance.now() - firstContentStarted) / 60_000,
      load: [loadAtStart, loadavg()[0] ?? 0],
      cores: availableParallelism(),
      runs: firstContentRuns,
      cells: firstContent,
    });
    console.log(`\n${firstContentSection}`);
    if (!values['no-docs']) {
      writePerformanceSection(SUMMARY_HEADING, firstContentSection);
      log(`wrote ${SUMMARY_HEADING} in docs/PERFORMANCE.md`);
    }
    if (firstContentOnly) return;

    const pages: LighthousePage[] = [
      { label: 'Home', path: '/' },
      { label: 'Jobs', path: '/jobs' },
      { label: 'Artists', path: '/artists' },
      { label: 'Job detail', path: `/jobs/${firstJob.id}` },
    ];
    const lighthouseFigures = await runLighthouse(
      server.baseUrl,
      pages,
      chromePath,
      lighthouseRuns,
      values.reports,
    );

    const runs: SlowLinkRun[] = [];
    const failedRuns: string[] = [];
    for (let index = 0; index < slowLinkRuns; index++) {
      let run: SlowLinkRun;
      try {
        run = await slowLinkRun(browser, server.baseUrl);
      } catch (error) {
        // One failed run is reported and redone in a fresh context; a second failure stops.
        const reason = (error as Error).message;
        log(`slow link run ${index + 1} failed, running it again: ${reason}`);
        failedRuns.push(reason);
        run = await slowLinkRun(browser, server.baseUrl);
      }
      runs.push(run);
      log(
        `slow link run ${index + 1}: cold ${seconds(run.cold.inPageMs)}, warm ${seconds(run.warm.inPageMs)}, ` +
          `offline ${seconds(run.offline.inPageMs)} (warm GET /api/jobs ${ms(run.warmApiMs)}, ` +
          `offline notice ${run.offlineBanner ? 'shown' : 'not seen'})`,
      );
    }

    const cpu = cpus()[0]?.model.trim();
    const report: Report = {
      date: new Date().toISOString().slice(0, 16).replace('T', ' ').concat(' UTC'),
      machine: [
        `nproc ${availableParallelism()}${cpu ? ` (${cpu})` : ''}`,
        `Node ${process.version}`,
        chromiumVersion(chromePath, lighthouseFigures[0]?.chromeVersion ?? browser.version()),
      ].join(', '),
      load: [loadAtStart, loadavg()[0] ?? 0],
      command,
      lighthouseRuns,
      lighthouse: lighthouseFigures,
      runs,
      failedRuns,
      distChanged: readFileSync(BUILT_INDEX, 'utf8') !== builtIndex,
      precache: precacheSize(),
      durationMs: performance.now() - started,
    };
    const section = markdown(report);
    console.log(`\n${section}`);
    for (const row of goalRows(report)) {
      log(`${row.ok ? 'met' : 'NOT MET'}: ${row.goal} (${row.result})`);
    }
    if (report.distChanged) log('dist/ was rebuilt by another process during this run');
    if (!values['no-docs']) {
      writePerformanceSection(WEB_HEADING, webSection(report));
      log(`wrote ${WEB_HEADING} in docs/PERFORMANCE.md`);
    }
  } finally {
    await browser?.close().catch(() => undefined);
    if (server) {
      const stopped = await stopServer(server);
      if (stopped.timedOut) log('the server did not stop within 15 s and was killed');
    }
    rmSync(tempDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
