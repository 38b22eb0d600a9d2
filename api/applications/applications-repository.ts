import type { Kysely } from 'kysely';
import {
  type Application,
  type ApplicationsSummary,
  STATUSES,
  type Status,
} from '../../contracts/applications.ts';
import type { Category } from '../../contracts/jobs.ts';
import type { Database } from '../db/database.ts';
import { dealContact, OWNER_COLUMNS } from '../engagements/deal-contact.ts';
import {
  type KeysetOrder,
  keysetPage,
  type ListPage,
  type PageRequest,
} from '../lib/keyset-page.ts';

/** Applications with their job, their applicant (`users`) and its employer (`owner`). */
function selectApplications(db: Kysely<Database>) {
  return db
    .selectFrom('applications')
    .select([
      'applications.id',
      'applications.job_id',
      'applications.applicant_id',
      'applications.cover_letter',
      'applications.status',
      'applications.created_at',
    ])
    .innerJoin('jobs', 'jobs.id', 'applications.job_id')
    .select(['jobs.title', 'jobs.category', 'jobs.region', 'jobs.employer_id'])
    .innerJoin('users', 'users.id', 'applications.applicant_id')
    .select(['users.first_name', 'users.last_name', 'users.email', 'users.phone_number'])
    .innerJoin('users as owner', 'owner.id', 'jobs.employer_id')
    .select(OWNER_COLUMNS);
}

type ApplicationRow = Awaited<
  ReturnType<ReturnType<typeof selectApplications>['executeTakeFirstOrThrow']>
>;

/** An application as stored: the service adds its payment and completion. */
export type ApplicationRecord = Omit<
  Application,
  'payment' | 'completion' | 'review' | 'allowedActions' | 'milestones'
>;

function applicationRowToApplication(row: ApplicationRow, viewerId: number): ApplicationRecord {
  return {
    id: row.id,
    jobId: row.job_id,
    coverLetter: row.cover_letter,
    status: row.status as Status,
    createdAt: row.created_at,
    job: { title: row.title, category: row.category as Category, region: row.region },
    applicant: { firstName: row.first_name, lastName: row.last_name, email: row.email },
    contact: dealContact(row, { askerId: row.applicant_id, ownerId: row.employer_id }, viewerId),
  };
}

/** Newest first: the order of every list of applications. */
const NEWEST_FIRST: KeysetOrder<ApplicationRow> = {
  column: 'applications.created_at',
  idColumn: 'applications.id',
  direction: 'desc',
  valueOf: (row) => row.created_at,
};

const countApplications = async (
  db: Kysely<Database>,
  where: { applicant_id?: number; job_id?: number },
) => {
  let select = db.selectFrom('applications').select((eb) => eb.fn.countAll<number>().as('count'));
  if (where.applicant_id !== undefined)
    select = select.where('applicant_id', '=', where.applicant_id);
  if (where.job_id !== undefined) select = select.where('job_id', '=', where.job_id);
  return Number((await select.executeTakeFirstOrThrow()).count);
};

/**
 * One page of a job seeker's applications, newest first; with `jobId`, only the one to that
 * job (none or one: a seeker applies to a job once).
 */
export async function listApplicationsByApplicant(
  db: Kysely<Database>,
  applicantId: number,
  filter: { jobId?: number | undefined },
  page: PageRequest,
): Promise<ListPage<ApplicationRecord>> {
  let select = selectApplications(db).where('applications.applicant_id', '=', applicantId);
  if (filter.jobId !== undefined) select = select.where('applications.job_id', '=', filter.jobId);
  return keysetPage(select, NEWEST_FIRST, page, {
    count: () => countApplications(db, { applicant_id: applicantId, job_id: filter.jobId }),
    toItem: (row) => applicationRowToApplication(row, applicantId),
  });
}

/** One page of a job's applicants, newest first, as the job's employer sees them. */
export async function listApplicationsForJob(
  db: Kysely<Database>,
  jobId: number,
  employerId: number,
  page: PageRequest,
): Promise<ListPage<ApplicationRecord>> {
  return keysetPage(
    selectApplications(db).where('applications.job_id', '=', jobId),
    NEWEST_FIRST,
    page,
    {
      count: () => countApplications(db, { job_id: jobId }),
      toItem: (row) => applicationRowToApplication(row, employerId),
    },
  );
}

/** The job seeker dashboard's figures: the user's applications in each status, in one query. */
export async function applicationsSummary(
  db: Kysely<Database>,
  applicantId: number,
): Promise<ApplicationsSummary> {
  const rows = await db
    .selectFrom('applications')
    .select((eb) => ['status', eb.fn.countAll<number>().as('count')])
    .where('applicant_id', '=', applicantId)
    .groupBy('status')
    .execute();
  const summary: ApplicationsSummary = {
    pending: 0,
    accepted: 0,
    rejected: 0,
    completed: 0,
    cancelled: 0,
  };
  for (const row of rows) {
    if (STATUSES.includes(row.status as Status)) summary[row.status as Status] = Number(row.count);
  }
  return summary;
}

/**
 * Stores a new application and answers it as its applicant sees it, from what the caller read
 * already (the job, the applicant) rather than by reading it back: pending, so no contact.
 */
export async function insertApplication(
  db: Kysely<Database>,
  values: {
    job: { id: number; title: string; category: Category; region: string };
    applicant: { id: number; firstName: string; lastName: string; email: string | null };
    coverLetter: string;
    now: Date;
  },
): Promise<ApplicationRecord> {
  const createdAt = values.now.toISOString();
  const { id, status } = await db
    .insertInto('applications')
    .values({
      job_id: values.job.id,
      applicant_id: values.applicant.id,
      cover_letter: values.coverLetter,
      created_at: createdAt,
    })
    .returning(['id', 'status'])
    .executeTakeFirstOrThrow();
  const { job, applicant } = values;
  return {
    id,
    jobId: job.id,
    coverLetter: values.coverLetter,
    status: status as Status,
    createdAt,
    job: { title: job.title, category: job.category, region: job.region },
    applicant: {
      firstName: applicant.firstName,
      lastName: applicant.lastName,
      email: applicant.email,
    },
    contact: null,
  };
}

/** One application as `viewerId` (its applicant or the job's employer) sees it. */
export async function findApplication(
  db: Kysely<Database>,
  id: number,
  viewerId: number,
): Promise<ApplicationRecord> {
  const row = await selectApplications(db)
    .where('applications.id', '=', id)
    .executeTakeFirstOrThrow();
  return applicationRowToApplication(row, viewerId);
}

/** What a decision needs: the status, who posted the job, and who applied. */
export async function findApplicationForDecision(db: Kysely<Database>, id: number) {
  const row = await db
    .selectFrom('applications')
    .innerJoin('jobs', 'jobs.id', 'applications.job_id')
    .select(['applications.status', 'applications.applicant_id', 'jobs.employer_id'])
    .where('applications.id', '=', id)
    .executeTakeFirst();
  return row
    ? {
        status: row.status as Status,
        applicantId: row.applicant_id,
        employerId: row.employer_id,
      }
    : undefined;
}

export async function updateApplicationStatus(db: Kysely<Database>, id: number, status: Status) {
  await db.updateTable('applications').set({ status }).where('id', '=', id).execute();
}

/**
 * What the caps on a seeker's applications count, in one query: applications still waiting for
 * an answer on jobs still open, and applications sent since `since`.
 */
export async function countApplicationsForCaps(
  db: Kysely<Database>,
  applicantId: number,
  since: string,
) {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('applications')
        .innerJoin('jobs', 'jobs.id', 'applications.job_id')
        .select(eb.fn.countAll<number>().as('count'))
        .where('applications.applicant_id', '=', applicantId)
        .where('applications.status', '=', 'pending')
        .where('jobs.is_active', '=', 1)
        .as('open'),
      eb
        .selectFrom('applications')
        .select(eb.fn.countAll<number>().as('count'))
        .where('applicant_id', '=', applicantId)
        .where('created_at', '>', since)
        .as('recent'),
      eb
        .selectFrom('applications')
        .select((sub) => sub.fn.min<string>('created_at').as('oldest'))
        .where('applicant_id', '=', applicantId)
        .where('created_at', '>', since)
        .as('oldest'),
    ])
    .executeTakeFirstOrThrow();
  return {
    open: Number(row.open),
    recent: Number(row.recent),
    oldestRecent: (row.oldest as string | null) ?? null,
  };
}
