import type { Kysely } from 'kysely';
import { BOOKING_MESSAGES } from '../../contracts/bookings.ts';
import type { Database } from '../db/database.ts';
import { HOUR_SECONDS, secondsUntilWindowFrees, USAGE_CAPS } from '../lib/caps.ts';
import { addSeconds } from '../lib/clock.ts';
import { LimitReached, RuleBroken } from '../lib/domain-errors.ts';
import { countBookingRequests } from './bookings-repository.ts';

/**
 * Refuses a booking request past the client's caps (USAGE_CAPS.bookingRequests): too many
 * waiting for an answer breaks a rule, too many in the last hour is a rate limit (with the
 * wait). Runs inside the request's transaction, on counts from the database.
 */
export async function enforceBookingRequestCaps(
  trx: Kysely<Database>,
  clientId: number,
  artistId: number,
  now: Date,
): Promise<void> {
  const caps = USAGE_CAPS.bookingRequests;
  const counts = await countBookingRequests(
    trx,
    clientId,
    artistId,
    now.toISOString(),
    addSeconds(now, -HOUR_SECONDS).toISOString(),
  );
  if (counts.openWithArtist >= caps.openPerClientArtist) {
    throw new RuleBroken(BOOKING_MESSAGES.openWithArtist(caps.openPerClientArtist));
  }
  if (counts.open >= caps.openPerClient) {
    throw new RuleBroken(BOOKING_MESSAGES.openRequests(caps.openPerClient));
  }
  if (counts.recent >= caps.perClientHour && counts.oldestRecent) {
    throw new LimitReached(
      BOOKING_MESSAGES.hourly,
      secondsUntilWindowFrees(counts.oldestRecent, now),
    );
  }
}
