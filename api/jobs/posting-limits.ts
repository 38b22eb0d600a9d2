import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { waitText } from '../lib/caps.ts';
import { LimitReached } from '../lib/domain-errors.ts';
import { nthNewestJobSince } from './jobs-repository.ts';

const HOUR_MS = 3_600_000;

/**
 * How many jobs one employer may post, counted from the jobs table itself (so every process
 * and every restart sees the same count). A busy agency posts a few a day; thousands in seconds
 * is someone flooding the lists.
 */
const JOB_POSTING_LIMITS = [
  { max: 30, windowMs: HOUR_MS, per: 'an hour' },
  { max: 100, windowMs: 24 * HOUR_MS, per: 'a day' },
] as const;

/**
 * Refuses a new job (LimitReached, with the wait) while the employer is at a limit: the wait is until
 * the job that filled the window ages out of it.
 */
export async function checkJobPostingLimits(
  db: Kysely<Database>,
  employerId: number,
  now: Date,
): Promise<void> {
  for (const limit of JOB_POSTING_LIMITS) {
    const since = new Date(now.getTime() - limit.windowMs).toISOString();
    const filledAt = await nthNewestJobSince(db, employerId, since, limit.max);
    if (filledAt === undefined) continue;
    const waitMs = Date.parse(filledAt) + limit.windowMs - now.getTime();
    throw new LimitReached(
      `You can post at most ${limit.max} jobs ${limit.per}. Please try again in ${waitText(waitMs / 1000)}.`,
      waitMs / 1000,
    );
  }
}
