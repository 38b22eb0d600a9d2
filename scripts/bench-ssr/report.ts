/**
 * The server-rendering benchmark's figures: the full table for the terminal, and the short
 * section of docs/PERFORMANCE.md (the drawn pages, the goal).
 */
import { cpus } from 'node:os';
import { fmtInt } from '../bench-api/format.ts';

export const SSR_HEADING = '## Server rendering (npm run bench:ssr)';
export const GOAL_P99_MS = 50;

export interface Row {
  label: string;
  /** How docs/PERFORMANCE.md names the row; rows without one are not in its table. */
  docLabel?: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  bytesPerResponse: number;
  loadBefore: number;
  loadAfter: number;
}

export interface SsrRun {
  jobs: number;
  duration: number;
  connections: number;
  met: boolean;
}

/** The full table, for the terminal. */
export function markdown(rows: Row[], run: SsrRun): string {
  const rendered = rows.find((row) => row.label.startsWith('GET /jobs (first page'));
  return [
    '# Server rendering: the full report',
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus().length} CPUs (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}, with \`npm run bench:ssr\`: the real server (production build, NODE_ENV=test, LOG_LEVEL=warn) on a temporary database of ${fmtInt(run.jobs)} jobs, autocannon on the same machine (${run.connections} connections, ${run.duration} s per row after a 1 s warm-up, \`accept-encoding: br, gzip\`, no cookies: a visitor). The machine is shared: the 1-minute load average before and after each row is beside it, and any load above 2 (its 2 cores) took CPU from the server and the bench alike.`,
    '',
    '| Request | Requests/s | p50 ms | p99 ms | Errors | Non-2xx | Bytes/response | Load average |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
    ...rows.map(
      (row) =>
        `| ${row.label} | ${fmtInt(row.rps)} | ${row.p50} | ${row.p99} | ${row.errors} | ${row.non2xx} | ${fmtInt(row.bytesPerResponse)} | ${row.loadBefore.toFixed(1)} -> ${row.loadAfter.toFixed(1)} |`,
    ),
    '',
    `Goal: the rendered first page of jobs at ${fmtInt(run.jobs)} jobs with p99 under ${GOAL_P99_MS} ms: ${run.met ? 'met' : '**not met**'} (p99 ${rendered?.p99 ?? '?'} ms).`,
    '',
    "A rendered list page or job page is kept in the list cache until the data it shows changes, like the JSON page it is drawn from (with its compressed copies and ETag), so a repeat costs one read of the data versions. An artist's page is drawn afresh each time (1 to 3 ms of CPU plus its data); beyond 2 pages drawn at once or 500 ms of drawing in a second a visitor gets the app shell, so its row mixes drawn pages and shells. A rendered page carries its data twice (drawn, and as JSON for the app), so it is about twice the JSON answer on the wire.",
  ].join('\n');
}

/** The section of docs/PERFORMANCE.md. */
export function ssrSection(rows: Row[], run: SsrRun): string {
  const loads = rows.flatMap((row) => [row.loadBefore, row.loadAfter]);
  return [
    SSR_HEADING,
    '',
    `\`npm run bench:ssr\`, ${new Date().toISOString().slice(0, 10)}, ${fmtInt(run.jobs)} jobs, a visitor, ` +
      `load average ${Math.min(...loads).toFixed(1)} to ${Math.max(...loads).toFixed(1)}:`,
    '',
    '| Request | Requests/s | p99 |',
    '|---|---:|---:|',
    ...rows.flatMap((row) =>
      row.docLabel ? [`| ${row.docLabel} | ${fmtInt(row.rps)} | ${row.p99} ms |`] : [],
    ),
    '',
    `Goal: the drawn first page of jobs at ${fmtInt(run.jobs)} jobs with p99 under ${GOAL_P99_MS} ms: ` +
      `${run.met ? 'met' : '**not met**'}. A drawn page carries its data twice (drawn, and as JSON for the app). ` +
      'Pages that depend on a session are drawn per request, `private, no-store` (ADR 031), and are not in these rows.',
    '',
  ].join('\n');
}
