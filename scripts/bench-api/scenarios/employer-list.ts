/**
 * One employer's own list (`?employerId=`): the employer dashboard's My Jobs and its figures,
 * at 1,000 and at 100,000 jobs of one employer, and the whole list they replaced.
 */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import * as v from 'valibot';
import { employerJobsSummary, listJobs } from '../../../api/jobs/jobs-repository.ts';
import { ListCache } from '../../../api/lib/list-cache/list-cache.ts';
import { jobList } from '../../../api/lib/list-cache/lists.ts';
import { dataVersionsTable } from '../../../api/lib/list-cache/version-source.ts';
import { JobListQuerySchema } from '../../../contracts/jobs.schemas.ts';
import { seedDatabase } from '../bulk-seed.ts';
import { fmtInt, fmtKb, fmtRatio, noiseNote } from '../format.ts';
import { benchServer, type LoadOptions, type Measured } from '../load.ts';
import { openProfiler, type Profile, profile } from '../profiler.ts';
import { unpagedJobs } from './unpaged-jobs.ts';

interface EmployerListSize {
  jobs: number;
  seedMs: number;
  employerId: number;
  /** The first page as the server computes it when the cache cannot answer (count cached). */
  firstPage: Profile;
  /** The dashboard's figures (GET /api/jobs/summary): one count query over the employer's jobs. */
  summary: Profile;
  /** The design this replaced: every one of the employer's jobs in one answer (the quickest of 3). */
  whole: { ms: number; jsonBytes: number };
  /** The real server under load: GET /api/jobs?employerId= (first page). */
  load: Measured | undefined;
}

/** The quicker of two profiles of the same call: other processes only ever add time. */
const quicker = (a: Profile | undefined, b: Profile) => (a && a.msPerCall <= b.msPerCall ? a : b);

/**
 * Seeds a database per size where one employer posted every job, then prices that employer's
 * first page and the dashboard's figures in-process (three rounds taking turns between the
 * sizes, the quickest of each kept, so a busy moment cannot land on one size alone), the whole
 * list the page replaced, and the first page under load on the real server.
 */
export async function employerListBench(
  dir: string,
  sizes: readonly [number, number],
  options: LoadOptions,
  log: (line: string) => void,
): Promise<EmployerListReport> {
  const seeded = [];
  for (const jobs of sizes) {
    const database = await seedDatabase(
      join(dir, `employer-${jobs}.db`),
      { jobs, artists: 10, employers: 1, seekers: 200 },
      0xe3b1 + jobs,
    );
    const sqlite = new SQLite(database.path, { readonly: true });
    const employer = sqlite.prepare("SELECT id FROM users WHERE role = 'employer'").get() as {
      id: number;
    };
    sqlite.close();
    seeded.push({ database, employerId: employer.id });
  }
  const best = seeded.map(() => ({
    firstPage: undefined as Profile | undefined,
    summary: undefined as Profile | undefined,
    wholeMs: Number.POSITIVE_INFINITY,
    jsonBytes: 0,
  }));
  for (let round = 0; round < 3; round++) {
    for (const [index, { database, employerId }] of seeded.entries()) {
      const kept = best[index] as (typeof best)[number];
      const profiler = openProfiler(database.path);
      try {
        const cache = new ListCache(dataVersionsTable(profiler.db));
        const query = v.parse(JobListQuerySchema, { employerId: String(employerId) });
        const page = await profile(profiler, 'GET /api/jobs?employerId= (first page)', async () =>
          listJobs(profiler.db, query, query, cache.countOf(jobList(query))),
        );
        kept.firstPage = quicker(kept.firstPage, page);
        const figures = await profile(profiler, 'GET /api/jobs/summary', () =>
          employerJobsSummary(profiler.db, employerId),
        );
        kept.summary = quicker(kept.summary, figures);
        const started = performance.now();
        kept.jsonBytes = Buffer.byteLength(
          JSON.stringify(await unpagedJobs(profiler.db, { employerId })),
        );
        kept.wholeMs = Math.min(kept.wholeMs, performance.now() - started);
      } finally {
        await profiler.close();
      }
    }
  }
  const measured = seeded.map(({ database, employerId }, index) => {
    const kept = best[index] as (typeof best)[number];
    return {
      jobs: database.spec.jobs,
      seedMs: database.ms,
      employerId,
      firstPage: kept.firstPage as Profile,
      summary: kept.summary as Profile,
      whole: { ms: kept.wholeMs, jsonBytes: kept.jsonBytes },
    };
  });
  const results: EmployerListSize[] = [];
  for (const [index, size] of measured.entries()) {
    log(
      `  ${fmtInt(size.jobs)} jobs of one employer: first page ${size.firstPage.msPerCall.toFixed(3)} ms, ` +
        `figures ${size.summary.msPerCall.toFixed(3)} ms, whole list ${size.whole.ms.toFixed(0)} ms / ${fmtKb(size.whole.jsonBytes)}`,
    );
    const run = await benchServer(
      (seeded[index] as (typeof seeded)[number]).database,
      [
        {
          key: 'employer',
          label: "GET /api/jobs?employerId= (an employer's first page)",
          path: `/api/jobs?employerId=${size.employerId}`,
        },
      ],
      options,
      log,
    );
    results.push({ ...size, load: run.results[0] });
  }
  return { small: results[0] as EmployerListSize, large: results[1] as EmployerListSize };
}

export interface EmployerListReport {
  small: EmployerListSize;
  large: EmployerListSize;
}

export function employerMarkdown({ small, large }: EmployerListReport): string[] {
  const ratio = (pick: (size: EmployerListSize) => number) => fmtRatio(pick(large), pick(small));
  const lines = [
    `### An employer's own list (\`?employerId=\`) at ${fmtInt(small.jobs)} vs ${fmtInt(large.jobs)} of that employer's jobs`,
    '',
    'One employer posted every job of its database (the flood the posting limits now stop). ' +
      'The employer dashboard reads its jobs a page at a time and its figures from `GET /api/jobs/summary`; ' +
      '"whole list" is the design this replaced, every one of the employer\'s jobs in one answer.',
    '',
    `| What | ${fmtInt(small.jobs)} jobs | ${fmtInt(large.jobs)} jobs | Ratio |`,
    '|---|---:|---:|---:|',
    `| First page under load (cached answer): requests/s | ${fmtInt(small.load?.rps ?? 0)} | ${fmtInt(large.load?.rps ?? 0)} | ${ratio((x) => x.load?.rps ?? 0)} |`,
    `| First page under load: p50 / p99 ms | ${small.load?.p50 ?? 'n/a'} / ${small.load?.p99 ?? 'n/a'} | ${large.load?.p50 ?? 'n/a'} / ${large.load?.p99 ?? 'n/a'} | ${ratio((x) => x.load?.p50 ?? 0)} / ${ratio((x) => x.load?.p99 ?? 0)} |`,
    `| First page under load: bytes a response on the wire | ${fmtInt(small.load?.wireBytesPerResponse ?? 0)} | ${fmtInt(large.load?.wireBytesPerResponse ?? 0)} | ${ratio((x) => x.load?.wireBytesPerResponse ?? 0)} |`,
    `| First page computed afresh (repository call, count cached), ms | ${small.firstPage.msPerCall.toFixed(3)} | ${large.firstPage.msPerCall.toFixed(3)} | ${ratio((x) => x.firstPage.msPerCall)} |`,
    `| First page JSON | ${fmtKb(small.firstPage.jsonBytes)} | ${fmtKb(large.firstPage.jsonBytes)} | ${ratio((x) => x.firstPage.jsonBytes)} |`,
    `| Dashboard figures (one count query), ms | ${small.summary.msPerCall.toFixed(3)} | ${large.summary.msPerCall.toFixed(3)} | ${ratio((x) => x.summary.msPerCall)} |`,
    `| Whole list, as before: query, mapping and JSON, ms | ${small.whole.ms.toFixed(0)} | ${large.whole.ms.toFixed(0)} | ${ratio((x) => x.whole.ms)} |`,
    `| Whole list, as before: JSON | ${fmtKb(small.whole.jsonBytes)} | ${fmtKb(large.whole.jsonBytes)} | ${ratio((x) => x.whole.jsonBytes)} |`,
    '',
    'The figures are the one query that grows with the employer: it counts index entries (no rows are read), and the posting limits ' +
      '(30 jobs an hour, 100 a day) keep a real employer far below these sizes.',
    ...noiseNote([small.load, large.load].filter((r): r is Measured => r !== undefined)),
    '',
  ];
  return lines;
}
