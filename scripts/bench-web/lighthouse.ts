/**
 * Lighthouse 12 with its default (mobile) config for `npm run bench:web`: an emulated Moto G
 * Power and simulated slow 4G, each run in a fresh Chromium; the median run of each page, and
 * the audits that cost it points.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch as launchChrome } from 'chrome-launcher';
import lighthouse, { type Result as LighthouseResult } from 'lighthouse';
import { CHROMIUM_FLAGS } from '../lib/chromium.ts';
import { cls, kb, log, ms, seconds } from './format.ts';

export interface LighthousePage {
  label: string;
  path: string;
}

export interface LighthouseFigures {
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

export async function runLighthouse(
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
