import type { Kysely } from 'kysely';
import type { Status } from '../../contracts/applications.ts';
import type { Booking, RateType } from '../../contracts/bookings.ts';
import { formatAmount } from '../../contracts/money.ts';
import type { Database } from '../db/database.ts';

function selectBookings(db: Kysely<Database>) {
  return db
    .selectFrom('bookings')
    .innerJoin('users', 'users.id', 'bookings.client_id')
    .selectAll('bookings')
    .select(['users.first_name', 'users.last_name'])
    .orderBy('bookings.created_at', 'desc')
    .orderBy('bookings.id', 'desc');
}

type BookingRow = Awaited<ReturnType<ReturnType<typeof selectBookings>['executeTakeFirstOrThrow']>>;

function bookingRowToBooking(row: BookingRow): Booking {
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
  };
}

export async function listBookingsForArtistUser(db: Kysely<Database>, userId: number) {
  const rows = await selectBookings(db)
    .innerJoin('artists', 'artists.id', 'bookings.artist_id')
    .where('artists.user_id', '=', userId)
    .execute();
  return rows.map(bookingRowToBooking);
}

export async function insertBooking(
  db: Kysely<Database>,
  values: {
    artistId: number;
    clientId: number;
    eventDate: string;
    eventDuration: number;
    eventType: string | null;
    venue: string;
    eventDetails: string | null;
    rateType: RateType;
    totalPesewas: number;
    now: Date;
  },
): Promise<Booking> {
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
      created_at: values.now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return bookingRowToBooking(
    await selectBookings(db).where('bookings.id', '=', id).executeTakeFirstOrThrow(),
  );
}
