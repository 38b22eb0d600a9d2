/** The unpaged design: every active job in one response, against one 20-job page. */
import { performance } from 'node:perf_hooks';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import * as v from 'valibot';
import { openDatabase } from '../../../api/db/database.ts';
import { listJobs } from '../../../api/jobs/jobs-repository.ts';
import { JobListQuerySchema } from '../../../contracts/jobs.schemas.ts';
import { fmtInt, fmtKb, SERVER_BROTLI_QUALITY, seconds } from '../format.ts';
import { unpagedJobs } from './unpaged-jobs.ts';

export interface WholeList {
  jobs: number;
  buildMs: { query: number; stringify: number };
  rawBytes: number;
  gzipBytes: number;
  brotliBytes: number;
  brotliMaxBytes: number;
  compressMs: { gzip: number; brotli: number };
  page: { rawBytes: number; gzipBytes: number; brotliBytes: number };
}

export async function wholeList(path: string): Promise<WholeList> {
  const db = openDatabase(path);
  try {
    const everything = () => unpagedJobs(db);
    await everything(); // warm
    const queryRuns: number[] = [];
    const stringifyRuns: number[] = [];
    let json = '';
    let count = 0;
    for (let run = 0; run < 5; run++) {
      const started = performance.now();
      const jobs = await everything();
      const built = performance.now();
      json = JSON.stringify(jobs);
      stringifyRuns.push(performance.now() - built);
      queryRuns.push(built - started);
      count = jobs.length;
    }
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const brotli = (text: string, quality: number) =>
      brotliCompressSync(text, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: quality,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
        },
      }).length;
    let started = performance.now();
    const gzipBytes = gzipSync(json).length;
    const gzipMs = performance.now() - started;
    started = performance.now();
    const brotliBytes = brotli(json, SERVER_BROTLI_QUALITY);
    const brotliMs = performance.now() - started;
    const page = JSON.stringify((await listJobs(db, v.parse(JobListQuerySchema, {}), {})).items);
    return {
      jobs: count,
      buildMs: { query: median(queryRuns), stringify: median(stringifyRuns) },
      rawBytes: Buffer.byteLength(json),
      gzipBytes,
      brotliBytes,
      brotliMaxBytes: brotli(json, 11),
      compressMs: { gzip: gzipMs, brotli: brotliMs },
      page: {
        rawBytes: Buffer.byteLength(page),
        gzipBytes: gzipSync(page).length,
        brotliBytes: brotli(page, SERVER_BROTLI_QUALITY),
      },
    };
  } finally {
    await db.destroy();
  }
}

/** The section of docs/PERFORMANCE.md that prices the whole list against one page. */
export function wholeListMarkdown(w: WholeList): string[] {
  return [
    `### Whole list (unpaged design) at ${fmtInt(w.jobs)} active jobs vs one 20-job page`,
    '',
    `Every active job built in-process as the API would (Kysely query with the application count, \`jobRowToJob\`, \`JSON.stringify\`) ` +
      `took ${w.buildMs.query.toFixed(0)} ms for the query and mapping plus ${w.buildMs.stringify.toFixed(0)} ms to serialise (median of 5); ` +
      `compressing it took ${w.compressMs.gzip.toFixed(0)} ms (gzip) or ${w.compressMs.brotli.toFixed(0)} ms (brotli q${SERVER_BROTLI_QUALITY}).`,
    '',
    '| Response | Raw JSON | gzip | brotli (server, q4) | brotli q11 | Download at 400 kbit/s (server brotli) |',
    '|---|---:|---:|---:|---:|---:|',
    `| All ${fmtInt(w.jobs)} active jobs | ${fmtKb(w.rawBytes)} | ${fmtKb(w.gzipBytes)} | ${fmtKb(w.brotliBytes)} | ${fmtKb(w.brotliMaxBytes)} | ${seconds(w.brotliBytes).toFixed(1)} s (raw ${seconds(w.rawBytes).toFixed(0)} s) |`,
    `| One page of 20 | ${fmtKb(w.page.rawBytes)} | ${fmtKb(w.page.gzipBytes)} | ${fmtKb(w.page.brotliBytes)} | | ${seconds(w.page.brotliBytes).toFixed(2)} s |`,
    '',
    'The seeded descriptions are built from templates and compress better than real text, so real compressed sizes would be larger.',
    '',
  ];
}
