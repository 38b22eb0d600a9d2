import type { Kysely, Selectable } from 'kysely';
import { posterName } from '../../contracts/employers.ts';
import type { CreateJob, JobListQuery } from '../../contracts/jobs.schemas.ts';
import type {
  Category,
  EmployerJobsSummary,
  Job,
  JobListing,
  JobType,
} from '../../contracts/jobs.ts';
import type { JobModeration } from '../../contracts/moderation.ts';
import { formatAmount, PRICE_FLOORS } from '../../contracts/money.ts';
import { DEFAULT_PAGE_SIZE } from '../../contracts/paging.ts';
import type { Database, JobsTable } from '../db/database.ts';
import { matchesText, TRIGRAM_MIN } from '../db/dialect.ts';
import { type CountWith, countNow, type ListPage, type PageRequest } from '../lib/keyset-page.ts';
import { nthNewest } from '../lib/window-repository.ts';

/** A job's row with what cards show of its poster (see `withPoster`). */
type JobRow = Selectable<JobsTable> & {
  poster_first_name: string;
  poster_last_name: string;
  poster_business_name: string | null;
  poster_phone_verified: number;
};
type JobRowWithCount = JobRow & { application_count: number | string | null };

const money = (pesewas: number | null) => (pesewas === null ? null : formatAmount(pesewas));

function jobRowToListing(row: JobRow): JobListing {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category as Category,
    region: row.region,
    town: row.town,
    jobType: row.job_type as JobType,
    hourlyRate: money(row.hourly_rate_pesewas),
    fixedPrice: money(row.fixed_price_pesewas),
    estimatedHours: row.estimated_hours,
    requiredSkills: JSON.parse(row.required_skills) as string[],
    startDate: row.start_date,
    isActive: row.is_active === 1,
    createdAt: row.created_at,
    employerId: row.employer_id,
    employer: {
      id: row.employer_id,
      name: posterName({
        businessName: row.poster_business_name,
        firstName: row.poster_first_name,
        lastName: row.poster_last_name,
      }),
      phoneVerified: row.poster_phone_verified === 1,
    },
    moderation: row.moderation as JobModeration,
  };
}

export function jobRowToJob(row: JobRowWithCount): Job {
  return { ...jobRowToListing(row), applicationCount: Number(row.application_count ?? 0) };
}

/** Jobs with what cards show of who posted each: their name, business name, verification. */
export function withPoster(db: Kysely<Database>) {
  return db
    .selectFrom('jobs')
    .innerJoin('users', 'users.id', 'jobs.employer_id')
    .selectAll('jobs')
    .select([
      'users.first_name as poster_first_name',
      'users.last_name as poster_last_name',
      'users.business_name as poster_business_name',
      'users.phone_verified as poster_phone_verified',
    ]);
}

function withApplicationCount(db: Kysely<Database>) {
  return withPoster(db).select((eb) =>
    eb
      .selectFrom('applications')
      .select(eb.fn.countAll<number>().as('count'))
      .whereRef('applications.job_id', '=', 'jobs.id')
      .as('application_count'),
  );
}

/** The jobs with these ids, newest first; with their application counts when asked. */
async function jobsByIds(
  db: Kysely<Database>,
  ids: readonly number[],
  withCounts: boolean,
): Promise<JobListing[]> {
  if (ids.length === 0) return [];
  if (!withCounts) {
    const rows = await withPoster(db)
      .where('jobs.id', 'in', ids)
      .orderBy('jobs.created_at', 'desc')
      .orderBy('jobs.id', 'desc')
      .execute();
    return rows.map(jobRowToListing);
  }
  const rows = await withApplicationCount(db)
    .where('jobs.id', 'in', ids)
    .orderBy('jobs.created_at', 'desc')
    .orderBy('jobs.id', 'desc')
    .execute();
  return rows.map(jobRowToJob);
}

/**
 * What a list of jobs is filtered by: the list query without its page, and whose eyes it is
 * for. Everyone sees what browsing shows, open and published jobs (of one employer with
 * `employerId`); the employer alone sees all of their own (`ownJobs`), closed, held or hidden.
 */
export type JobListFilter = Omit<JobListQuery, 'limit' | 'cursor'> & { ownJobs?: boolean };

/** Where a job search looks: the title and the description. */
export const JOB_SEARCH = {
  idColumn: 'jobs.id',
  ftsTable: 'jobs_fts',
  columns: ['jobs.title', 'jobs.description'],
};

/** The rows a list query matches, before paging. */
function matching(db: Kysely<Database>, query: JobListFilter) {
  let select = db.selectFrom('jobs');
  if (query.employerId !== undefined) {
    select = select.where('jobs.employer_id', '=', query.employerId);
  }
  if (!(query.ownJobs && query.employerId !== undefined)) {
    // Browsing: open, published, and priced at least at the floor (a job priced below it before
    // floors existed is not listed; its page still opens and its employer still sees it).
    select = select
      .where('jobs.is_active', '=', 1)
      .where('jobs.moderation', '=', 'published')
      .where((eb) =>
        eb.and([
          eb.or([
            eb('jobs.hourly_rate_pesewas', 'is', null),
            eb('jobs.hourly_rate_pesewas', '>=', PRICE_FLOORS.hourlyRate),
          ]),
          eb.or([
            eb('jobs.fixed_price_pesewas', 'is', null),
            eb('jobs.fixed_price_pesewas', '>=', PRICE_FLOORS.fixedPrice),
          ]),
        ]),
      );
  }
  if (query.category) select = select.where('jobs.category', '=', query.category);
  if (query.region) select = select.where('jobs.region', '=', query.region);
  const text = query.q;
  if (text) select = select.where((eb) => matchesText(db, eb, JOB_SEARCH, text));
  return select;
}

/**
 * One page of jobs, newest first, with the full match count (computed through `countWith`).
 * Keyset paging on (created_at, id): page N costs what page 1 costs. An employer's own list is
 * paged like any other, so it costs the same at 10 jobs or 100,000, and its jobs carry their
 * application counts (each is a Job); browsing shows none, so its jobs are JobListings.
 */
export async function listJobs(
  db: Kysely<Database>,
  query: JobListFilter,
  { limit = DEFAULT_PAGE_SIZE, after }: PageRequest,
  countWith: CountWith = countNow,
): Promise<ListPage<JobListing>> {
  let page = matching(db, query)
    .select('jobs.id')
    .orderBy('jobs.created_at', 'desc')
    .orderBy('jobs.id', 'desc')
    .limit(limit + 1);
  if (after) {
    const [createdAt, id] = after as [string, number];
    // A row-value comparison (SQLite and PostgreSQL both have it) seeks the index straight to
    // the cursor; the equivalent OR of two comparisons walks it from the newest job down.
    page = page.where((eb) =>
      eb(eb.refTuple('jobs.created_at', 'jobs.id'), '<', eb.tuple(createdAt, id)),
    );
  }
  const ids = (await page.execute()).map((row) => row.id);
  const hasMore = ids.length > limit;
  const pageIds = hasMore ? ids.slice(0, limit) : ids;

  const items = await jobsByIds(db, pageIds, query.employerId !== undefined);
  const last = items.at(-1);
  const total =
    !hasMore && after === undefined
      ? items.length
      : await countWith(() => countMatching(db, query));

  return { items, total, nextKey: hasMore && last ? [last.createdAt, last.id] : null };
}

/**
 * The full match count. A search under three characters cannot use the trigram index, so its
 * count stops at SHORT_SEARCH_COUNT_CAP rather than scan every description (docs/rules/jobs.md).
 */
async function countMatching(db: Kysely<Database>, query: JobListFilter): Promise<number> {
  if (query.q && [...query.q].length < TRIGRAM_MIN) {
    const capped = await db
      .selectFrom(matching(db, query).select('jobs.id').limit(SHORT_SEARCH_COUNT_CAP).as('matches'))
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(capped.count);
  }
  const all = await matching(db, query)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(all.count);
}

const SHORT_SEARCH_COUNT_CAP = 1000;

/**
 * The employer dashboard's figures for one employer, in one query: active and inactive jobs and
 * the applications to all of them. Counted in the database, never by loading the list.
 */
export async function employerJobsSummary(
  db: Kysely<Database>,
  employerId: number,
): Promise<EmployerJobsSummary> {
  const jobsWhere = (active: 0 | 1) =>
    db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('jobs.employer_id', '=', employerId)
      .where('jobs.is_active', '=', active);
  const row = await db
    .selectNoFrom([
      jobsWhere(1).as('active_jobs'),
      jobsWhere(0).as('inactive_jobs'),
      db
        .selectFrom('applications')
        .innerJoin('jobs', 'jobs.id', 'applications.job_id')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('jobs.employer_id', '=', employerId)
        .as('total_applications'),
    ])
    .executeTakeFirstOrThrow();
  return {
    activeJobs: Number(row.active_jobs ?? 0),
    inactiveJobs: Number(row.inactive_jobs ?? 0),
    totalApplications: Number(row.total_applications ?? 0),
  };
}

/**
 * When the employer's `nth` newest job since `since` was posted, or undefined when they posted
 * fewer: the job that must age out of the window before they may post again.
 */
export async function nthNewestJobSince(
  db: Kysely<Database>,
  employerId: number,
  since: string,
  nth: number,
): Promise<string | undefined> {
  return nthNewest(
    db
      .selectFrom('jobs')
      .select('created_at')
      .where('employer_id', '=', employerId)
      .where('created_at', '>', since),
    nth,
  );
}

/**
 * A job someone is about to apply to, in one query: the job, its price as stored (for the
 * application's payment view), and whether `applicantId` has applied already.
 */
export async function findJobToApply(
  db: Kysely<Database>,
  id: number,
  applicantId: number,
): Promise<{ job: Job; stored: Selectable<JobsTable>; applied: boolean } | undefined> {
  const row = await withApplicationCount(db)
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('applications as mine')
            .select('mine.id')
            .whereRef('mine.job_id', '=', 'jobs.id')
            .where('mine.applicant_id', '=', applicantId),
        )
        .as('applied'),
    )
    .where('jobs.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  // SQLite answers EXISTS with 0 or 1, PostgreSQL with a boolean.
  return { job: jobRowToJob(row), stored: row, applied: Boolean(row.applied) };
}

export async function findJob(db: Kysely<Database>, id: number): Promise<Job | undefined> {
  const row = await withApplicationCount(db).where('jobs.id', '=', id).executeTakeFirst();
  return row ? jobRowToJob(row) : undefined;
}

export async function insertJob(
  db: Kysely<Database>,
  employerId: number,
  job: CreateJob,
  moderation: 'published' | 'held',
  now: Date,
): Promise<Job> {
  const { id } = await db
    .insertInto('jobs')
    .values({
      employer_id: employerId,
      title: job.title,
      description: job.description,
      category: job.category,
      region: job.region,
      town: job.town,
      job_type: job.jobType,
      hourly_rate_pesewas: job.hourlyRate,
      fixed_price_pesewas: job.fixedPrice,
      estimated_hours: job.estimatedHours,
      required_skills: JSON.stringify(job.requiredSkills),
      start_date: job.startDate,
      moderation,
      created_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const inserted = await findJob(db, id);
  if (!inserted) throw new Error(`Job ${id} was inserted but cannot be read`);
  return inserted;
}

export async function setJobActive(db: Kysely<Database>, id: number, isActive: boolean) {
  await db
    .updateTable('jobs')
    .set({ is_active: isActive ? 1 : 0 })
    .where('id', '=', id)
    .execute();
}
