import type { Kysely, Selectable } from 'kysely';
import type { Status } from '../../contracts/applications.ts';
import type { CancellationPolicy } from '../../contracts/engagements.ts';
import type { Database, PaymentsTable } from '../db/database.ts';
import { lockEngagement } from '../lib/locks.ts';

/**
 * What escrow is for: a booking of an artist, an accepted application to a job, or one
 * milestone of a job its employer split into stages (each funded and released on its own).
 */
export type EngagementType = 'booking' | 'application' | 'milestone';

export interface EngagementRef {
  type: EngagementType;
  id: number;
}

/** Everything escrow needs to know about an engagement, whichever kind it is. */
export interface Engagement extends EngagementRef {
  status: Status;
  /** The client of a booking, the employer of a job. */
  payerId: number;
  /** The artist's user, the worker. */
  payeeId: number;
  /** What the payee receives; null for a job with no price to pay yet. */
  amountPesewas: number | null;
  /** A booking's event (receipts name its day). Null for jobs. */
  eventStart: string | null;
  eventEnd: string | null;
  /**
   * When the work begins: a booking's event start, a job's start date (its first minute, Ghana
   * time, which is UTC); null for a job without one. Nobody confirms before it, nobody cancels
   * from it on.
   */
  workStartsAt: string | null;
  /** The job of an application (its applicants' screen is the employer's card); null for bookings. */
  jobId: number | null;
  /** The payee as the payer knows them: the artist's stage name, the worker's name. */
  payeeName: string;
  /** Whether an operator suspended the payee: money on its way to them is frozen. */
  payeeSuspended: boolean;
  /** When an accepted booking was accepted (its 48 hours to be paid run from then). */
  acceptedAt: string | null;
  /** How people's money lines and receipts name it. */
  stageName: string | null;
  jobTitle: string | null;
  /** When it was completed (escrow released); null before, or if completed with no date kept. */
  completedAt: string | null;
  /** A booking's cancellation policy, copied from the artist when requested; null for jobs. */
  cancellationPolicy: CancellationPolicy | null;
  /** A milestone's application, place (1 first) and title; null for the other two kinds. */
  milestone: { applicationId: number; position: number; title: string } | null;
}

export type PaymentRow = Selectable<PaymentsTable>;

const HOUR_MS = 60 * 60 * 1000;

/** The first minute of a job's start date (`YYYY-MM-DD`), Ghana time (UTC all year). */
const dayStart = (day: string | null) => (day ? `${day}T00:00:00.000Z` : null);

/** A job's price: the fixed price, or hourly rate x estimated hours; null without either. */
function jobPricePesewas(job: {
  job_type: string;
  fixed_price_pesewas: number | null;
  hourly_rate_pesewas: number | null;
  estimated_hours: number | null;
}): number | null {
  if (job.job_type === 'fixed') return job.fixed_price_pesewas;
  if (job.hourly_rate_pesewas === null || job.estimated_hours === null) return null;
  return job.hourly_rate_pesewas * job.estimated_hours;
}

/**
 * The payment inputs of an application made just now to a job as stored: nothing is paid yet
 * (no payment row can exist for it), so only the job's price and start day matter.
 */
export function newApplicationPayment(job: {
  job_type: string;
  fixed_price_pesewas: number | null;
  hourly_rate_pesewas: number | null;
  estimated_hours: number | null;
  start_date: string | null;
}): { amountPesewas: number | null; workStartsAt: string | null } {
  return { amountPesewas: jobPricePesewas(job), workStartsAt: dayStart(job.start_date) };
}

const eventEnd = (start: string, hours: number) =>
  new Date(Date.parse(start) + hours * HOUR_MS).toISOString();

/**
 * What a booking's and an application's rows say alike (their selects name the two sides
 * `payer_id` and `payee_id`): the deal, its sides, whether the payee is suspended, when it was
 * completed.
 */
function dealBasics(
  type: 'booking' | 'application',
  row: {
    id: number;
    status: string;
    payer_id: number;
    payee_id: number;
    suspended_at: string | null;
    completed_at: string | null;
  },
) {
  return {
    type,
    id: row.id,
    status: row.status as Status,
    payerId: row.payer_id,
    payeeId: row.payee_id,
    payeeSuspended: row.suspended_at !== null,
    completedAt: row.completed_at,
  };
}

/** Each of these engagements of one kind, by id, in one query. */
export async function findEngagements(
  db: Kysely<Database>,
  type: EngagementType,
  ids: readonly number[],
): Promise<Map<number, Engagement>> {
  const found = new Map<number, Engagement>();
  if (ids.length === 0) return found;
  if (type === 'booking') {
    const rows = await db
      .selectFrom('bookings')
      .select([
        'bookings.id',
        'bookings.status',
        'bookings.client_id as payer_id',
        'bookings.total_amount_pesewas',
        'bookings.event_date',
        'bookings.event_duration',
        'bookings.accepted_at',
        'bookings.completed_at',
        'bookings.cancellation_policy',
      ])
      .innerJoin('artists', 'artists.id', 'bookings.artist_id')
      .select(['artists.user_id as payee_id', 'artists.stage_name'])
      .innerJoin('users as payee', 'payee.id', 'artists.user_id')
      .select('payee.suspended_at')
      .where('bookings.id', 'in', ids)
      .execute();
    for (const row of rows) {
      found.set(row.id, {
        ...dealBasics('booking', row),
        amountPesewas: row.total_amount_pesewas,
        eventStart: row.event_date,
        eventEnd: eventEnd(row.event_date, row.event_duration),
        workStartsAt: row.event_date,
        jobId: null,
        payeeName: row.stage_name,
        acceptedAt: row.accepted_at,
        stageName: row.stage_name,
        jobTitle: null,
        cancellationPolicy: row.cancellation_policy as CancellationPolicy,
        milestone: null,
      });
    }
    return found;
  }
  if (type === 'milestone') return findMilestoneEngagements(db, ids);
  const rows = await db
    .selectFrom('applications')
    .select([
      'applications.id',
      'applications.status',
      'applications.applicant_id as payee_id',
      'applications.completed_at',
    ])
    .innerJoin('users as payee', 'payee.id', 'applications.applicant_id')
    .select(['payee.first_name', 'payee.last_name', 'payee.suspended_at'])
    .innerJoin('jobs', 'jobs.id', 'applications.job_id')
    .select([
      'jobs.id as job_id',
      'jobs.start_date',
      'jobs.employer_id as payer_id',
      'jobs.title',
      'jobs.job_type',
      'jobs.fixed_price_pesewas',
      'jobs.hourly_rate_pesewas',
      'jobs.estimated_hours',
    ])
    .where('applications.id', 'in', ids)
    .execute();
  for (const row of rows) {
    found.set(row.id, {
      ...dealBasics('application', row),
      amountPesewas: jobPricePesewas(row),
      eventStart: null,
      eventEnd: null,
      workStartsAt: dayStart(row.start_date),
      jobId: row.job_id,
      payeeName: `${row.first_name} ${row.last_name}`,
      acceptedAt: null,
      stageName: null,
      jobTitle: row.title,
      cancellationPolicy: null,
      milestone: null,
    });
  }
  return found;
}

/**
 * A milestone is its application's deal for one stage of the price: the same two sides and
 * dates, its own amount, and its own status while it is open (then its application's).
 */
async function findMilestoneEngagements(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<Map<number, Engagement>> {
  const stages = await db
    .selectFrom('milestones')
    .select([
      'id',
      'application_id',
      'position',
      'title',
      'amount_pesewas',
      'status',
      'completed_at',
    ])
    .where('id', 'in', ids)
    .execute();
  const applications = await findEngagements(
    db,
    'application',
    stages.map((stage) => stage.application_id),
  );
  return milestoneEngagements(stages, applications);
}

/**
 * Milestones as engagements: each its application's, with its own amount and status. For a
 * caller that has read the stages and their applications already (an application list).
 */
export function milestoneEngagements(
  stages: readonly Pick<
    Selectable<Database['milestones']>,
    'id' | 'application_id' | 'position' | 'title' | 'amount_pesewas' | 'status' | 'completed_at'
  >[],
  applications: ReadonlyMap<number, Engagement>,
): Map<number, Engagement> {
  const found = new Map<number, Engagement>();
  for (const stage of stages) {
    const application = applications.get(stage.application_id);
    if (!application) continue;
    found.set(stage.id, {
      ...application,
      type: 'milestone',
      id: stage.id,
      status: milestoneStatus(stage.status, application.status),
      amountPesewas: stage.amount_pesewas,
      completedAt: stage.completed_at,
      milestone: {
        applicationId: stage.application_id,
        position: stage.position,
        title: stage.title,
      },
    });
  }
  return found;
}

/** A settled milestone is completed or cancelled; an open one is where its application is. */
const milestoneStatus = (milestone: string, application: Status): Status =>
  milestone === 'completed' ? 'completed' : milestone === 'cancelled' ? 'cancelled' : application;

/**
 * Takes the lock of an engagement (lockEngagement); a milestone's after its application's, so
 * that every change to one job's stages, and to whether the application is settled, takes turns
 * with the others, and the order of locks (an application, then its milestones) is always the
 * same. A milestone's application never changes, so it is read before the lock.
 */
export async function lockEngagementOf(db: Kysely<Database>, ref: EngagementRef): Promise<void> {
  if (ref.type === 'milestone') {
    const row = await db
      .selectFrom('milestones')
      .select('application_id')
      .where('id', '=', ref.id)
      .executeTakeFirst();
    if (row) await lockEngagement(db, { type: 'application', id: row.application_id });
  }
  await lockEngagement(db, ref);
}

export async function findEngagement(
  db: Kysely<Database>,
  ref: EngagementRef,
): Promise<Engagement | undefined> {
  return (await findEngagements(db, ref.type, [ref.id])).get(ref.id);
}

/** Who called off an accepted deal (bookings keep it: cancelledByArtist counts `payee`, `no_show`). */
export type CancelledBy = 'payer' | 'payee' | 'timer' | 'operator' | 'no_show';

/** Cancels a booking or an application, noting who called a booking off. */
export async function cancelEngagement(
  db: Kysely<Database>,
  ref: EngagementRef,
  by: CancelledBy,
): Promise<void> {
  if (ref.type === 'booking') {
    await db
      .updateTable('bookings')
      .set({ status: 'cancelled', cancelled_by: by })
      .where('id', '=', ref.id)
      .execute();
    return;
  }
  if (ref.type === 'milestone') {
    await settleMilestone(db, ref.id, 'cancelled', null);
    return;
  }
  await db
    .updateTable('applications')
    .set({ status: 'cancelled' })
    .where('id', '=', ref.id)
    .execute();
  // An application called off as a whole takes its stages not yet settled with it.
  await db
    .updateTable('milestones')
    .set({ status: 'cancelled' })
    .where('application_id', '=', ref.id)
    .where('status', '=', 'open')
    .execute();
}

/** Completes a booking or an application as its escrow is released, noting when. */
export async function completeEngagement(
  db: Kysely<Database>,
  ref: EngagementRef,
  at: string,
): Promise<void> {
  if (ref.type === 'milestone') {
    await settleMilestone(db, ref.id, 'completed', at);
    return;
  }
  const table = ref.type === 'booking' ? 'bookings' : 'applications';
  await db
    .updateTable(table)
    .set({ status: 'completed', completed_at: at })
    .where('id', '=', ref.id)
    .execute();
}

/**
 * Settles one milestone; when it was its application's last open one, the application is
 * settled too: completed (at its last release) when any stage was paid to the worker, cancelled
 * when none was. Under the application's lock (lockEngagementOf), so two stages settling at once
 * cannot both miss being the last.
 */
async function settleMilestone(
  db: Kysely<Database>,
  id: number,
  status: 'completed' | 'cancelled',
  at: string | null,
): Promise<void> {
  const row = await db
    .updateTable('milestones')
    .set({ status, completed_at: at })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .returning('application_id')
    .executeTakeFirst();
  if (!row) return;
  const stages = await db
    .selectFrom('milestones')
    .select(['status', 'completed_at'])
    .where('application_id', '=', row.application_id)
    .execute();
  if (stages.some((stage) => stage.status === 'open')) return;
  const completed = stages
    .filter((stage) => stage.status === 'completed')
    .map((stage) => stage.completed_at ?? '')
    .sort();
  await db
    .updateTable('applications')
    .set(
      completed.length > 0
        ? { status: 'completed', completed_at: completed[completed.length - 1] ?? at }
        : { status: 'cancelled' },
    )
    .where('id', '=', row.application_id)
    .where('status', '=', 'accepted')
    .execute();
}

/** Each engagement's payments row, where there is one, in one query. */
export async function paymentsOf(
  db: Kysely<Database>,
  type: EngagementType,
  ids: readonly number[],
): Promise<Map<number, PaymentRow>> {
  if (ids.length === 0) return new Map();
  const payments = await db
    .selectFrom('payments')
    .selectAll()
    .where('engagement_type', '=', type)
    .where('engagement_id', 'in', ids)
    .execute();
  return new Map(payments.map((payment) => [payment.engagement_id, payment]));
}

/**
 * Accepted bookings whose 48 hours to be paid ran out at `acceptedBefore`: no escrow, or one
 * with no money in it and no charge under way.
 */
export async function unpaidAcceptedBookings(
  db: Kysely<Database>,
  acceptedBefore: string,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('bookings')
    .leftJoin('payments', (join) =>
      join
        .onRef('payments.engagement_id', '=', 'bookings.id')
        .on('payments.engagement_type', '=', 'booking'),
    )
    .select('bookings.id')
    .where('bookings.status', '=', 'accepted')
    .where('bookings.accepted_at', '<=', acceptedBefore)
    .where((eb) => eb.or([eb('payments.id', 'is', null), eb('payments.status', '=', 'unpaid')]))
    .orderBy('bookings.id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}
