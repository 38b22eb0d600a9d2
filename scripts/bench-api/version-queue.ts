/**
 * The data versions alone (docs/decisions/030): durable commits a second of one application
 * insert per transaction (its trigger bumps `application_counts`), many writers at once on one
 * durable PostgreSQL, with the versions in one row per name (as before migration 0031, made by
 * its `down`) and in slots. No HTTP server and no other statement: only what the versions cost.
 */
import { loadavg } from 'node:os';
import pg from 'pg';
import { migrateToLatest } from '../../api/db/migrate.ts';
import { down as oneRowPerName } from '../../api/db/migrations/0031_versions_without_a_queue.ts';
import { openPostgres } from '../../api/db/postgres.ts';
import type { PostgresServer } from '../lib/postgres-server.ts';

export interface VersionQueueRate {
  scheme: 'one row per name' | 'slots';
  writers: number;
  commitsPerSecond: number;
  load: number;
}

const JOBS = 200;

async function measure(
  server: PostgresServer,
  scheme: VersionQueueRate['scheme'],
  writers: number,
  seconds: number,
): Promise<VersionQueueRate> {
  const name = `versions_${scheme === 'slots' ? 'slots' : 'one_row'}_${Date.now().toString(36)}`;
  await server.createDatabase(name);
  try {
    const db = openPostgres(server.url(name));
    await migrateToLatest(db);
    if (scheme === 'one row per name') await oneRowPerName(db);
    await db.destroy();
    const setup = new pg.Client({ connectionString: server.url(name) });
    await setup.connect();
    await setup.query(
      `INSERT INTO users (phone_number, first_name, last_name, role)
         SELECT '+23320' || lpad(n::text, 7, '0'), 'Ama', 'Mensah', 'job_seeker'
         FROM generate_series(1, 20000) AS n`,
    );
    await setup.query(
      `INSERT INTO jobs (employer_id, title, description, category, region, job_type, fixed_price_pesewas, required_skills)
         SELECT 1, 'Plumber ' || n, 'Fix the pipes.', 'skilled_trades', 'Volta', 'fixed', 50000, '[]'
         FROM generate_series(1, ${JOBS}) AS n`,
    );
    await setup.end();
    let next = 0;
    let commits = 0;
    const until = Date.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: writers }, async () => {
        const client = new pg.Client({ connectionString: server.url(name) });
        await client.connect();
        try {
          while (Date.now() < until) {
            const n = next++;
            await client.query('BEGIN');
            await client.query(
              'INSERT INTO applications (job_id, applicant_id, cover_letter) VALUES ($1, $2, $3)',
              [1 + (n % JOBS), 1 + Math.floor(n / JOBS), 'I can do it.'],
            );
            await client.query('COMMIT');
            commits++;
          }
        } finally {
          await client.end();
        }
      }),
    );
    return { scheme, writers, commitsPerSecond: commits / seconds, load: loadavg()[0] ?? 0 };
  } finally {
    await server.dropDatabase(name);
  }
}

/** Both schemes, interleaved (one row, slots, one row, slots) so that both see the same load. */
export async function versionQueue(
  server: PostgresServer,
  { writers = 32, seconds = 5 }: { writers?: number; seconds?: number } = {},
  log: (line: string) => void = () => undefined,
): Promise<VersionQueueRate[]> {
  const rates: VersionQueueRate[] = [];
  for (const scheme of ['one row per name', 'slots', 'one row per name', 'slots'] as const) {
    const rate = await measure(server, scheme, writers, seconds);
    log(
      `  ${scheme.padEnd(17)} ${writers} writers: ${rate.commitsPerSecond.toFixed(0)} durable commits/s (load ${rate.load.toFixed(1)})`,
    );
    rates.push(rate);
  }
  return rates;
}
