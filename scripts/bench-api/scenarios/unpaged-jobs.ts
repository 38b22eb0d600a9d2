import type { Kysely } from 'kysely';
import type { Database } from '../../../api/db/database.ts';
import { jobRowToJob, withPoster } from '../../../api/jobs/jobs-repository.ts';
import type { Job } from '../../../contracts/jobs.ts';

/**
 * The unpaged design the paged lists replaced, kept here to price it: every open job (or every
 * job of one employer), newest first, each with its application count, mapped as the API maps
 * a job.
 */
export async function unpagedJobs(
  db: Kysely<Database>,
  { employerId }: { employerId?: number } = {},
): Promise<Job[]> {
  const rows = await withPoster(db)
    .select((eb) =>
      eb
        .selectFrom('applications')
        .select(eb.fn.countAll<number>().as('count'))
        .whereRef('applications.job_id', '=', 'jobs.id')
        .as('application_count'),
    )
    .where((eb) =>
      employerId === undefined
        ? eb('jobs.is_active', '=', 1)
        : eb('jobs.employer_id', '=', employerId),
    )
    .orderBy('jobs.created_at', 'desc')
    .orderBy('jobs.id', 'desc')
    .execute();
  return rows.map(jobRowToJob);
}
