import type { Kysely } from 'kysely';
import type { Status } from '../../contracts/applications.ts';
import type { ArtistBookingsQuery } from '../../contracts/bookings.schemas.ts';
import {
  type ArtistBookingsSummary,
  type Booking,
  bookingDay,
  type ClientBooking,
  type RateType,
} from '../../contracts/bookings.ts';
import type { CancellationPolicy } from '../../contracts/engagements.ts';
import { formatAmount } from '../../contracts/money.ts';
import type { Database } from '../db/database.ts';
import { dealContact, OWNER_COLUMNS } from '../engagements/deal-contact.ts';
import {
  type KeysetOrder,
  keysetPage,
  type ListPage,
  type PageRequest,
} from '../lib/keyset-page.ts';

/** Bookings with their two sides: the client (`users`) and the artist's user (`owner`). */
function selectBookings(db: Kysely<Database>) {
  return db
    .selectFrom('bookings')
    .selectAll('bookings')
    .innerJoin('users', 'users.id', 'bookings.client_id')
    .select(['users.first_name', 'users.last_name', 'users.phone_number'])
    .innerJoin('artists', 'artists.id', 'bookings.artist_id')
    .select(['artists.user_id as artist_user_id', 'artists.stage_name'])
    .innerJoin('users as owner', 'owner.id', 'artists.user_id')
    .select(OWNER_COLUMNS);
}

type BookingRow = Awaited<ReturnType<ReturnType<typeof selectBookings>['executeTakeFirstOrThrow']>>;

/** A booking as stored: the service adds its payment and completion (engagements/deal-view.ts). */
type Derived = 'payment' | 'completion' | 'review' | 'allowedActions' | 'refundIfCancelledNow';
export type BookingRecord = Omit<Booking, Derived>;
export type ClientBookingRecord = Omit<ClientBooking, Derived>;

function bookingRowToBooking(row: BookingRow, viewerId: number): BookingRecord {
  return {
    id: row.id,
    artistId: row.artist_id,
    clientId: row.client_id,
    eventDate: row.event_date,
    eventDuration: row.event_duration,
    eventType: row.event_type,
    venue: row.venue,
    eventDetails: row.event_details,
    totalAmount: formatAmount(row.total_amount_pesewas),
    rateType: row.rate_type as RateType,
    status: row.status as Status,
    createdAt: row.created_at,
    client: { firstName: row.first_name, lastName: row.last_name },
    contact: dealContact(row, { askerId: row.client_id, ownerId: row.artist_user_id }, viewerId),
    cancellationPolicy: row.cancellation_policy as CancellationPolicy,
  };
}

const NEWEST_FIRST: KeysetOrder<{ id: number; created_at: string }> = {
  column: 'bookings.created_at',
  idColumn: 'bookings.id',
  direction: 'desc',
  valueOf: (row) => row.created_at,
};

const SOONEST_FIRST: KeysetOrder<{ id: number; event_date: string }> = {
  column: 'bookings.event_date',
  idColumn: 'bookings.id',
  direction: 'asc',
  valueOf: (row) => row.event_date,
};

/** Which of an artist's bookings a list shows: the list query without its page. */
export type ArtistBookingsFilter = Pick<ArtistBookingsQuery, 'status' | 'upcoming'>;

/** The bookings of the signed-in user's artist profile that a query asks for. */
function artistBookings(
  db: Kysely<Database>,
  userId: number,
  query: ArtistBookingsFilter,
  now: Date,
) {
  let select = db
    .selectFrom('bookings')
    .innerJoin('artists', 'artists.id', 'bookings.artist_id')
    .where('artists.user_id', '=', userId);
  if (query.status) select = select.where('bookings.status', '=', query.status);
  if (query.upcoming) select = select.where('bookings.event_date', '>', now.toISOString());
  return select;
}

/**
 * One page of the bookings of the user's artist profile: newest request first, or with
 * `upcoming` the events still to come, soonest first. A user with no artist profile has none.
 */
export async function listBookingsForArtistUser(
  db: Kysely<Database>,
  userId: number,
  query: ArtistBookingsFilter,
  page: PageRequest,
  now: Date,
): Promise<ListPage<BookingRecord>> {
  let rows = selectBookings(db).where('artists.user_id', '=', userId);
  if (query.status) rows = rows.where('bookings.status', '=', query.status);
  if (query.upcoming) rows = rows.where('bookings.event_date', '>', now.toISOString());
  return keysetPage(rows, query.upcoming ? SOONEST_FIRST : NEWEST_FIRST, page, {
    count: async () =>
      Number(
        (
          await artistBookings(db, userId, query, now)
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .executeTakeFirstOrThrow()
        ).count,
      ),
    toItem: (row) => bookingRowToBooking(row, userId),
  });
}

/** The artist dashboard's figures, in one query over the artist's bookings. */
export async function artistBookingsSummary(
  db: Kysely<Database>,
  userId: number,
  now: Date,
): Promise<ArtistBookingsSummary> {
  const row = await db
    .selectFrom('bookings')
    .innerJoin('artists', 'artists.id', 'bookings.artist_id')
    .where('artists.user_id', '=', userId)
    .select((eb) => [
      eb.fn
        .sum<number>(eb.case().when('bookings.status', '=', 'pending').then(1).else(0).end())
        .as('pending'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(
              eb.and([
                eb('bookings.status', '=', 'accepted'),
                eb('bookings.event_date', '>', now.toISOString()),
              ]),
            )
            .then(1)
            .else(0)
            .end(),
        )
        .as('upcoming'),
      eb.fn
        .sum<number>(eb.case().when('bookings.status', '=', 'completed').then(1).else(0).end())
        .as('completed'),
    ])
    .executeTakeFirstOrThrow();
  return {
    pending: Number(row.pending ?? 0),
    upcoming: Number(row.upcoming ?? 0),
    completed: Number(row.completed ?? 0),
  };
}

export async function insertBooking(
  db: Kysely<Database>,
  /** The request as the contract names it; its policy is the artist's as the client saw it. */
  values: Pick<
    Booking,
    | 'artistId'
    | 'clientId'
    | 'eventDate'
    | 'eventDuration'
    | 'eventType'
    | 'venue'
    | 'eventDetails'
    | 'rateType'
    | 'cancellationPolicy'
  > & { totalPesewas: number; now: Date },
): Promise<BookingRecord> {
  const { id } = await db
    .insertInto('bookings')
    .values({
      artist_id: values.artistId,
      client_id: values.clientId,
      event_date: values.eventDate,
      event_duration: values.eventDuration,
      event_type: values.eventType,
      venue: values.venue,
      event_details: values.eventDetails,
      rate_type: values.rateType,
      total_amount_pesewas: values.totalPesewas,
      cancellation_policy: values.cancellationPolicy,
      created_at: values.now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return findBooking(db, id, values.clientId);
}

/** One booking as `viewerId` (its client or the artist) sees it. */
export async function findBooking(
  db: Kysely<Database>,
  id: number,
  viewerId: number,
): Promise<BookingRecord> {
  return bookingRowToBooking(
    await selectBookings(db).where('bookings.id', '=', id).executeTakeFirstOrThrow(),
    viewerId,
  );
}

/** My Bookings: one page of what the signed-in user booked, with each artist's stage name. */
export async function listBookingsByClient(
  db: Kysely<Database>,
  clientId: number,
  page: PageRequest,
): Promise<ListPage<ClientBookingRecord>> {
  const select = selectBookings(db).where('bookings.client_id', '=', clientId);
  return keysetPage(select, NEWEST_FIRST, page, {
    count: async () =>
      Number(
        (
          await db
            .selectFrom('bookings')
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .where('client_id', '=', clientId)
            .executeTakeFirstOrThrow()
        ).count,
      ),
    toItem: (row) => ({
      ...bookingRowToBooking(row, clientId),
      artist: { id: row.artist_id, stageName: row.stage_name },
    }),
  });
}

/** What a decision needs: the status, the artist's user, the client and the date. */
export async function findBookingForDecision(db: Kysely<Database>, id: number) {
  const row = await db
    .selectFrom('bookings')
    .select(['bookings.status', 'bookings.artist_id', 'bookings.client_id', 'bookings.event_date'])
    .innerJoin('artists', 'artists.id', 'bookings.artist_id')
    .select(['artists.user_id', 'artists.stage_name'])
    .where('bookings.id', '=', id)
    .executeTakeFirst();
  return row
    ? {
        status: row.status as Status,
        artistId: row.artist_id,
        artistUserId: row.user_id,
        stageName: row.stage_name,
        clientId: row.client_id,
        eventDate: row.event_date,
      }
    : undefined;
}

/**
 * An accepted booking of the artist on the same calendar day (Ghana is on UTC), other than
 * `exceptId`.
 */
export async function findAcceptedOnDay(
  db: Kysely<Database>,
  artistId: number,
  eventDate: string,
  exceptId?: number,
) {
  const day = bookingDay(eventDate);
  let select = db
    .selectFrom('bookings')
    .select('id')
    .where('artist_id', '=', artistId)
    .where('status', '=', 'accepted')
    .where('event_date', '>=', `${day}T00:00:00.000Z`)
    .where('event_date', '<', `${day}T23:59:59.999Z`);
  if (exceptId !== undefined) select = select.where('id', '!=', exceptId);
  return select.executeTakeFirst();
}

/** Moves a booking to `status`; an acceptance starts its 48 hours to be paid. */
export async function updateBookingStatus(
  db: Kysely<Database>,
  id: number,
  status: Status,
  now: Date,
) {
  await db
    .updateTable('bookings')
    .set({ status, ...(status === 'accepted' ? { accepted_at: now.toISOString() } : {}) })
    .where('id', '=', id)
    .execute();
}

/**
 * What the caps on a client's booking requests count: requests still waiting for an answer on
 * events to come (all of them, and those to one artist), and requests sent since `since`.
 */
export async function countBookingRequests(
  db: Kysely<Database>,
  clientId: number,
  artistId: number,
  now: string,
  since: string,
) {
  const [open, recent] = await Promise.all([
    db
      .selectFrom('bookings')
      .select((eb) => [
        eb.fn.countAll<number>().as('all'),
        eb.fn
          .sum<number | null>(eb.case().when('artist_id', '=', artistId).then(1).else(0).end())
          .as('withArtist'),
      ])
      .where('client_id', '=', clientId)
      .where('status', '=', 'pending')
      .where('event_date', '>', now)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('bookings')
      .select(({ fn }) => [
        fn.countAll<number>().as('count'),
        fn.min<string | null>('created_at').as('oldest'),
      ])
      .where('client_id', '=', clientId)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    open: Number(open.all),
    openWithArtist: Number(open.withArtist ?? 0),
    recent: Number(recent.count),
    oldestRecent: recent.oldest,
  };
}
