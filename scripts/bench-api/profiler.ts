/**
 * Where a request's time goes, in-process: a repository call run again and again through a
 * Kysely that logs every query's time, with each statement's EXPLAIN QUERY PLAN, then the
 * steps after it (JSON, the ETag hash, compression).
 */
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import SQLite from 'better-sqlite3';
import { Kysely, type LogEvent, SqliteDialect } from 'kysely';
import type { Database } from '../../api/db/database.ts';
import { fmtInt, SERVER_BROTLI_QUALITY } from './format.ts';

interface CapturedQuery {
  sql: string;
  parameters: readonly unknown[];
  ms: number;
}

export interface ProfileStep {
  label: string;
  ms: number;
  detail: string;
}

export interface Profile {
  label: string;
  calls: number;
  msPerCall: number;
  steps: ProfileStep[];
  plans: { sql: string; plan: string[] }[];
  jsonBytes: number;
  brotliBytes: number;
}

interface Profiler {
  db: Kysely<Database>;
  sqlite: SQLite.Database;
  captured: CapturedQuery[] | null;
  close: () => Promise<void>;
}

/** A Kysely on its own handle (same pragmas as openDatabase) that logs every query's time. */
export function openProfiler(path: string): Profiler {
  const sqlite = new SQLite(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  const profiler: Profiler = {
    sqlite,
    captured: null,
    db: undefined as unknown as Kysely<Database>,
    close: async () => {
      await profiler.db.destroy();
    },
  };
  profiler.db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: sqlite }),
    log: (event: LogEvent) => {
      profiler.captured?.push({
        sql: event.query.sql,
        parameters: event.query.parameters,
        ms: event.queryDurationMillis,
      });
    },
  });
  return profiler;
}

const timeIt = (fn: () => unknown, budgetMs = 300, maxRuns = 2_000) => {
  const started = performance.now();
  let runs = 0;
  while (runs < maxRuns && performance.now() - started < budgetMs) {
    fn();
    runs++;
  }
  return (performance.now() - started) / runs;
};

const shortSql = (sql: string) => {
  const flat = sql.replace(/\s+/g, ' ').replaceAll('"', '');
  return flat.length > 150 ? `${flat.slice(0, 147)}...` : flat;
};

export async function profile(
  profiler: Profiler,
  label: string,
  run: () => Promise<unknown>,
  budgetMs = 1_500,
  maxCalls = 1_000,
): Promise<Profile> {
  await run(); // warm the statement cache and the pages
  const captured: CapturedQuery[] = [];
  profiler.captured = captured;
  let calls = 0;
  let result: unknown;
  const started = performance.now();
  while (calls < maxCalls && performance.now() - started < budgetMs) {
    result = await run();
    calls++;
  }
  const msPerCall = (performance.now() - started) / calls;
  profiler.captured = null;

  const bySql = new Map<string, { ms: number; count: number; parameters: readonly unknown[] }>();
  for (const query of captured) {
    const entry = bySql.get(query.sql) ?? { ms: 0, count: 0, parameters: query.parameters };
    entry.ms += query.ms;
    entry.count++;
    bySql.set(query.sql, entry);
  }
  const steps: ProfileStep[] = [];
  const plans: { sql: string; plan: string[] }[] = [];
  for (const [sql, entry] of bySql) {
    steps.push({ label: 'SQL', ms: entry.ms / calls, detail: shortSql(sql) });
    const plan = profiler.sqlite
      .prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .all(...(entry.parameters as unknown[])) as { id: number; parent: number; detail: string }[];
    const depth = new Map<number, number>([[0, 0]]);
    plans.push({
      sql: shortSql(sql),
      plan: plan.map((row) => {
        const level = (depth.get(row.parent) ?? 0) + 1;
        depth.set(row.id, level);
        return `${'  '.repeat(level)}${row.detail}`;
      }),
    });
  }
  const items = (result as { items?: unknown[] })?.items ?? result;
  const json = JSON.stringify(items);
  const brotli = (text: string) =>
    brotliCompressSync(text, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: SERVER_BROTLI_QUALITY },
    });
  const brotliBytes = brotli(json).length;
  steps.push(
    {
      label: 'JSON.stringify',
      ms: timeIt(() => JSON.stringify(items)),
      detail: `${json.length} bytes`,
    },
    {
      label: 'ETag (sha1, @fastify/etag)',
      ms: timeIt(() => createHash('sha1').update(json).digest('base64')),
      detail: '',
    },
    {
      label: `brotli q${SERVER_BROTLI_QUALITY}`,
      ms: timeIt(() => brotli(json)),
      detail: `${brotliBytes} bytes`,
    },
    { label: 'gzip', ms: timeIt(() => gzipSync(json)), detail: `${gzipSync(json).length} bytes` },
  );
  return {
    label,
    calls,
    msPerCall,
    steps,
    plans,
    jsonBytes: Buffer.byteLength(json),
    brotliBytes,
  };
}

export function printProfile(size: number, p: Profile, withPlans: boolean) {
  console.log(
    `  [${fmtInt(size)} jobs] ${p.label}: ${p.msPerCall.toFixed(3)} ms a call (repository, ${p.calls} calls)`,
  );
  for (const step of p.steps) {
    console.log(
      `      ${step.ms.toFixed(3).padStart(8)} ms  ${step.label === 'SQL' ? step.detail : `${step.label} ${step.detail}`}`,
    );
  }
  if (withPlans) {
    for (const { sql, plan } of p.plans) {
      console.log(`      plan of: ${sql}`);
      for (const line of plan) console.log(`        ${line}`);
    }
  }
}
