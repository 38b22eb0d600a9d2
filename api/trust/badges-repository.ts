import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';

/**
 * "Paid through Ghana Gigs: N gigs": the engagements a person took part in, on either side
 * (paying for work or paid for it, jobs and bookings alike), whose escrow was released: the
 * work was confirmed done and the money went to the worker or artist through the platform.
 */
export async function paidGigs(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('payments.status', '=', 'released')
    .where((eb) => eb.or([eb('payer_id', '=', userId), eb('payee_id', '=', userId)]))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** An employer's public figures: jobs shown on Ghana Gigs, and applicants they took on. */
export async function employerFigures(
  db: Kysely<Database>,
  userId: number,
): Promise<{ jobsPosted: number; hiresMade: number }> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('jobs')
        .select(eb.fn.countAll<number>().as('count'))
        .where('jobs.employer_id', '=', userId)
        .where('jobs.moderation', '=', 'published')
        .as('jobs_posted'),
      eb
        .selectFrom('applications')
        .innerJoin('jobs', 'jobs.id', 'applications.job_id')
        .select(eb.fn.countAll<number>().as('count'))
        .where('jobs.employer_id', '=', userId)
        .where('applications.status', 'in', ['accepted', 'completed'])
        .as('hires_made'),
    ])
    .executeTakeFirstOrThrow();
  return { jobsPosted: Number(row.jobs_posted ?? 0), hiresMade: Number(row.hires_made ?? 0) };
}
