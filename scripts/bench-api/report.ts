/**
 * The API benchmark's report: its goals, the full report it prints, and the writes section it
 * writes to docs/PERFORMANCE.md (the "## API" section is api-section.ts).
 */
import type { SeedResult } from './bulk-seed.ts';
import {
  ACCEPT_ENCODING,
  fmtInt,
  fmtKb,
  fmtRatio,
  NOISY_CORES,
  noiseNote,
  ratioOf,
} from './format.ts';
import type { LoadOptions, Measured } from './load.ts';
import type { PostgresCopy } from './postgres.ts';
import { type EmployerListReport, employerMarkdown } from './scenarios/employer-list.ts';
import { profileMarkdown, type SizeProfiles } from './scenarios/list-pages.ts';
import { type WholeList, wholeListMarkdown } from './scenarios/whole-list.ts';
import type { VersionQueueRate } from './version-queue.ts';

export const SECTION_HEADING = '## API (npm run bench:api)';
/** Where a run with --postgres --writes-only writes. */
export const WRITES_SECTION_HEADING =
  '## Durable writes on SQLite and PostgreSQL (npm run bench:api -- --postgres --writes-only)';
/** Issue 26: durable writes a second on PostgreSQL, with one process and with three. */
export const GOAL_POSTGRES_WRITES = 1_000;
export const GOAL_RPS = 2_000;
export const GOAL_P99_MS = 50;
export const GOAL_RATIO = 1.5;

/**
 * Writes per second (POST /api/applications) on one engine with some server processes, or a
 * hot read measured beside them.
 */
export interface WriteRate {
  engine: 'SQLite' | 'PostgreSQL';
  instances: number;
  measured: Measured;
}

/** What a --writes-only run measured. */
export interface WritesReport {
  date: string;
  machine: string;
  command: string;
  options: LoadOptions;
  seed: SeedResult;
  writes: WriteRate[];
  /** The data versions alone: durable commits a second, one row per name against slots. */
  versions: VersionQueueRate[];
}

export interface Report {
  date: string;
  machine: string;
  command: string;
  options: LoadOptions;
  seeds: SeedResult[];
  small: number;
  large: number;
  results: Measured[];
  whole: WholeList;
  profiles: SizeProfiles[];
  employer: EmployerListReport;
  /** The same endpoints on PostgreSQL (--postgres). */
  postgres?: { copies: PostgresCopy[]; results: Measured[] };
  writes?: WriteRate[];
}

export function goals(report: Pick<Report, 'results' | 'small' | 'large'>) {
  const first = (jobs: number) => report.results.find((r) => r.key === 'first' && r.jobs === jobs);
  const large = first(report.large);
  const small = first(report.small);
  const throughputMet =
    !!large &&
    large.rps >= GOAL_RPS &&
    large.p99 < GOAL_P99_MS &&
    large.errors === 0 &&
    large.non2xx === 0;
  const p50Ratio = large && small ? ratioOf(large.p50, small.p50) : Number.NaN;
  const p99Ratio = large && small ? ratioOf(large.p99, small.p99) : Number.NaN;
  const ratioMet = p50Ratio <= GOAL_RATIO && p99Ratio <= GOAL_RATIO;
  return { large, small, throughputMet, p50Ratio, p99Ratio, ratioMet };
}

/** The full report, for the terminal: every endpoint, ratio, profile and scenario. */
export function markdown(report: Report): string {
  const { large, throughputMet, p50Ratio, p99Ratio, ratioMet } = goals(report);
  const lines: string[] = [];
  lines.push(
    '# API benchmark: the full report',
    '',
    `Measured ${report.date} on ${report.machine}, with \`${report.command}\` ` +
      `(autocannon, ${report.options.connections} connections, ${report.options.duration} s per endpoint after a ${report.options.warmup} s warm-up, ` +
      `\`accept-encoding: ${ACCEPT_ENCODING}\`). The server is the real one (\`api/server.ts\` as a child process, NODE_ENV=test, LOG_LEVEL=warn) ` +
      `on a temporary SQLite database${report.postgres ? ' (and, in "SQLite and PostgreSQL" below, on a copy of it in PostgreSQL)' : ''}; autocannon runs on the same machine and takes CPU from it. ` +
      `"Other CPU" is what processes other than the server and the bench used meanwhile, in cores: above ${NOISY_CORES} they skewed that row.`,
    '',
    `Data: ${report.seeds
      .map(
        (s) =>
          `${fmtInt(s.spec.jobs)} jobs (${fmtInt(s.activeJobs)} active, ${fmtInt(s.applications)} applications) with ${fmtInt(s.spec.artists)} artists, ` +
          `${fmtInt(s.spec.employers)} employers and ${fmtInt(s.spec.seekers)} job seekers, seeded in ${(s.ms / 1000).toFixed(1)} s into a ${fmtKb(s.bytes)} file`,
      )
      .join('; ')}.`,
    '',
    '### Goals',
    '',
    '| Goal | Measured | |',
    '|---|---|---|',
    `| First page of jobs at ${fmtInt(report.large)} rows: at least ${fmtInt(GOAL_RPS)} requests/s with p99 under ${GOAL_P99_MS} ms | ` +
      `${large ? `${fmtInt(large.rps)} req/s, p99 ${large.p99} ms, ${large.errors} errors, ${large.non2xx} non-2xx${large.otherCores === null ? '' : `, other CPU ${large.otherCores.toFixed(2)} cores`}` : 'not measured'} | ${throughputMet ? 'met' : '**not met**'} |`,
    `| First page latency ${fmtInt(report.large)}/${fmtInt(report.small)} ratio at most ${GOAL_RATIO} (p50 and p99) | ` +
      `p50 ${p50Ratio.toFixed(2)}, p99 ${p99Ratio.toFixed(2)} | ${ratioMet ? 'met' : '**not met**'} |`,
    ...noiseNote(report.results),
    '',
    '### Endpoints',
    '',
    '| Endpoint | Jobs | Requests/s | p50 ms | p99 ms | Errors | Non-2xx | Bytes/response on the wire | Body (encoding) | Other CPU |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|---:|',
  );
  for (const r of report.results) {
    lines.push(
      `| ${r.label} | ${fmtInt(r.jobs)} | ${fmtInt(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} | ${fmtInt(r.wireBytesPerResponse)} | ` +
        `${r.sample ? `${fmtInt(r.sample.bodyBytes)} (${r.sample.encoding})` : 'JSON, under 1 kB'} | ${r.otherCores === null ? 'n/a' : r.otherCores.toFixed(2)} |`,
    );
  }
  lines.push(
    '',
    "Bytes/response on the wire is autocannon's byte count divided by the 2xx answers: status line, headers and compressed body.",
    '',
    `### Latency ratio, ${fmtInt(report.large)} jobs / ${fmtInt(report.small)} jobs`,
    '',
    '| Endpoint | p50 | p99 | Requests/s |',
    '|---|---:|---:|---:|',
  );
  for (const r of report.results.filter((x) => x.jobs === report.large)) {
    const s = report.results.find((x) => x.key === r.key && x.jobs === report.small);
    if (!s) continue;
    lines.push(
      `| ${r.label} | ${fmtRatio(r.p50, s.p50)} | ${fmtRatio(r.p99, s.p99)} | ${fmtRatio(r.rps, s.rps)} |`,
    );
  }
  lines.push('', ...postgresMarkdown(report), ...writesMarkdown(report));
  lines.push(
    '',
    ...wholeListMarkdown(report.whole),
    ...employerMarkdown(report.employer),
    ...profileMarkdown(report.profiles, report.small, report.large),
  );
  return lines.join('\n');
}

/** SQLite beside PostgreSQL, endpoint by endpoint, and PostgreSQL's own large/small ratios. */
function postgresMarkdown(report: Report): string[] {
  const postgres = report.postgres;
  if (!postgres) return [];
  const lines = [
    '### SQLite and PostgreSQL',
    '',
    `The same data copied into PostgreSQL ${postgres.copies.length > 0 ? `(${postgres.copies.map((c) => `${fmtKb(c.bytes)} database, copied and indexed in ${(c.ms / 1000).toFixed(0)} s`).join('; ')})` : ''}, ` +
      "a throwaway server from Debian's package on this machine (`scripts/lib/postgres-server.ts`, durable: fsync on), the real server on it through `DATABASE_URL`. " +
      'Its "other CPU" includes the PostgreSQL server\'s own processes, which SQLite runs inside the server: on two cores, about one of them.',
    '',
    '| Endpoint | Jobs | SQLite req/s | SQLite p50 / p99 ms | PostgreSQL req/s | PostgreSQL p50 / p99 ms | PostgreSQL other CPU |',
    '|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of postgres.results) {
    const s = report.results.find((x) => x.key === r.key && x.jobs === r.jobs);
    lines.push(
      `| ${r.label} | ${fmtInt(r.jobs)} | ${s ? fmtInt(s.rps) : ''} | ${s ? `${s.p50} / ${s.p99}` : ''} | ${fmtInt(r.rps)} | ${r.p50} / ${r.p99} | ${r.otherCores === null ? 'n/a' : r.otherCores.toFixed(2)} |`,
    );
  }
  lines.push(
    '',
    `PostgreSQL latency ratio, ${fmtInt(report.large)} jobs / ${fmtInt(report.small)} jobs (goal for the first page: <= ${GOAL_RATIO}):`,
    '',
    '| Endpoint | p50 | p99 | Requests/s |',
    '|---|---:|---:|---:|',
  );
  for (const r of postgres.results.filter((x) => x.jobs === report.large)) {
    const s = postgres.results.find((x) => x.key === r.key && x.jobs === report.small);
    if (!s) continue;
    lines.push(
      `| ${r.label} | ${fmtRatio(r.p50, s.p50)} | ${fmtRatio(r.p99, s.p99)} | ${fmtRatio(r.rps, s.rps)} |`,
    );
  }
  lines.push('');
  return lines;
}

function writesMarkdown(report: Report): string[] {
  if (!report.writes?.length) return [];
  return [`### Writes per second, ${fmtInt(report.large)} jobs`, '', ...writesTable(report.writes)];
}

const fmtRoundTrips = (m: Measured) => (m.roundTrips === null ? 'n/a' : m.roundTrips.toFixed(1));

/** The writes (and reads beside them) on both engines, one row per measurement. */
function writesTable(writes: readonly WriteRate[]): string[] {
  const lines = [
    'POST /api/applications (a new seeker and job each time; the database durable: SQLite `synchronous = FULL`, PostgreSQL `fsync` and `synchronous_commit` on), through a round-robin proxy on loopback when more than one server process shares the database. ' +
      'Round trips are the statements the server processes sent to PostgreSQL per answer (pg_stat_statements, BEGIN and COMMIT included, background work the requests set off too); SQLite runs its statements inside the server process. ' +
      "Load is the machine's 1-minute load average at the end of the row (2 cores).",
    '',
    '| Engine | Server processes | Request | Requests/s | p50 ms | p99 ms | Errors | Non-2xx | Round trips per answer | Other CPU | Load |',
    '|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const { engine, instances, measured: m } of writes) {
    lines.push(
      `| ${engine} | ${instances} | ${m.label} | ${fmtInt(m.rps)} | ${m.p50} | ${m.p99} | ${m.errors} | ${m.non2xx} | ${fmtRoundTrips(m)} | ${m.otherCores === null ? 'n/a' : m.otherCores.toFixed(2)} | ${m.load.toFixed(1)} |`,
    );
  }
  lines.push('');
  return lines;
}

/** The section a --writes-only run writes: the goals of issue 26 and the table. */
export function writesSection(report: WritesReport): string {
  const apply = (engine: WriteRate['engine'], instances: number) =>
    report.writes.find(
      (w) => w.engine === engine && w.instances === instances && w.measured.key === 'apply',
    )?.measured;
  const one = apply('PostgreSQL', 1);
  const three = apply('PostgreSQL', 3);
  const met = (ok: boolean) => (ok ? 'met' : '**not met**');
  const s = report.seed;
  return [
    WRITES_SECTION_HEADING,
    '',
    `Measured ${report.date} on ${report.machine}, with \`${report.command}\` (autocannon, ${report.options.connections} connections, ` +
      `${report.options.duration} s per row after a ${report.options.warmup} s warm-up). Data: ${fmtInt(s.spec.jobs)} jobs (${fmtInt(s.activeJobs)} active, ` +
      `${fmtInt(s.applications)} applications), ${fmtInt(s.spec.artists)} artists, ${fmtInt(s.spec.employers)} employers, ${fmtInt(s.spec.seekers)} job seekers; ` +
      "PostgreSQL is a throwaway server from Debian's package on this machine (`scripts/lib/postgres-server.ts`) with a copy of the same data.",
    '',
    '| Goal (issue 26) | Measured | |',
    '|---|---|---|',
    `| PostgreSQL: at least ${fmtInt(GOAL_POSTGRES_WRITES)} durable writes a second | ${one ? `${fmtInt(one.rps)} with one process, ${three ? fmtInt(three.rps) : '?'} with three` : 'not measured'} | ${met(!!one && one.rps >= GOAL_POSTGRES_WRITES)} |`,
    `| PostgreSQL: three processes write at least as much as one | ${one && three ? `${fmtInt(three.rps)} / ${fmtInt(one.rps)} = ${(three.rps / one.rps).toFixed(2)}` : 'not measured'} | ${met(!!one && !!three && three.rps >= one.rps)} |`,
    ...noiseNote(report.writes.map((write) => write.measured)),
    '',
    ...writesTable(report.writes),
    '### The data versions alone',
    '',
    `Durable commits a second of one application insert per transaction (its trigger bumps \`application_counts\`), ${report.versions[0]?.writers ?? 0} connections writing at once, ` +
      'no HTTP server: the versions in one row per name (as before migration 0031) and in slots, measured in turn so that both see the same load (`scripts/bench-api/version-queue.ts`).',
    '',
    '| Versions | Writers | Durable commits/s | Load |',
    '|---|---:|---:|---:|',
    ...report.versions.map(
      (v) =>
        `| ${v.scheme} | ${v.writers} | ${fmtInt(v.commitsPerSecond)} | ${v.load.toFixed(1)} |`,
    ),
    '',
  ].join('\n');
}
