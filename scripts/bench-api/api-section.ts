/**
 * The "## API" section of docs/PERFORMANCE.md: one table of the hot endpoints at both sizes, the
 * goals, and a line for PostgreSQL. The full report (every endpoint, profiles, the whole list,
 * the employer's list) goes to the terminal (`markdown` in report.ts).
 */
import { fmtInt, ratioOf } from './format.ts';
import type { Measured } from './load.ts';
import {
  GOAL_P99_MS,
  GOAL_RATIO,
  GOAL_RPS,
  goals,
  type Report,
  SECTION_HEADING,
} from './report.ts';

/** The rows of the section, in its order, as the document names them. */
const ROWS: { key: Measured['key']; label: (measured: Measured) => string }[] = [
  { key: 'first', label: () => '`GET /api/jobs` (first page)' },
  { key: 'filtered', label: () => '`GET /api/jobs?category=&region=`' },
  { key: 'searched', label: (measured) => `\`${measured.label}\`` },
  {
    key: 'deep',
    label: () => '`GET /api/jobs?cursor=` (a random deep page, mostly not cached)',
  },
  { key: 'job', label: () => '`GET /api/jobs/:id`' },
  { key: 'apply', label: () => '`POST /api/applications` (durable, group commit, ADR 028)' },
];

const met = (ok: boolean) => (ok ? 'met' : '**not met**');
const rate = (measured: Measured | undefined) =>
  measured ? `${fmtInt(measured.rps)} req/s, p99 ${measured.p99} ms` : 'n/a';
const range = (values: number[]) =>
  values.length === 0
    ? 'n/a'
    : `${Math.min(...values).toFixed(2)} to ${Math.max(...values).toFixed(2)}`;

/** Where the first page's latency goes from `small` to `large` jobs: p50 and p99 ratios. */
function ratios(results: readonly Measured[], small: number, large: number) {
  const pairs = results
    .filter((r) => r.jobs === large && r.key !== 'apply')
    .flatMap((r) => {
      const s = results.find((x) => x.key === r.key && x.jobs === small);
      return s ? [{ key: r.key, p50: ratioOf(r.p50, s.p50), p99: ratioOf(r.p99, s.p99) }] : [];
    });
  return pairs;
}

/** What the section reads of a run's report. */
export type ApiSectionReport = Pick<
  Report,
  'command' | 'date' | 'options' | 'small' | 'large' | 'results' | 'employer' | 'postgres'
>;

/** The PostgreSQL line of a --postgres run. */
export function postgresParagraph(report: ApiSectionReport): string | null {
  const postgres = report.postgres;
  if (!postgres) return null;
  const first = postgres.results.find((r) => r.key === 'first' && r.jobs === report.large);
  const sqlite = report.results.find((r) => r.key === 'first' && r.jobs === report.large);
  const list = ratios(postgres.results, report.small, report.large).filter((r) =>
    ['first', 'filtered', 'searched', 'deep'].includes(r.key),
  );
  const firstRatio = list.find((r) => r.key === 'first');
  const firstMet = !!firstRatio && firstRatio.p50 <= GOAL_RATIO && firstRatio.p99 <= GOAL_RATIO;
  return (
    `On PostgreSQL (\`${report.command}\`, ${report.date}): the first page at ${fmtInt(report.large)} jobs ` +
    `${first ? `${fmtInt(first.rps)} req/s, p99 ${first.p99} ms` : 'n/a'} ` +
    `(SQLite on the same data ${sqlite ? `${fmtInt(sqlite.rps)}, p99 ${sqlite.p99} ms` : 'n/a'}); ` +
    `first page, filtered page, search and deep page at ${fmtInt(report.large)} over ${fmtInt(report.small)} jobs ` +
    `p50 ${range(list.map((r) => r.p50))}, p99 ${range(list.map((r) => r.p99))}: ${met(firstMet)}.`
  );
}

/** The paragraph about PostgreSQL in a section as the document has it (kept by SQLite-only runs). */
export function keptPostgresParagraph(section: string | null): string | null {
  const paragraph = section?.split('\n\n').find((part) => part.startsWith('On PostgreSQL'));
  return paragraph?.trim() ?? null;
}

/**
 * The section: `keptPostgres` is the PostgreSQL paragraph the document had, which a run without
 * --postgres keeps as it was.
 */
export function apiSection(report: ApiSectionReport, keptPostgres: string | null): string {
  const { large, throughputMet, p50Ratio, p99Ratio, ratioMet } = goals(report);
  const measured = (key: Measured['key'], jobs: number) =>
    report.results.find((r) => r.key === key && r.jobs === jobs);
  const rows = ROWS.flatMap(({ key, label }) => {
    const at = measured(key, report.large) ?? measured(key, report.small);
    if (!at) return [];
    return [
      `| ${label(at)} | ${rate(measured(key, report.small))} | ${rate(measured(key, report.large))} |`,
    ];
  });
  const loads = report.results.map((r) => r.load);
  const employer = report.employer;
  const employerP50 = ratioOf(employer.large.load?.p50 ?? 0, employer.small.load?.p50 ?? 0);
  const employerP99 = ratioOf(employer.large.load?.p99 ?? 0, employer.small.load?.p99 ?? 0);
  const postgres = postgresParagraph(report) ?? keptPostgres;
  return [
    SECTION_HEADING,
    '',
    `\`${report.command}\`, ${report.date}, the 1-minute load average at most ${Math.max(0, ...loads).toFixed(1)}, ` +
      `SQLite \`synchronous = FULL\`, autocannon with ${report.options.connections} connections on the same machine:`,
    '',
    `| Request | At ${fmtInt(report.small)} jobs | At ${fmtInt(report.large)} jobs |`,
    '|---|---|---|',
    ...rows,
    '',
    `Goals: the first page at ${fmtInt(report.large)} jobs at least ${fmtInt(GOAL_RPS)} req/s with p99 under ${GOAL_P99_MS} ms ` +
      `(${large ? `${fmtInt(large.rps)} req/s, p99 ${large.p99} ms: ` : ''}${met(throughputMet)}); its latency at ${fmtInt(report.large)} over ` +
      `${fmtInt(report.small)} jobs at most ${GOAL_RATIO} (p50 ${p50Ratio.toFixed(2)}, p99 ${p99Ratio.toFixed(2)}: ${met(ratioMet)}); ` +
      `an employer's own list flat in their number of jobs (p50 ${employerP50.toFixed(2)}, p99 ${employerP99.toFixed(2)} at ` +
      `${fmtInt(employer.large.jobs)} over ${fmtInt(employer.small.jobs)}: ${met(employerP50 <= GOAL_RATIO && employerP99 <= GOAL_RATIO)}).`,
    ...(postgres ? ['', postgres] : []),
    '',
  ].join('\n');
}
