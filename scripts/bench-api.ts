/**
 * API benchmark: does a list page cost the same at 100,000 jobs as at 1,000?
 *
 *   npm run bench:api                                   # about 3-4 minutes
 *   npm run bench:api -- --duration 3 --no-docs         # a quick look, docs untouched
 *
 * 1. Seeds temporary databases (migrated like the server does) with realistic Ghanaian data in
 *    one transaction each: 1,000 and 100,000 jobs (plus 5,000 artists, employers, job seekers,
 *    applications), and 10,000 jobs for the whole-list comparison.
 * 2. In-process, per size: times each SQL statement the repositories run for a request (captured
 *    through Kysely's query log, so it follows the code), with its EXPLAIN QUERY PLAN, plus JSON
 *    serialisation, the ETag hash and compression.
 * 3. Starts the real server on each database and runs autocannon against the list, search,
 *    detail and apply endpoints, with `accept-encoding: br, gzip` like a browser.
 * 4. Prices the unpaged "fetch every job" design at 10,000 jobs against one 20-job page.
 * 5. Seeds one employer with 1,000 and with 100,000 jobs and prices that employer's first page
 *    (in-process and under load), the dashboard's figures and the whole list it replaced.
 * 6. With --postgres: copies both databases into a throwaway PostgreSQL server and runs step 3
 *    there too; then prices writes (POST /api/applications) with 1 and 3 server processes on
 *    one database (behind a round-robin proxy), on both engines. PostgreSQL's rows count the
 *    round trips per answer (pg_stat_statements: statements the servers sent).
 *    With --writes-only, only this: the large database alone, a few hot reads and the writes on
 *    both engines, written to its own section of docs/PERFORMANCE.md.
 * 7. Prints the full report, and writes its summary (api-section.ts: the hot endpoints, the
 *    goals, a line for PostgreSQL) over docs/PERFORMANCE.md's section "## API (npm run
 *    bench:api)"; a run without --postgres keeps that section's PostgreSQL line.
 *
 * This file runs the steps in order; bench-api/ holds the parts: bulk-seed.ts (and the words in
 * bulk-data/), profiler.ts (step 2's in-process profile), load.ts (the server under autocannon),
 * report.ts (the goals, the full report and the writes section), api-section.ts, and one module per thing measured in scenarios/
 * (list-pages.ts, whole-list.ts, employer-list.ts).
 *
 * Flags: --duration <s> (10) --connections <n> (50) --warmup <s> (1) --retries <n> (0: measure a
 *        row again, up to n times, when other processes took CPU meanwhile) --small <jobs> (1000)
 *        --large <jobs> (100000) --whole <jobs> (10000) --artists <n> (5000) --q <text> (plumb)
 *        --postgres --writes-only --no-docs --keep
 * The PostgreSQL figures of docs/PERFORMANCE.md: --postgres --small 10000 --large 1000000; its
 * durable writes: --postgres --writes-only.
 * Exit code 1 when a request errored or a server answered 5xx; unmet goals are reported, not fatal.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { apiSection, keptPostgresParagraph } from './bench-api/api-section.ts';
import { type SeedResult, type SeedSpec, seedDatabase } from './bench-api/bulk-seed.ts';
import {
  fmtInt,
  fmtKb,
  fmtRatio,
  noiseNote,
  SERVER_BROTLI_QUALITY,
  seconds,
} from './bench-api/format.ts';
import { benchServer, type LoadOptions, type Measured } from './bench-api/load.ts';
import {
  COUNTING_SETTINGS,
  copyToPostgres,
  type PostgresCopy,
  statementCounter,
} from './bench-api/postgres.ts';
import { printProfile } from './bench-api/profiler.ts';
import {
  GOAL_P99_MS,
  GOAL_RATIO,
  GOAL_RPS,
  goals,
  markdown,
  type Report,
  SECTION_HEADING,
  WRITES_SECTION_HEADING,
  type WriteRate,
  type WritesReport,
  writesSection,
} from './bench-api/report.ts';
import { employerListBench } from './bench-api/scenarios/employer-list.ts';
import { endpoints, profileSize } from './bench-api/scenarios/list-pages.ts';
import { wholeList } from './bench-api/scenarios/whole-list.ts';
import { type VersionQueueRate, versionQueue } from './bench-api/version-queue.ts';
import {
  PERFORMANCE_DOC,
  readPerformanceSection,
  writePerformanceSection,
} from './lib/performance-doc.ts';
import { type PostgresServer, startPostgres } from './lib/postgres-server.ts';

/** The most jobs the one-employer scenario gives one employer. */
const EMPLOYER_MAX_JOBS = 100_000;

async function main() {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '50' },
      warmup: { type: 'string', default: '1' },
      retries: { type: 'string', default: '0' },
      small: { type: 'string', default: '1000' },
      large: { type: 'string', default: '100000' },
      whole: { type: 'string', default: '10000' },
      artists: { type: 'string', default: '5000' },
      q: { type: 'string', default: 'plumb' },
      postgres: { type: 'boolean', default: false },
      'writes-only': { type: 'boolean', default: false },
      'no-docs': { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(
      'npm run bench:api -- [--duration 10] [--connections 50] [--warmup 1] [--retries 0] [--small 1000] [--large 100000] ' +
        '[--whole 10000] [--artists 5000] [--q plumb] [--postgres [--writes-only]] [--no-docs] [--keep]',
    );
    return;
  }
  const number = (name: string, value: string, min: number, max: number) => {
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
      throw new Error(`--${name} must be a whole number from ${min} to ${max}`);
    }
    return parsed;
  };
  const options: LoadOptions = {
    duration: number('duration', values.duration, 1, 600),
    connections: number('connections', values.connections, 1, 1_000),
    warmup: number('warmup', values.warmup, 0, 60),
    retries: number('retries', values.retries, 0, 5),
  };
  const small = number('small', values.small, 100, 1_000_000);
  const large = number('large', values.large, 100, 1_000_000);
  const wholeSize = number('whole', values.whole, 100, 1_000_000);
  const artists = number('artists', values.artists, 10, 100_000);
  const q = values.q;
  const writesOnly = values['writes-only'];
  if (writesOnly && !values.postgres) throw new Error('--writes-only goes with --postgres');
  const log = (line: string) => console.log(line);
  const startedAt = performance.now();

  const dir = mkdtempSync(join(tmpdir(), 'gigs-bench-api-'));
  let failed = false;
  try {
    // 1. Databases
    const spec = (jobs: number): SeedSpec => ({
      jobs,
      artists,
      employers: Math.max(20, Math.round(jobs / 50)),
      seekers: Math.max(200, Math.round(jobs / 100)),
    });
    log(`Seeding temporary databases in ${dir}`);
    const seeds: SeedResult[] = [];
    const sizes = writesOnly ? [large] : [small, large, wholeSize];
    for (const [index, jobs] of sizes.entries()) {
      const seeded = await seedDatabase(
        join(dir, `jobs-${jobs}-${index}.db`),
        spec(jobs),
        0x5eed + index,
      );
      seeds.push(seeded);
      log(
        `  ${fmtInt(jobs)} jobs (${fmtInt(seeded.activeJobs)} active, ${fmtInt(seeded.applications)} applications), ` +
          `${fmtInt(seeded.spec.artists)} artists, ${fmtInt(seeded.spec.employers)} employers, ${fmtInt(seeded.spec.seekers)} job seekers: ` +
          `${(seeded.ms / 1000).toFixed(2)} s, ${fmtKb(seeded.bytes)} file`,
      );
    }
    if (writesOnly) {
      const largeDb = seeds[0] as SeedResult;
      const writes = await writesOnBothEngines(largeDb, undefined, q, options, log);
      if (writes.failed) failed = true;
      log('\nThe data versions alone (an application insert per transaction, durable):');
      const versionServer = await startPostgres({ durable: true });
      let versions: VersionQueueRate[];
      try {
        versions = await versionQueue(versionServer, { seconds: options.duration }, log);
      } finally {
        await versionServer.stop();
      }
      const report: WritesReport = {
        date: new Date().toISOString().slice(0, 10),
        machine: machine(),
        command: command(),
        options,
        seed: largeDb,
        writes: writes.rates,
        versions,
      };
      if (!values['no-docs']) {
        writePerformanceSection(WRITES_SECTION_HEADING, writesSection(report));
        log(`\nWrote the figures to ${PERFORMANCE_DOC}`);
      }
      log(
        `Done in ${((performance.now() - startedAt) / 1000).toFixed(0)} s${failed ? '; FAIL: errors or 5xx' : ''}`,
      );
      return;
    }
    const [smallDb, largeDb, wholeDb] = seeds as [SeedResult, SeedResult, SeedResult];

    // 2. Where the time goes, in-process
    log('\nIn-process profile (repository calls through a logging Kysely; EXPLAIN QUERY PLAN):');
    const profiles = [];
    for (const seeded of [smallDb, largeDb]) {
      const p = await profileSize(seeded.path, seeded.spec.jobs, q, seeded.jobIds[0] as number);
      profiles.push(p);
      for (const key of ['first', 'filtered', 'searched', 'short', 'job', 'artists'] as const) {
        printProfile(seeded.spec.jobs, p[key], seeded === largeDb);
      }
    }

    // 3. The unpaged design
    const whole = await wholeList(wholeDb.path);
    log(
      `\nWhole list at ${fmtInt(whole.jobs)} active jobs: built in ${whole.buildMs.query.toFixed(0)} ms + ` +
        `${whole.buildMs.stringify.toFixed(0)} ms JSON.stringify; raw ${fmtKb(whole.rawBytes)}, gzip ${fmtKb(whole.gzipBytes)}, ` +
        `brotli q${SERVER_BROTLI_QUALITY} ${fmtKb(whole.brotliBytes)} (q11 ${fmtKb(whole.brotliMaxBytes)}); ` +
        `at 400 kbit/s ${seconds(whole.brotliBytes).toFixed(1)} s (raw ${seconds(whole.rawBytes).toFixed(0)} s)`,
    );
    log(
      `One 20-job page: raw ${fmtKb(whole.page.rawBytes)}, gzip ${fmtKb(whole.page.gzipBytes)}, brotli ${fmtKb(whole.page.brotliBytes)}; ` +
        `at 400 kbit/s ${seconds(whole.page.brotliBytes).toFixed(2)} s`,
    );

    // 4. The real server under load
    const results: Measured[] = [];
    for (const seeded of [smallDb, largeDb]) {
      log(`\nLoad, ${fmtInt(seeded.spec.jobs)} jobs:`);
      const run = await benchServer(seeded, endpoints(q), options, log);
      results.push(...run.results);
      if (run.serverErrors > 0 || run.busy > 0) {
        failed = true;
        log(`  server log: ${run.serverErrors} error lines, ${run.busy} SQLITE_BUSY`);
      }
    }
    if (results.some((r) => r.errors > 0 || /\b5\d\d x/.test(r.statuses))) failed = true;

    // 5. One employer's own list, at both sizes
    log(`\nOne employer's own list (?employerId=):`);
    // Its "whole list" row stringifies every job of the employer: a million of them are more
    // than a JavaScript string holds, so one employer has at most EMPLOYER_MAX_JOBS.
    const employer = await employerListBench(
      dir,
      [small, Math.min(large, EMPLOYER_MAX_JOBS)],
      options,
      log,
    );
    const employerLoads = [employer.small.load, employer.large.load];
    if (employerLoads.some((r) => !r || r.errors > 0 || /\b5\d\d x/.test(r.statuses))) {
      failed = true;
    }

    // 6. PostgreSQL: the same load on a copy of the same data; writes with 1 and 3 processes
    let postgres: Report['postgres'];
    let writes: WriteRate[] = [];
    if (values.postgres) {
      const server = await startPostgres({ durable: true, settings: COUNTING_SETTINGS });
      try {
        const copies: PostgresCopy[] = [];
        const postgresResults: Measured[] = [];
        for (const seeded of [smallDb, largeDb]) {
          const name = `jobs_${seeded.spec.jobs}`;
          const copy = await copyToPostgres(seeded, server, name);
          copies.push(copy);
          log(
            `\nLoad on PostgreSQL, ${fmtInt(seeded.spec.jobs)} jobs (copied in ${(copy.ms / 1000).toFixed(0)} s, ${fmtKb(copy.bytes)}):`,
          );
          const run = await benchServer(seeded, endpoints(q), options, log, {
            databaseUrl: copy.url,
            statements: await statementCounter(server, name),
          });
          postgresResults.push(...run.results);
          if (run.serverErrors > 0) failed = true;
        }
        postgres = { copies, results: postgresResults };
        const run = await writesOnBothEngines(
          largeDb,
          { server, copy: copies[1] as PostgresCopy, name: `jobs_${largeDb.spec.jobs}` },
          q,
          options,
          log,
          { readsToo: false },
        );
        writes = run.rates;
        if (run.failed) failed = true;
      } finally {
        await server.stop();
      }
      const all = [...(postgres?.results ?? []), ...writes.map((write) => write.measured)];
      if (all.some((r) => r.errors > 0 || /\b5\d\d x/.test(r.statuses))) failed = true;
    }

    // 7. Ratios and goals
    const report: Report = {
      date: new Date().toISOString().slice(0, 10),
      machine: machine(),
      command: command(),
      options,
      seeds,
      small,
      large,
      results,
      whole,
      profiles,
      employer,
      ...(postgres ? { postgres, writes } : {}),
    };
    log(
      `\n${fmtInt(large)}/${fmtInt(small)} latency ratios (goal for the first page: <= ${GOAL_RATIO}):`,
    );
    for (const r of results.filter((x) => x.jobs === large)) {
      const s = results.find((x) => x.key === r.key && x.jobs === small);
      if (!s) continue;
      log(
        `  ${r.label.padEnd(52)} p50 ${fmtRatio(r.p50, s.p50).padStart(5)}  p99 ${fmtRatio(r.p99, s.p99).padStart(5)}  req/s ${fmtRatio(r.rps, s.rps)}`,
      );
    }
    const verdict = goals(report);
    for (const line of noiseNote(results)) if (line) log(`\nWARNING: ${line}`);
    log(
      `\nGoal: first page at ${fmtInt(large)} jobs >= ${GOAL_RPS} req/s with p99 < ${GOAL_P99_MS} ms: ` +
        `${verdict.throughputMet ? 'met' : 'NOT MET'} (${fmtInt(verdict.large?.rps ?? 0)} req/s, p99 ${verdict.large?.p99} ms)`,
    );
    log(
      `Goal: first page ${fmtInt(large)}/${fmtInt(small)} ratio <= ${GOAL_RATIO}: ${verdict.ratioMet ? 'met' : 'NOT MET'} ` +
        `(p50 ${verdict.p50Ratio.toFixed(2)}, p99 ${verdict.p99Ratio.toFixed(2)})`,
    );
    log(`\n${markdown(report)}`);
    if (!values['no-docs']) {
      const kept = keptPostgresParagraph(readPerformanceSection(SECTION_HEADING));
      writePerformanceSection(SECTION_HEADING, apiSection(report, kept));
      log(`\nWrote the summary to ${PERFORMANCE_DOC}`);
    }
    log(
      `Done in ${((performance.now() - startedAt) / 1000).toFixed(0)} s${failed ? '; FAIL: errors or 5xx' : ''}`,
    );
  } finally {
    if (values.keep) log(`Databases kept in ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
  process.exitCode = failed ? 1 : 0;
}

/**
 * POST /api/applications on SQLite and on PostgreSQL (a copy of `seeded`), with one server
 * process and with three on one database; with `readsToo`, the hot reads first (one process).
 * Without a PostgreSQL copy, starts a durable server and copies `seeded` into it.
 */
async function writesOnBothEngines(
  seeded: SeedResult,
  given: { server: PostgresServer; copy: PostgresCopy; name: string } | undefined,
  q: string,
  options: LoadOptions,
  log: (line: string) => void,
  { readsToo = true }: { readsToo?: boolean } = {},
): Promise<{ rates: WriteRate[]; failed: boolean }> {
  const server =
    given?.server ?? (await startPostgres({ durable: true, settings: COUNTING_SETTINGS }));
  const rates: WriteRate[] = [];
  let failed = false;
  try {
    const name = given?.name ?? `jobs_${seeded.spec.jobs}`;
    let copy = given?.copy;
    if (!copy) {
      copy = await copyToPostgres(seeded, server, name);
      log(
        `\nCopied ${fmtInt(seeded.spec.jobs)} jobs to PostgreSQL in ${(copy.ms / 1000).toFixed(0)} s`,
      );
    }
    const statements = await statementCounter(server, name);
    const all = endpoints(q);
    const apply = all.filter((endpoint) => endpoint.key === 'apply');
    const hot = all.filter((endpoint) => HOT_READS.includes(endpoint.key));
    for (const engine of ['SQLite', 'PostgreSQL'] as const) {
      for (const instances of [1, 3]) {
        log(`\nWrites, ${engine}, ${instances} server process${instances > 1 ? 'es' : ''}:`);
        const run = await benchServer(
          seeded,
          readsToo && instances === 1 ? [...hot, ...apply] : apply,
          options,
          log,
          { instances, ...(engine === 'PostgreSQL' ? { databaseUrl: copy.url, statements } : {}) },
        );
        if (run.serverErrors > 0) failed = true;
        for (const measured of run.results) rates.push({ engine, instances, measured });
      }
    }
  } finally {
    if (!given) await server.stop();
  }
  if (rates.some(({ measured: r }) => r.errors > 0 || /\b5\d\d x/.test(r.statuses))) failed = true;
  return { rates, failed };
}

/** The reads whose round trips the writes-only run counts beside the writes. */
const HOT_READS: readonly string[] = ['first', 'filtered', 'job'];

function machine(): string {
  return `${cpus().length} CPUs (nproc ${nproc()}), ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}, ${process.platform}`;
}

function command(): string {
  return `npm run bench:api${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`;
}

function nproc(): string {
  try {
    return execFileSync('nproc', { encoding: 'utf8' }).trim();
  } catch {
    return String(cpus().length);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  await main();
}
