import type { Kysely, Selectable } from 'kysely';
import type { Category, CreateJob, Job, JobListQuery, JobType } from '../../contracts/jobs.ts';
import { formatAmount } from '../../contracts/money.ts';
import type { Database, JobsTable } from '../db/database.ts';

type JobRow = Selectable<JobsTable> & { application_count: number | string | null };

const money = (pesewas: number | null) => (pesewas === null ? null : formatAmount(pesewas));

export function jobRowToJob(row: JobRow): Job {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category as Category,
    region: row.region,
    jobType: row.job_type as JobType,
    hourlyRate: money(row.hourly_rate_pesewas),
    fixedPrice: money(row.fixed_price_pesewas),
    estimatedHours: row.estimated_hours,
    requiredSkills: JSON.parse(row.required_skills) as string[],
    startDate: row.start_date,
    isActive: row.is_active === 1,
    createdAt: row.created_at,
    employerId: row.employer_id,
    applicationCount: Number(row.application_count ?? 0),
  };
}

function selectJobs(db: Kysely<Database>) {
  return db
    .selectFrom('jobs')
    .selectAll('jobs')
    .select((eb) =>
      eb
        .selectFrom('applications')
        .select(eb.fn.countAll<number>().as('count'))
        .whereRef('applications.job_id', '=', 'jobs.id')
        .as('application_count'),
    );
}

/** Newest first. Without an employer, only active jobs are listed: closed ones take no applicants. */
export async function listJobs(db: Kysely<Database>, query: JobListQuery): Promise<Job[]> {
  let select = selectJobs(db).orderBy('jobs.created_at', 'desc').orderBy('jobs.id', 'desc');
  if (query.employerId !== undefined)
    select = select.where('jobs.employer_id', '=', query.employerId);
  else select = select.where('jobs.is_active', '=', 1);
  if (query.category) select = select.where('jobs.category', '=', query.category);
  if (query.region) select = select.where('jobs.region', '=', query.region);
  return (await select.execute()).map(jobRowToJob);
}

export async function findJob(db: Kysely<Database>, id: number): Promise<Job | undefined> {
  const row = await selectJobs(db).where('jobs.id', '=', id).executeTakeFirst();
  return row ? jobRowToJob(row) : undefined;
}

export async function insertJob(
  db: Kysely<Database>,
  employerId: number,
  job: CreateJob,
  now: Date,
): Promise<Job> {
  const row = await db
    .insertInto('jobs')
    .values({
      employer_id: employerId,
      title: job.title,
      description: job.description,
      category: job.category,
      region: job.region,
      job_type: job.jobType,
      hourly_rate_pesewas: job.hourlyRate,
      fixed_price_pesewas: job.fixedPrice,
      estimated_hours: job.estimatedHours,
      required_skills: JSON.stringify(job.requiredSkills),
      start_date: job.startDate,
      created_at: now.toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return jobRowToJob({ ...row, application_count: 0 });
}

export async function setJobActive(db: Kysely<Database>, id: number, isActive: boolean) {
  await db
    .updateTable('jobs')
    .set({ is_active: isActive ? 1 : 0 })
    .where('id', '=', id)
    .execute();
}
