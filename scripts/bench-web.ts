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
 * 4. Writes the figures to docs/PERFORMANCE.md, section "## Web (npm run bench:web)", and
 *    leaves every other section as it was.
 * 0. First (issue 26): first content of every screen (landing, /jobs, a job, /artists, /login,
 *    the signed-in home and the three dashboards), cold, at 256 and 400 kbit/s with 400 ms
 *    round trips and the CPU slowed 4x, in English and Twi with data saver off and on
 *    (scripts/bench-web/first-content.ts); written at the top of docs/PERFORMANCE.md as its
 *    summary. --first-content-only stops after it; --first-content-runs <n> (3) visits each.
 *
 * Flags: --no-build --no-docs --runs <n> (3, slow-link runs) --lighthouse-runs <n> (3 per page)
 *        --chromium <path> (/usr/bin/chromium) --reports <dir> (write each median Lighthouse JSON)
 * Exit code 1 when something failed to run; unmet goals are reported, not fatal.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { launch as launchChrome } from 'chrome-launcher';
import lighthouse, { type Result as LighthouseResult } from 'lighthouse';
import { type Browser, type CDPSession, chromium, type Page } from 'playwright-core';
import { DEMO_USERS } from '../api/dev/seed/seed-data.ts';
import { firstContentMarkdown, measureFirstContent } from './bench-web/first-content.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lib/chromium.ts';
import { api } from './lib/http-api.ts';
import { writePerformanceSection } from './lib/performance-doc.ts';
import { REPO_ROOT, type ServerProcess, startServer, stopServer } from './lib/server-process.ts';
import { signInUser } from './lib/sign-up.ts';

const SECTION_HEADING = '## Web (npm run bench:web)';
const FIRST_CONTENT_HEADING = '## Summary: first content on a cold phone (npm run bench:web)';

/** The slow link of step 3: a weak 3G/2G signal in a Ghanaian town. */
const SLOW_LINK = {
  downKbps: 400,
  upKbps: 400,
  latencyMs: 400,
  cpuSlowdown: 4,
} as const;

const GOALS = {
  lighthousePerformance: 95,
  lighthouseAccessibility: 100,
  coldMs: 5_000,
  warmMs: 1_500,
} as const;

/** Per wait on the slow link; a cold visit there takes seconds, not minutes. */
const SLOW_LINK_TIMEOUT_MS = 60_000;

const log = (message: string) => console.log(`[bench:web] ${message}`);

// ---------------------------------------------------------------------------------------------
// Lighthouse

interface LighthousePage {
  label: string;
  path: string;
}

interface LighthouseFigures {
  page: LighthousePage;
  /** The median run's score; `performanceRuns` has every run's. */
  performance: number | null;
  performanceRuns: number[];
  accessibility: number | null;
  bestPractices: number | null;
  fcpMs: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  speedIndexMs: number | null;
  transferBytes: number | null;
  /** What the LCP element is (its selector or snippet), when Lighthouse names one. */
  lcpElement: string | null;
  /** Audits that cost points, worst first, one line each. */
  findings: string[];
  warnings: string[];
  /** Lighthouse's CPU benchmark of the host, one per run: lower when the machine is busy. */
  benchmarkIndexes: number[];
  chromeVersion: string | null;
}

const score = (lhr: LighthouseResult, category: string): number | null => {
  const value = lhr.categories[category]?.score;
  return typeof value === 'number' ? Math.round(value * 100) : null;
};

const numeric = (lhr: LighthouseResult, audit: string): number | null => {
  const value = lhr.audits[audit]?.numericValue;
  return typeof value === 'number' ? value : null;
};

interface LhNode {
  selector?: string;
  snippet?: string;
  nodeLabel?: string;
}

interface LhItem {
  node?: LhNode;
  url?: string;
  description?: string;
  wastedBytes?: number;
  wastedMs?: number;
  sourceLocation?: { url?: string };
  subItems?: { items?: { source?: string; sourceWastedBytes?: number }[] };
  items?: LhItem[];
  phase?: string;
  timing?: number;
}

const itemsOf = (lhr: LighthouseResult, id: string): LhItem[] => {
  const items = (lhr.audits[id]?.details as { items?: LhItem[] } | undefined)?.items;
  return Array.isArray(items) ? items : [];
};

const path = (url: string | undefined) => {
  if (!url) return '';
  try {
    const parsed = new URL(url);
    return parsed.protocol.startsWith('http') ? parsed.pathname + parsed.search : url;
  } catch {
    return url;
  }
};

const code = (text: string) => `\`${text.replace(/`/g, "'").replace(/\s+/g, ' ').slice(0, 200)}\``;

function lcpElementOf(lhr: LighthouseResult): string | null {
  const [element, phases] = itemsOf(lhr, 'largest-contentful-paint-element');
  const node = element?.items?.[0]?.node;
  if (!node) return null;
  const what = code(node.snippet ?? node.selector ?? '');
  const timings = (phases?.items ?? [])
    .filter((phase) => phase.phase && typeof phase.timing === 'number')
    .map((phase) => `${phase.phase?.toLowerCase()} ${ms(phase.timing ?? null)}`);
  return timings.length ? `${what} (${timings.join(', ')})` : what;
}

/** The first items of an audit, in words: nodes by their HTML, resources by their path. */
function describeItems(items: LhItem[], count = 2): string {
  const described = [
    ...new Set(
      items.slice(0, count).map((item) => {
        if (item.node) return code(item.node.snippet ?? item.node.selector ?? '');
        const url = path(item.url ?? item.sourceLocation?.url);
        const source = item.subItems?.items?.[0];
        const parts = [
          url ? code(url) : '',
          item.description ? `"${item.description}"` : '',
          typeof item.wastedBytes === 'number' ? `${kb(item.wastedBytes)} unused` : '',
          typeof item.wastedMs === 'number' ? `${ms(item.wastedMs)}` : '',
          source?.source && typeof source.sourceWastedBytes === 'number'
            ? `most of it ${code(source.source.replace(/^…/, ''))} (${kb(source.sourceWastedBytes)})`
            : '',
        ];
        return parts.filter(Boolean).join(' ');
      }),
    ),
  ].filter(Boolean);
  const more = items.length > described.length ? ` (${items.length} in all)` : '';
  return described.length ? `: ${described.join('; ')}${more}` : '';
}

/** One line per audit that costs points, worst first, for whoever fixes it. */
function findingsOf(lhr: LighthouseResult): string[] {
  const findings: { weight: number; line: string }[] = [];
  for (const category of ['accessibility', 'best-practices'] as const) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1 || ref.weight === 0) continue;
      findings.push({
        weight: 2_000_000 + ref.weight,
        line: `${category}: ${audit.title}${describeItems(itemsOf(lhr, ref.id))}`,
      });
    }
  }
  for (const ref of lhr.categories.performance?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    // The LCP element has its own line.
    if (ref.id === 'largest-contentful-paint-element') continue;
    if (!audit || audit.score === null || audit.score >= 0.9) continue;
    const savings = Object.entries(audit.metricSavings ?? {}).filter(
      (entry): entry is [string, number] => typeof entry[1] === 'number' && entry[1] > 0,
    );
    if (ref.weight > 0) {
      // A metric: the points it costs.
      findings.push({
        weight: 1_000_000 + ref.weight * (1 - audit.score),
        line: `performance: ${audit.title} ${audit.displayValue ?? ''} (metric score ${Math.round(audit.score * 100)}, weight ${ref.weight})`,
      });
    } else if (savings.length > 0) {
      // An opportunity or diagnostic that Lighthouse says would move a metric.
      const saves = savings
        .map(([metric, value]) =>
          metric === 'CLS' ? `${metric} ${value}` : `${metric} ${value} ms`,
        )
        .join(', ');
      findings.push({
        weight: savings.reduce((sum, [, value]) => sum + value, 0),
        line: `performance: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}, est. saves ${saves}${describeItems(itemsOf(lhr, ref.id), 1)}`,
      });
    }
  }
  return findings.sort((a, b) => b.weight - a.weight).map((finding) => finding.line);
}

/** One Lighthouse run in a fresh browser: no storage, cache or service worker from before. */
async function lighthouseOnce(url: string, chromePath: string): Promise<LighthouseResult> {
  const chrome = await launchChrome({
    chromePath,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
    logLevel: 'silent',
  });
  try {
    // No config: Lighthouse's default, i.e. mobile (Moto G Power) with simulated slow 4G.
    const runner = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    });
    if (!runner) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (runner.lhr.runtimeError) {
      throw new Error(`Lighthouse failed on ${url}: ${runner.lhr.runtimeError.message}`);
    }
    return runner.lhr;
  } finally {
    chrome.kill();
  }
}

async function runLighthouse(
  baseUrl: string,
  pages: LighthousePage[],
  chromePath: string,
  runs: number,
  reportDir: string | undefined,
): Promise<LighthouseFigures[]> {
  const results: LighthouseFigures[] = [];
  for (const page of pages) {
    const started = performance.now();
    const lhrs: LighthouseResult[] = [];
    const rerunReasons: string[] = [];
    for (let run = 0; run < runs; run++) {
      try {
        lhrs.push(await lighthouseOnce(`${baseUrl}${page.path}`, chromePath));
      } catch (error) {
        // Lighthouse now and then loses the trace (NO_NAVSTART, NO_FCP) and asks for a rerun.
        const reason = `${(error as Error).message}; run again`;
        log(`lighthouse ${page.path}: ${reason}`);
        rerunReasons.push(`${page.path}: ${reason}`);
        lhrs.push(await lighthouseOnce(`${baseUrl}${page.path}`, chromePath));
      }
    }
    // The median run by performance score (then LCP), so a row's figures belong together.
    const ordered = [...lhrs].sort(
      (a, b) =>
        (score(a, 'performance') ?? 0) - (score(b, 'performance') ?? 0) ||
        (numeric(b, 'largest-contentful-paint') ?? 0) -
          (numeric(a, 'largest-contentful-paint') ?? 0),
    );
    const lhr = ordered[Math.floor((ordered.length - 1) / 2)] as LighthouseResult;
    if (reportDir) {
      mkdirSync(reportDir, { recursive: true });
      const name = page.label.toLowerCase().replace(/[^a-z0-9]+/g, '-');
      writeFileSync(join(reportDir, `${name}.report.json`), JSON.stringify(lhr, null, 2));
    }
    const performanceScores = lhrs.map((run) => score(run, 'performance') ?? 0);
    const figures: LighthouseFigures = {
      page,
      performance: score(lhr, 'performance'),
      performanceRuns: performanceScores,
      accessibility: score(lhr, 'accessibility'),
      bestPractices: score(lhr, 'best-practices'),
      fcpMs: numeric(lhr, 'first-contentful-paint'),
      lcpMs: numeric(lhr, 'largest-contentful-paint'),
      tbtMs: numeric(lhr, 'total-blocking-time'),
      cls: numeric(lhr, 'cumulative-layout-shift'),
      speedIndexMs: numeric(lhr, 'speed-index'),
      transferBytes: numeric(lhr, 'total-byte-weight'),
      lcpElement: lcpElementOf(lhr),
      findings: findingsOf(lhr),
      warnings: [...rerunReasons, ...lhrs.flatMap((run) => run.runWarnings.map(String))],
      benchmarkIndexes: lhrs.map((run) => run.environment.benchmarkIndex),
      chromeVersion: lhr.environment.hostUserAgent.match(/Chrome\/([\d.]+)/)?.[1] ?? null,
    };
    results.push(figures);
    log(
      `lighthouse ${page.path}: performance ${figures.performance} (runs ${performanceScores.join(', ')}), ` +
        `accessibility ${figures.accessibility}, best practices ${figures.bestPractices}, ` +
        `FCP ${ms(figures.fcpMs)}, LCP ${ms(figures.lcpMs)}, TBT ${ms(figures.tbtMs)}, ` +
        `CLS ${cls(figures.cls)}, ${kb(figures.transferBytes)} (${seconds(performance.now() - started)})`,
    );
  }
  return results;
}

// ---------------------------------------------------------------------------------------------
// The slow link (Playwright)

interface VisitTiming {
  /** From navigation start to the first job card painted, measured in the page. */
  inPageMs: number;
  /** From the navigation call to Playwright seeing the card visible (includes its polling). */
  observedMs: number;
}

interface SlowLinkRun {
  cold: VisitTiming;
  warm: VisitTiming;
  offline: VisitTiming;
  /** How long the /api/jobs request of the warm visit took, to show the link was throttled. */
  warmApiMs: number | null;
  offlineBanner: boolean;
  /** What the cold visit fetched up to its first job card, in the order it asked. */
  coldRequests: Request[];
}

interface Request {
  path: string;
  startMs: number;
  endMs: number;
  /** Bytes on the wire (headers and compressed body), as Resource Timing reports them. */
  bytes: number;
}

declare global {
  interface Window {
    __benchFirstCardAt?: number;
  }
}

/**
 * Runs in every document before the app: notes performance.now() (ms since navigation start) at
 * the first animation frame in which an article (a job card) has a box, as Playwright's
 * `visible` means it. A string, so tsx's helpers (`__name`) never reach the page.
 */
const MARK_FIRST_CARD = `(() => {
  const check = () => {
    const card = document.querySelector('article, [role="article"]');
    const box = card ? card.getBoundingClientRect() : null;
    if (box && box.width > 0 && box.height > 0) {
      window.__benchFirstCardAt = performance.now();
      return;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

/**
 * The slow link on the page's own CDP session. Offline is set here too: the last
 * emulateNetworkConditions on any session wins, and Playwright's setOffline alone would leave
 * this session's `offline: false` in force (navigator.onLine stays true).
 */
async function throttle(cdp: CDPSession, offline = false) {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline,
    latency: SLOW_LINK.latencyMs,
    downloadThroughput: (SLOW_LINK.downKbps * 1000) / 8,
    uploadThroughput: (SLOW_LINK.upKbps * 1000) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_LINK.cpuSlowdown });
}

async function timeFirstCard(
  visit: string,
  page: Page,
  navigate: () => Promise<unknown>,
): Promise<VisitTiming> {
  const started = performance.now();
  await navigate();
  try {
    await page.getByRole('article').first().waitFor({
      state: 'visible',
      timeout: SLOW_LINK_TIMEOUT_MS,
    });
  } catch (error) {
    const shown = await page
      .evaluate(() => document.body?.innerText ?? '')
      .catch((reason: unknown) => `(page unreadable: ${String(reason)})`);
    throw new Error(
      `${visit} visit: no job card within ${seconds(SLOW_LINK_TIMEOUT_MS)} at ${page.url()}; ` +
        `the page showed: ${JSON.stringify(shown.slice(0, 600))}`,
      { cause: error },
    );
  }
  const observedMs = performance.now() - started;
  // A card the server drew is in the page (and has a box) before the stylesheet lets the page
  // paint; the page notes it at the first animation frame, which comes with that paint.
  const inPageMs = await page
    .waitForFunction(() => window.__benchFirstCardAt ?? null, undefined, {
      timeout: SLOW_LINK_TIMEOUT_MS,
    })
    .then((handle) => handle.jsonValue())
    .catch(() => null);
  if (inPageMs === null) throw new Error('The page did not note its first job card');
  return { inPageMs, observedMs };
}

/** Whether the app has saved a jobs list to IndexedDB (what an offline start shows). */
function savedJobs(page: Page): Promise<boolean> {
  return page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('ghana-gigs-cache');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('queries')) {
            db.close();
            resolve(false);
            return;
          }
          const request = db.transaction('queries').objectStore('queries').getAll();
          request.onsuccess = () => {
            db.close();
            resolve(JSON.stringify(request.result).includes('"queryKey":["jobs"'));
          };
          request.onerror = () => {
            db.close();
            resolve(false);
          };
        };
      }),
  );
}

/**
 * Polls from here: page.waitForFunction would take the predicate's Promise itself as truthy and
 * return at once, before anything is saved.
 */
async function waitForSavedJobs(page: Page) {
  const deadline = Date.now() + SLOW_LINK_TIMEOUT_MS;
  while (!(await savedJobs(page))) {
    if (Date.now() > deadline) {
      throw new Error(
        `The jobs list was not saved on the phone within ${seconds(SLOW_LINK_TIMEOUT_MS)}`,
      );
    }
    await page.waitForTimeout(250);
  }
}

async function slowLinkRun(browser: Browser, baseUrl: string): Promise<SlowLinkRun> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 360, height: 740 },
    locale: 'en-GB',
    timezoneId: 'Africa/Accra',
    serviceWorkers: 'allow',
  });
  try {
    await context.addInitScript(MARK_FIRST_CARD);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await throttle(cdp);

    // Cold: a fresh context, nothing cached, no service worker.
    const cold = await timeFirstCard('cold', page, () =>
      page.goto('/jobs', { waitUntil: 'commit' }),
    );
    const coldRequests = await page.evaluate((until) => {
      const entries = [
        ...performance.getEntriesByType('navigation'),
        ...performance.getEntriesByType('resource'),
      ] as PerformanceResourceTiming[];
      return entries
        .filter((entry) => entry.startTime <= until)
        .map((entry) => ({
          path: new URL(entry.name).pathname + new URL(entry.name).search,
          startMs: entry.startTime,
          endMs: entry.responseEnd,
          bytes: entry.transferSize,
        }))
        .sort((a, b) => a.startMs - b.startMs);
    }, cold.inPageMs);

    // Warm: once the service worker has installed (shell and route chunks precached) and
    // controls the page, and the list is saved on the phone.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: SLOW_LINK_TIMEOUT_MS,
    });
    await waitForSavedJobs(page);
    const warm = await timeFirstCard('warm', page, () => page.reload({ waitUntil: 'commit' }));
    const warmApiMs = await page.evaluate(() => {
      const entry = performance
        .getEntriesByType('resource')
        .find((resource) => new URL(resource.name).pathname === '/api/jobs');
      return entry ? entry.duration : null;
    });
    await waitForSavedJobs(page);

    // Offline: no network at all; the service worker and the saved list.
    // The context offline covers the service worker; the page session's conditions go offline too.
    await context.setOffline(true);
    await throttle(cdp, true);
    const offline = await timeFirstCard('offline', page, () =>
      page.reload({ waitUntil: 'commit' }),
    );
    const offlineBanner = await page
      .getByText("You're offline. Showing saved data.")
      .waitFor({ state: 'visible', timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    return { cold, warm, offline, warmApiMs, offlineBanner, coldRequests };
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Formatting

const ms = (value: number | null) => (value === null ? 'n/a' : `${Math.round(value)} ms`);
const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;
const cls = (value: number | null) => (value === null ? 'n/a' : value.toFixed(3));
const kb = (value: number | null) => (value === null ? 'n/a' : `${(value / 1024).toFixed(1)} KB`);
const num = (value: number | null) => (value === null ? 'n/a' : String(value));
const met = (ok: boolean) => (ok ? 'met' : '**not met**');

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

interface Report {
  date: string;
  machine: string;
  /** 1-minute load average at the start and the end: other work on the machine skews timings. */
  load: [number, number];
  command: string;
  lighthouseRuns: number;
  lighthouse: LighthouseFigures[];
  runs: SlowLinkRun[];
  /** Why slow-link runs failed and were run again (empty when none did). */
  failedRuns: string[];
  /** dist/index.html differed at the end: something rebuilt the app during the run. */
  distChanged: boolean;
  precache: { entries: number; bytes: number };
  durationMs: number;
}

interface GoalRow {
  goal: string;
  result: string;
  ok: boolean;
}

function goalRows(report: Report): GoalRow[] {
  const list = (pick: (page: LighthouseFigures) => number | null) =>
    report.lighthouse.map((page) => `${page.page.label} ${num(pick(page))}`).join(', ');
  const rows: GoalRow[] = [
    {
      goal: `Lighthouse performance ≥ ${GOALS.lighthousePerformance} on every page`,
      result: list((page) => page.performance),
      ok: report.lighthouse.every((page) => (page.performance ?? 0) >= GOALS.lighthousePerformance),
    },
    {
      goal: `Lighthouse accessibility ${GOALS.lighthouseAccessibility} on every page`,
      result: list((page) => page.accessibility),
      ok: report.lighthouse.every(
        (page) => (page.accessibility ?? 0) >= GOALS.lighthouseAccessibility,
      ),
    },
  ];
  for (const [kind, limit] of [
    ['cold', GOALS.coldMs],
    ['warm', GOALS.warmMs],
  ] as const) {
    const values = report.runs.map((run) => run[kind].inPageMs);
    const middle = median(values);
    rows.push({
      goal: `First job card on the slow link, ${kind}, within ${seconds(limit)}`,
      result: `median ${seconds(middle)} (slowest ${seconds(Math.max(...values))})`,
      ok: middle <= limit,
    });
  }
  return rows;
}

/** The run whose cold visit is the median one. */
function medianColdRun(runs: SlowLinkRun[]): { run: SlowLinkRun; index: number } {
  const order = runs
    .map((run, index) => ({ run, index }))
    .sort((a, b) => a.run.cold.inPageMs - b.run.cold.inPageMs);
  return order[Math.floor((order.length - 1) / 2)] as { run: SlowLinkRun; index: number };
}

function markdown(report: Report): string {
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  const lines: string[] = [
    SECTION_HEADING,
    '',
    `Measured ${report.date} on ${report.machine}, with \`${report.command}\` ` +
      `(the whole run took ${seconds(report.durationMs)}; 1-minute load average ` +
      `${report.load[0].toFixed(1)} at the start and ${report.load[1].toFixed(1)} at the end, ` +
      'other work on the machine slows both halves). The server is the production build on a ' +
      'fresh database seeded with the demo data, on 127.0.0.1.',
    '',
    ...(report.distChanged
      ? [
          '',
          '**dist/ was rebuilt by another process during this run**, so some figures may ' +
            'measure a different build; run it again.',
          '',
        ]
      : []),
    '### Lighthouse (mobile defaults)',
    '',
    'Lighthouse 12.8.2, default config: an emulated Moto G Power and simulated slow 4G ' +
      '(150 ms RTT, 1.6 Mbit/s down, 4x CPU slowdown), signed out, each run in a fresh browser. ' +
      `${plural(report.lighthouseRuns, 'run')} per page; a row is the median run by performance ` +
      "score, with every run's score in brackets. Simulated throttling scales the CPU time " +
      'measured on this machine, so a slow or busy host lowers the performance scores.',
    '',
    '| Page | Performance | Accessibility | Best practices | FCP | LCP | TBT | CLS | Speed Index | Transferred |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const page of report.lighthouse) {
    const runs = page.performanceRuns.length > 1 ? ` (${page.performanceRuns.join(', ')})` : '';
    lines.push(
      `| ${page.page.label} \`${page.page.path}\` | ${num(page.performance)}${runs} | ${num(page.accessibility)} | ` +
        `${num(page.bestPractices)} | ${ms(page.fcpMs)} | ${ms(page.lcpMs)} | ${ms(page.tbtMs)} | ` +
        `${cls(page.cls)} | ${ms(page.speedIndexMs)} | ${kb(page.transferBytes)} |`,
    );
  }
  const benchmarks = report.lighthouse.flatMap((page) => page.benchmarkIndexes);
  if (benchmarks.length > 0) {
    lines.push(
      '',
      `Lighthouse's CPU benchmark index of this machine over the runs: median ${Math.round(median(benchmarks))}, ` +
        `from ${Math.round(Math.min(...benchmarks))} to ${Math.round(Math.max(...benchmarks))} (lower is slower; it drops when other work shares the CPUs).`,
    );
  }
  const warnings = [...new Set(report.lighthouse.flatMap((page) => page.warnings))];
  if (warnings.length > 0) {
    lines.push(
      '',
      'Lighthouse warned (or a run failed and was run again):',
      '',
      ...warnings.map((warning) => `- ${warning}`),
    );
  }

  const runs = report.runs;
  lines.push(
    '',
    '### First job card on a slow link (Playwright)',
    '',
    `Chromium with ${SLOW_LINK.downKbps} kbit/s down and ${SLOW_LINK.upKbps} kbit/s up, ` +
      `${SLOW_LINK.latencyMs} ms latency and the CPU slowed ${SLOW_LINK.cpuSlowdown}x (CDP), ` +
      'a 360 x 740 viewport. The time from navigation start to the first job card on `/jobs` ' +
      "painted, measured in the page; in brackets Playwright's own view, from its navigation " +
      "call to `getByRole('article').first()` visible (its polling adds up to half a second). " +
      `${plural(runs.length, 'run')}, each in a fresh browser context: **cold** is the first ` +
      'visit (nothing cached); **warm** reloads once the service worker has installed and ' +
      'controls the page and the list is saved on the phone; **offline** then reloads the same ' +
      'context with the network off.',
    '',
    `| Visit | Median | ${runs.map((_, index) => `Run ${index + 1}`).join(' | ')} |`,
    `|---|---:|${runs.map(() => '---:|').join('')}`,
  );
  for (const kind of ['cold', 'warm', 'offline'] as const) {
    const values = runs.map((run) => run[kind]);
    lines.push(
      `| ${kind} | ${seconds(median(values.map((value) => value.inPageMs)))} ` +
        `(${seconds(median(values.map((value) => value.observedMs)))}) | ` +
        `${values.map((value) => `${seconds(value.inPageMs)} (${seconds(value.observedMs)})`).join(' | ')} |`,
    );
  }
  const apiTimes = runs.map((run) => run.warmApiMs).filter((value) => value !== null);
  const notes: string[] = [];
  if (apiTimes.length > 0) {
    notes.push(
      'On the warm visit the page and its code come from the service worker and the list saved ' +
        `on the phone shows first; \`GET /api/jobs\` still crosses the slow link (median ${ms(median(apiTimes))}).`,
    );
  }
  const banners = runs.filter((run) => run.offlineBanner).length;
  notes.push(
    `The offline visit showed the offline notice in ${banners} of ${runs.length} runs.`,
    'The app registers the service worker once the first screen is up (`web/lib/first-screen.ts`), ' +
      `so its precache (${report.precache.entries} files, ${kb(report.precache.bytes)} as the server ` +
      'sends them) downloads after the first job card, not alongside it. Page-level CDP throttling ' +
      "does not slow the service worker's own requests, so on a real phone that download takes " +
      'longer than here, without delaying the first card.',
  );
  for (const reason of report.failedRuns) {
    notes.push(`A run failed and was run again in a fresh context: ${reason.replace(/\s+/g, ' ')}`);
  }
  for (const note of notes) lines.push('', note);

  const { run: coldRun, index: coldIndex } = medianColdRun(runs);
  const coldBytes = coldRun.coldRequests.reduce((sum, request) => sum + request.bytes, 0);
  lines.push(
    '',
    `The cold visit of run ${coldIndex + 1} (the median), request by request up to its first ` +
      `job card at ${seconds(coldRun.cold.inPageMs)}: ${plural(coldRun.coldRequests.length, 'request')}, ` +
      `${kb(coldBytes)} on the wire.`,
    '',
    '| Request | Start | End | Bytes |',
    '|---|---:|---:|---:|',
    ...coldRun.coldRequests.map(
      (request) =>
        `| \`${request.path}\` | ${ms(request.startMs)} | ${ms(request.endMs)} | ${kb(request.bytes)} |`,
    ),
  );

  lines.push('', '### Goals', '', '| Goal | Result | |', '|---|---|---|');
  for (const row of goalRows(report)) {
    lines.push(`| ${row.goal} | ${row.result} | ${met(row.ok)} |`);
  }

  const shortfalls = report.lighthouse.filter((page) => page.findings.length > 0);
  if (shortfalls.length > 0) {
    lines.push(
      '',
      '### What costs Lighthouse points',
      '',
      "From each page's median run: failed accessibility and best-practices audits, metrics " +
        'scoring under 90, and the audits Lighthouse estimates would save metric time.',
      '',
    );
    for (const page of shortfalls) {
      lines.push(`- **${page.page.label}** \`${page.page.path}\``);
      if (page.lcpElement) lines.push(`  - LCP element: ${page.lcpElement}`);
      for (const finding of page.findings.slice(0, 8)) lines.push(`  - ${finding}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The service worker's precache list (from dist/sw.js) and its size as the server sends it. */
function precacheSize(): { entries: number; bytes: number } {
  const sw = readFileSync(join(REPO_ROOT, 'dist/sw.js'), 'utf8');
  const urls = [...sw.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1] as string);
  let bytes = 0;
  for (const url of urls) {
    const file = join(REPO_ROOT, 'dist', url);
    // The server sends the brotli copy when there is one (the browser accepts br).
    const sent = [`${file}.br`, file].find((candidate) => existsSync(candidate));
    if (sent) bytes += statSync(sent).size;
  }
  return { entries: urls.length, bytes };
}

function chromiumVersion(path: string, fallback: string | null): string {
  try {
    const output = execFileSync(path, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const version = output.match(/(\d+\.\d+\.\d+\.\d+)/)?.[1];
    if (version) return `Chromium ${version}`;
  } catch {
    // fall through
  }
  return fallback ? `Chromium ${fallback}` : 'Chromium (unknown version)';
}

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

  if (!values['no-build']) {
    log('building (npm run build)');
    const build = spawnSync('npm', ['run', 'build'], { cwd: REPO_ROOT, encoding: 'utf8' });
    if (build.status !== 0) {
      console.error(build.stdout, build.stderr);
      throw new Error(`npm run build failed (exit ${build.status})`);
    }
  }
  if (!existsSync(join(REPO_ROOT, 'dist/index.html'))) {
    throw new Error('dist/index.html is missing: run without --no-build');
  }

  // Another process rebuilding dist/ mid-run would change what is measured; say so if it did.
  const builtIndex = readFileSync(join(REPO_ROOT, 'dist/index.html'), 'utf8');
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
    const firstContentSection = [
      FIRST_CONTENT_HEADING,
      '',
      `\`${command}\` (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ` +
        `${((performance.now() - firstContentStarted) / 60_000).toFixed(0)} min; load average ` +
        `${loadAtStart.toFixed(1)} at the start, ${(loadavg()[0] ?? 0).toFixed(1)} at the end, ` +
        `on ${availableParallelism()} cores shared with other work: figures are noisy).`,
      '',
      firstContentMarkdown(firstContent, firstContentRuns),
    ].join('\n');
    console.log(`\n${firstContentSection}`);
    if (!values['no-docs']) {
      writePerformanceSection(FIRST_CONTENT_HEADING, firstContentSection, { atTop: true });
      log(`wrote ${FIRST_CONTENT_HEADING} in docs/PERFORMANCE.md`);
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
      distChanged: readFileSync(join(REPO_ROOT, 'dist/index.html'), 'utf8') !== builtIndex,
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
      writePerformanceSection(SECTION_HEADING, section);
      log(`wrote ${SECTION_HEADING} in docs/PERFORMANCE.md`);
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
