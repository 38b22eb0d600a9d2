import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';

/**
 * "Paid through Ghana Gigs: N gigs": the engagements a person took part in, on either side
 * (hired for or hiring through a job, performing at or booking an event), that ended paid
 * through the platform. Until escrow takes the money, an engagement completed on Ghana Gigs is
 * the nearest thing; once it does, one whose payment was released. That is one condition,
 * `PAID` here, used for applications and bookings alike.
 */
export async function paidGigs(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('applications')
        .innerJoin('jobs', 'jobs.id', 'applications.job_id')
        .select(eb.fn.countAll<number>().as('count'))
        .where('applications.status', '=', PAID)
        .where((w) =>
          w.or([w('applications.applicant_id', '=', userId), w('jobs.employer_id', '=', userId)]),
        )
        .as('applications'),
      eb
        .selectFrom('bookings')
        .innerJoin('artists', 'artists.id', 'bookings.artist_id')
        .select(eb.fn.countAll<number>().as('count'))
        .where('bookings.status', '=', PAID)
        .where((w) =>
          w.or([w('bookings.client_id', '=', userId), w('artists.user_id', '=', userId)]),
        )
        .as('bookings'),
    ])
    .executeTakeFirstOrThrow();
  return Number(row.applications ?? 0) + Number(row.bookings ?? 0);
}

/** The status of an engagement that ended paid (see paidGigs). */
const PAID = 'completed';

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
