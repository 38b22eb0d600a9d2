import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import { COUNTED_WORK_MIN } from '../../contracts/reviews.ts';
import type { Database } from '../db/database.ts';

/**
 * The one home of what paid work counts, as a condition on a `payments` row: released through
 * Ghana Gigs (the work confirmed done, the money gone to the worker or artist) and of at least
 * COUNTED_WORK_MIN. Ratings, review counts, the paid-gigs badge and whether a report may hide a
 * listing all read it.
 */
const countedPayment = sql<SqlBool>`(payments.status = 'released' AND payments.amount_pesewas >= ${COUNTED_WORK_MIN})`;

/**
 * Whether the engagement of the row `alias` (its `engagement_type` and `engagement_id`, a review
 * say) is paid work that counts.
 */
export const isCountedWork = (alias: string) =>
  sql<SqlBool>`(EXISTS (SELECT 1 FROM payments WHERE payments.engagement_type = ${sql.ref(`${alias}.engagement_type`)} AND payments.engagement_id = ${sql.ref(`${alias}.engagement_id`)} AND ${countedPayment}) OR (${sql.ref(`${alias}.engagement_type`)} = 'application' AND ${releasedInStages(sql.ref(`${alias}.engagement_id`))} >= ${COUNTED_WORK_MIN}))`;

/**
 * What a job split into milestones paid its worker, all stages together: such a job counts as
 * one piece of work, by its whole price, however it was paid.
 */
const releasedInStages = (applicationId: RawBuilder<unknown>) =>
  sql<number>`(SELECT COALESCE(SUM(payments.amount_pesewas), 0) FROM milestones INNER JOIN payments ON payments.engagement_type = 'milestone' AND payments.engagement_id = milestones.id WHERE milestones.application_id = ${applicationId} AND payments.status = 'released')`;

/**
 * "Paid through Ghana Gigs: N gigs": the engagements a person took part in, on either side
 * (paying for work or paid for it, jobs and bookings alike), that are paid work that counts.
 */
export async function paidGigs(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(countedPayment)
    .where('engagement_type', '<>', 'milestone')
    .where((eb) => eb.or([eb('payer_id', '=', userId), eb('payee_id', '=', userId)]))
    .executeTakeFirstOrThrow();
  // A job paid in stages is one gig once its released stages reach the counted minimum.
  const staged = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('payments')
        .innerJoin('milestones', 'milestones.id', 'payments.engagement_id')
        .select('milestones.application_id')
        .where('payments.engagement_type', '=', 'milestone')
        .where('payments.status', '=', 'released')
        .where((inner) =>
          inner.or([
            inner('payments.payer_id', '=', userId),
            inner('payments.payee_id', '=', userId),
          ]),
        )
        .groupBy('milestones.application_id')
        .having((inner) => inner.fn.sum<number>('payments.amount_pesewas'), '>=', COUNTED_WORK_MIN)
        .as('staged'),
    )
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count) + Number(staged.count);
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
