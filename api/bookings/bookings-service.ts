import type { Status } from '../../contracts/applications.ts';
import type { CreateBooking } from '../../contracts/bookings.schemas.ts';
import {
  type ArtistBookingsSummary,
  BOOKING_MESSAGES,
  type Booking,
  type ClientBooking,
  computeTotalPesewas,
  defaultRateType,
} from '../../contracts/bookings.ts';
import { DATE_WINDOWS, windowEnd } from '../../contracts/dates.ts';
import {
  BOOKING_TRANSITIONS,
  canTransition,
  STATUS_CHANGE_MESSAGES,
} from '../../contracts/transitions.ts';
import { findArtist } from '../artists/artists-repository.ts';
import { type Actor, mustHoldRole } from '../auth/actor.ts';
import type { Db } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import { dayLabel } from '../lib/day-label.ts';
import { Conflict, Forbidden, InvalidInput, NotFound, RuleBroken } from '../lib/domain-errors.ts';
import { runWrite, type WriteOptions } from '../lib/idempotent-write.ts';
import type { ListPage, PageRequest } from '../lib/keyset-page.ts';
import { STATE_CHANGE_RATE, takeAction } from '../lib/user-rates.ts';
import { bookingDecisionMessage, bookingRequestMessage } from '../notifications/messages.ts';
import { type NotificationDispatcher, queueNotification } from '../notifications/notifications.ts';
import { enforceBookingRequestCaps } from './booking-caps.ts';
import {
  type ArtistBookingsFilter,
  artistBookingsSummary,
  findAcceptedOnDay,
  findBooking,
  findBookingForDecision,
  insertBooking,
  listBookingsByClient,
  listBookingsForArtistUser,
  updateBookingStatus,
} from './bookings-repository.ts';

/** Who may request a booking: someone who has chosen a role. */
export const mayBook = mustHoldRole;

export type BookingsService = ReturnType<typeof createBookingsService>;

/** Booking artists: requests, the artist's answers, and the client marking an event done. */
export function createBookingsService({
  db,
  clock,
  notifier,
  userWriteCaps,
}: {
  db: Db;
  clock: Clock;
  notifier: NotificationDispatcher;
  /** Whether the per-user caps apply (USER_WRITE_CAPS). */
  userWriteCaps: boolean;
}) {
  return {
    /**
     * Requests a booking of an artist who exists and is not oneself, for an event from now to
     * two years ahead, within the client's caps. The amount is never the client's: it is
     * recomputed from the artist's own rates and must match. The artist is told by SMS once the
     * request is saved.
     */
    async request(
      actor: Actor,
      booking: CreateBooking,
      { idempotency }: WriteOptions = {},
    ): Promise<Booking> {
      mustHoldRole(actor);
      const now = clock();
      const eventDate = new Date(booking.eventDate);
      if (eventDate.getTime() <= now.getTime()) {
        throw new InvalidInput(BOOKING_MESSAGES.pastEvent, {
          eventDate: BOOKING_MESSAGES.pastEvent,
        });
      }
      if (eventDate.getTime() > windowEnd(now, DATE_WINDOWS.event)) {
        throw new InvalidInput(BOOKING_MESSAGES.farEvent, { eventDate: BOOKING_MESSAGES.farEvent });
      }
      const options = { userId: actor.id, now, idempotency, userWriteCaps };
      const { value } = await runWrite(db, options, async (trx) => {
        const artist = await findArtist(trx, booking.artistId);
        if (!artist) throw new NotFound('Artist not found');
        if (artist.userId === actor.id) throw new RuleBroken('You cannot book yourself');
        const rateType = booking.rateType ?? defaultRateType(artist);
        const rate = rateType === 'hourly' ? artist.hourlyRate : artist.eventRate;
        if (rate === null) {
          throw new RuleBroken(BOOKING_MESSAGES.noRate, { rateType: BOOKING_MESSAGES.noRate });
        }
        const totalPesewas = computeTotalPesewas(rateType, booking.eventDuration, artist);
        if (totalPesewas !== booking.totalAmount) {
          throw new RuleBroken(BOOKING_MESSAGES.amountMismatch, {
            totalAmount: BOOKING_MESSAGES.amountMismatch,
          });
        }
        if (userWriteCaps) await enforceBookingRequestCaps(trx, actor.id, artist.id, now);
        const created = await insertBooking(trx, {
          artistId: artist.id,
          clientId: actor.id,
          eventDate: eventDate.toISOString(),
          eventDuration: booking.eventDuration,
          eventType: booking.eventType,
          venue: booking.venue,
          eventDetails: booking.eventDetails,
          rateType,
          totalPesewas,
          now,
        });
        await queueNotification(
          trx,
          artist.userId,
          bookingRequestMessage({
            clientFirstName: actor.firstName,
            clientLastName: actor.lastName,
            eventDate: created.eventDate,
          }),
          now,
        );
        return created;
      });
      notifier.kick();
      return value;
    },

    /**
     * The artist accepts or rejects a pending request; the client marks an accepted event
     * completed (BOOKING_TRANSITIONS). Accepting a day that already has an accepted booking of
     * the artist is a conflict. Each change is a state change of the one who makes it
     * (USAGE_CAPS.stateChanges). Setting the current status again changes nothing, counts
     * nothing and stores no idempotency record. The client is told of an acceptance or a
     * rejection.
     */
    async decide(
      actor: Actor,
      id: number,
      status: Status,
      { idempotency }: WriteOptions = {},
    ): Promise<Booking> {
      const now = clock();
      const options = { userId: actor.id, now, idempotency, userWriteCaps };
      const { value } = await runWrite(db, options, async (trx, write) => {
        const current = await findBookingForDecision(trx, id);
        if (!current) throw new NotFound('Booking not found');
        const side =
          current.artistUserId === actor.id
            ? 'owner'
            : current.clientId === actor.id
              ? 'counterpart'
              : undefined;
        if (!side)
          throw new Forbidden('Only the artist and the client of this booking can change it');
        if (current.status === status) {
          write.unchanged();
        } else {
          if (!canTransition(BOOKING_TRANSITIONS, current.status, status, side)) {
            const allowedToSomeone =
              canTransition(BOOKING_TRANSITIONS, current.status, status, 'owner') ||
              canTransition(BOOKING_TRANSITIONS, current.status, status, 'counterpart');
            if (allowedToSomeone) {
              throw new Forbidden(
                status === 'completed'
                  ? 'Only the client marks a booking completed'
                  : 'Only the artist accepts or rejects a booking',
              );
            }
            throw new Conflict(STATUS_CHANGE_MESSAGES.notAllowed(current.status, status));
          }
          if (
            status === 'accepted' &&
            (await findAcceptedOnDay(trx, current.artistId, current.eventDate, id))
          ) {
            throw new Conflict(STATUS_CHANGE_MESSAGES.doubleBooking(dayLabel(current.eventDate)));
          }
          if (userWriteCaps) await takeAction(trx, actor.id, STATE_CHANGE_RATE, now);
          await updateBookingStatus(trx, id, status);
          if (status === 'accepted' || status === 'rejected') {
            await queueNotification(
              trx,
              current.clientId,
              bookingDecisionMessage({
                stageName: current.stageName,
                eventDate: current.eventDate,
                accepted: status === 'accepted',
              }),
              now,
            );
          }
        }
        return findBooking(trx, id);
      });
      notifier.kick();
      return value;
    },

    /**
     * The bookings of the actor's own artist profile (none without one): newest request first,
     * or with `upcoming` the events still to come, soonest first.
     */
    listForArtist(
      actor: Actor,
      filter: ArtistBookingsFilter,
      page: PageRequest,
    ): Promise<ListPage<Booking>> {
      return listBookingsForArtistUser(db, actor.id, filter, page, clock());
    },

    /** The artist dashboard's figures, counted in the database over all their bookings. */
    artistSummary(actor: Actor): Promise<ArtistBookingsSummary> {
      return artistBookingsSummary(db, actor.id, clock());
    },

    /** My Bookings: what the actor booked, newest first. */
    listMine(actor: Actor, page: PageRequest): Promise<ListPage<ClientBooking>> {
      return listBookingsByClient(db, actor.id, page);
    },
  };
}
