import type { Kysely, Selectable } from 'kysely';
import type { Status } from '../../contracts/applications.ts';
import type { CancellationPolicy } from '../../contracts/engagements.ts';
import type { Database, PaymentsTable } from '../db/database.ts';

/** What escrow is for: a booking of an artist, or an accepted application to a job. */
export type EngagementType = 'booking' | 'application';

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

const eventEnd = (start: string, hours: number) =>
  new Date(Date.parse(start) + hours * HOUR_MS).toISOString();

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
      .innerJoin('artists', 'artists.id', 'bookings.artist_id')
      .innerJoin('users as payee', 'payee.id', 'artists.user_id')
      .select([
        'bookings.id',
        'bookings.status',
        'bookings.client_id',
        'bookings.total_amount_pesewas',
        'bookings.event_date',
        'bookings.event_duration',
        'bookings.accepted_at',
        'bookings.completed_at',
        'bookings.cancellation_policy',
        'artists.user_id',
        'artists.stage_name',
        'payee.suspended_at',
      ])
      .where('bookings.id', 'in', ids)
      .execute();
    for (const row of rows) {
      found.set(row.id, {
        type: 'booking',
        id: row.id,
        status: row.status as Status,
        payerId: row.client_id,
        payeeId: row.user_id,
        amountPesewas: row.total_amount_pesewas,
        eventStart: row.event_date,
        eventEnd: eventEnd(row.event_date, row.event_duration),
        workStartsAt: row.event_date,
        jobId: null,
        payeeName: row.stage_name,
        payeeSuspended: row.suspended_at !== null,
        acceptedAt: row.accepted_at,
        stageName: row.stage_name,
        jobTitle: null,
        completedAt: row.completed_at,
        cancellationPolicy: row.cancellation_policy as CancellationPolicy,
      });
    }
    return found;
  }
  const rows = await db
    .selectFrom('applications')
    .innerJoin('jobs', 'jobs.id', 'applications.job_id')
    .innerJoin('users as payee', 'payee.id', 'applications.applicant_id')
    .select([
      'applications.id',
      'applications.status',
      'applications.applicant_id',
      'applications.completed_at',
      'payee.first_name',
      'payee.last_name',
      'payee.suspended_at',
      'jobs.id as job_id',
      'jobs.start_date',
      'jobs.employer_id',
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
      type: 'application',
      id: row.id,
      status: row.status as Status,
      payerId: row.employer_id,
      payeeId: row.applicant_id,
      amountPesewas: jobPricePesewas(row),
      eventStart: null,
      eventEnd: null,
      workStartsAt: dayStart(row.start_date),
      jobId: row.job_id,
      payeeName: `${row.first_name} ${row.last_name}`,
      payeeSuspended: row.suspended_at !== null,
      acceptedAt: null,
      stageName: null,
      jobTitle: row.title,
      completedAt: row.completed_at,
      cancellationPolicy: null,
    });
  }
  return found;
}

export async function findEngagement(
  db: Kysely<Database>,
  ref: EngagementRef,
): Promise<Engagement | undefined> {
  return (await findEngagements(db, ref.type, [ref.id])).get(ref.id);
}

/** Moves a booking or an application to a status (completed on release, cancelled ...). */
export async function setEngagementStatus(
  db: Kysely<Database>,
  ref: EngagementRef,
  status: Status,
): Promise<void> {
  const table = ref.type === 'booking' ? 'bookings' : 'applications';
  await db.updateTable(table).set({ status }).where('id', '=', ref.id).execute();
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
  await setEngagementStatus(db, ref, 'cancelled');
}

/** Completes a booking or an application as its escrow is released, noting when. */
export async function completeEngagement(
  db: Kysely<Database>,
  ref: EngagementRef,
  at: string,
): Promise<void> {
  const table = ref.type === 'booking' ? 'bookings' : 'applications';
  await db
    .updateTable(table)
    .set({ status: 'completed', completed_at: at })
    .where('id', '=', ref.id)
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
