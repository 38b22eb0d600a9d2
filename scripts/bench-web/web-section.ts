/**
 * The "## Web" section of docs/PERFORMANCE.md: the goals of the slow link and Lighthouse in one
 * table, and what the cold visit fetched. The full report is report.ts's, for the terminal.
 */
import { kb, median, plural, seconds } from './format.ts';
import { GOALS, medianColdRun, type Report } from './report.ts';
import { SLOW_LINK } from './slow-link.ts';

export const WEB_HEADING = '## Web (npm run bench:web)';

const atMost = (ms: number) => `at most ${(ms / 1000).toFixed(1)} s`;
const notMet = (ok: boolean) => (ok ? '' : ' (**not met**)');

/** A page as the section names it: its path, or "a job" for a job's page. */
const pageName = (path: string) => (/^\/jobs\/\d+/.test(path) ? 'a job' : `\`${path}\``);

export function webSection(report: Report): string {
  const inPage = (kind: 'cold' | 'warm' | 'offline') =>
    report.runs.map((run) => run[kind].inPageMs);
  const cold = inPage('cold');
  const warm = median(inPage('warm'));
  const offline = median(inPage('offline'));
  const banners = report.runs.filter((run) => run.offlineBanner).length;
  const scores = (pick: (page: Report['lighthouse'][number]) => number | null) =>
    report.lighthouse.map((page) => pick(page) ?? 'n/a').join(', ');
  const performanceMet = report.lighthouse.every(
    (page) => (page.performance ?? 0) >= GOALS.lighthousePerformance,
  );
  const accessibilityMet = report.lighthouse.every(
    (page) => (page.accessibility ?? 0) >= GOALS.lighthouseAccessibility,
  );
  const { run } = medianColdRun(report.runs);
  const requests = run.coldRequests;
  const [page, ...rest] = requests;
  const stylesheets = rest.filter((request) => request.path.endsWith('.css'));
  const others = rest.filter((request) => !request.path.endsWith('.css'));
  const bytes = (list: typeof requests) => list.reduce((sum, request) => sum + request.bytes, 0);
  return [
    WEB_HEADING,
    '',
    `\`${report.command}\`, ${report.date}, load average ${report.load[0].toFixed(1)} at the start and ` +
      `${report.load[1].toFixed(1)} at the end; Chromium at ${SLOW_LINK.downKbps} kbit/s, ` +
      `${SLOW_LINK.latencyMs} ms latency, CPU ${SLOW_LINK.cpuSlowdown}x slower, 360 x 740:`,
    '',
    '| What | Goal | Measured |',
    '|---|---|---|',
    `| First job card on \`/jobs\`, cold | ${atMost(GOALS.coldMs)} | ${seconds(median(cold))} median of ` +
      `${cold.length}, slowest ${seconds(Math.max(...cold))}${notMet(median(cold) <= GOALS.coldMs)} |`,
    `| The same, warm (service worker and saved list) | ${atMost(GOALS.warmMs)} | ${seconds(warm)}${notMet(warm <= GOALS.warmMs)} |`,
    `| The same, offline | no worse than before | ${seconds(offline)}, the offline notice in ${banners} of ${report.runs.length} |`,
    `| Lighthouse performance, ${report.lighthouse.map((item) => pageName(item.page.path)).join(', ')} | ` +
      `at least ${GOALS.lighthousePerformance} | ${scores((item) => item.performance)}${notMet(performanceMet)} |`,
    `| Lighthouse accessibility, same pages | ${GOALS.lighthouseAccessibility} | ${scores((item) => item.accessibility)}${notMet(accessibilityMet)} |`,
    '',
    `The cold visit paints the first card after ${plural(requests.length, 'request')}, ${kb(bytes(requests))}: ` +
      `the drawn page (${kb(page?.bytes ?? null)}), ${plural(stylesheets.length, 'stylesheet')} (${kb(bytes(stylesheets))}) ` +
      `and ${plural(others.length, 'more request')} (${kb(bytes(others))}); the service worker's precache ` +
      `(${report.precache.entries} files, ${kb(report.precache.bytes)}) downloads after it. Lighthouse has little ` +
      'margin on a busy host: its scores scale with the CPU time measured here.' +
      (report.distChanged
        ? ' **dist/ was rebuilt by another process during this run: run it again.**'
        : ''),
    '',
  ].join('\n');
}
