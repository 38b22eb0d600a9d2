/**
 * The web benchmark's full report, printed to the terminal: every Lighthouse run, every slow-link
 * run and the cold visit request by request. docs/PERFORMANCE.md gets web-section.ts.
 */

import { cls, kb, median, met, ms, num, plural, seconds } from './format.ts';
import type { LighthouseFigures } from './lighthouse.ts';
import { SLOW_LINK, type SlowLinkRun } from './slow-link.ts';

export const GOALS = {
  lighthousePerformance: 95,
  lighthouseAccessibility: 100,
  // Issue 17: the first job card on a cold visit to /jobs at or under 3 s.
  coldMs: 3_000,
  warmMs: 1_500,
} as const;

export interface Report {
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

export function goalRows(report: Report): GoalRow[] {
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
export function medianColdRun(runs: SlowLinkRun[]): { run: SlowLinkRun; index: number } {
  const order = runs
    .map((run, index) => ({ run, index }))
    .sort((a, b) => a.run.cold.inPageMs - b.run.cold.inPageMs);
  return order[Math.floor((order.length - 1) / 2)] as { run: SlowLinkRun; index: number };
}

/** The full report, for the terminal. */
export function markdown(report: Report): string {
  const lines: string[] = [
    '# Web benchmark: the full report',
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
