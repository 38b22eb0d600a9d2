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
import { BOOKING_TRANSITIONS, STATUS_CHANGE_MESSAGES } from '../../contracts/transitions.ts';
import { findArtist } from '../artists/artists-service.ts';
import { type Actor, mustHoldRole } from '../auth/actor.ts';
import { isUniqueViolation } from '../db/dialect.ts';
import { bookingViews, pageOf } from '../engagements/deal-view.ts';
import { type DealServiceDeps, sideActions } from '../engagements/side-actions.ts';
import { dayLabel } from '../lib/day-label.ts';
import { Conflict, Forbidden, InvalidInput, NotFound, RuleBroken } from '../lib/domain-errors.ts';
import { runWrite, type WriteOptions } from '../lib/idempotent-write.ts';
import type { ListPage, PageRequest } from '../lib/keyset-page.ts';
import { bookingDecisionMessage, bookingRequestMessage } from '../notifications/messages.ts';
import { queueNotification } from '../notifications/notifications.ts';
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

export const BOOKING_NOT_FOUND = 'Booking not found';
export const NOT_YOUR_BOOKING = 'Only the artist and the client of this booking can change it';
export const ARTIST_DECIDES = 'Only the artist accepts or rejects a booking';

/** Who may request a booking: someone who has chosen a role. */
export const mayBook = mustHoldRole;

export type BookingsService = ReturnType<typeof createBookingsService>;

/**
 * Booking artists: requests, the artist's answers, and the escrow of an accepted booking: the
 * client pays (payments service), both sides confirm after the event, either may dispute or
 * cancel before it.
 */
export function createBookingsService(deps: DealServiceDeps) {
  const { db, clock, notifier, userWriteCaps, serviceFeePercent } = deps;
  /** Confirm, dispute and cancel, by either side, and the booking as a side sees it. */
  const sides = sideActions(deps, {
    type: 'booking',
    notFound: BOOKING_NOT_FOUND,
    find: findBooking,
    views: bookingViews,
    decision: {
      find: findBookingForDecision,
      sideOf: (current, actor) => {
        if (current.artistUserId === actor.id) return 'owner';
        if (current.clientId === actor.id) return 'counterpart';
        throw new Forbidden(NOT_YOUR_BOOKING);
      },
      transitions: BOOKING_TRANSITIONS,
      othersMove: ARTIST_DECIDES,
      refuse: async (trx, current, status, id) => {
        if (
          status === 'accepted' &&
          (await findAcceptedOnDay(trx, current.artistId, current.eventDate, id))
        ) {
          throw new Conflict(STATUS_CHANGE_MESSAGES.doubleBooking(dayLabel(current.eventDate)));
        }
      },
      store: async (trx, current, status, id, now) => {
        try {
          await updateBookingStatus(trx, id, status, now);
        } catch (error) {
          // The constraint behind `refuse` (bookings_one_accepted_per_day), for an acceptance
          // of the same day committed since.
          if (isUniqueViolation(error)) {
            throw new Conflict(STATUS_CHANGE_MESSAGES.doubleBooking(dayLabel(current.eventDate)));
          }
          throw error;
        }
      },
      notice: (current, _artist, accepted) => ({
        userId: current.clientId,
        message: bookingDecisionMessage({
          stageName: current.stageName,
          eventDate: current.eventDate,
          accepted,
        }),
      }),
    },
  });

  return {
    /**
     * Requests a booking of an artist who exists and is not oneself, for an event from now to
     * two years ahead on a day the artist is not already booked, within the client's caps. The amount is never the client's: it is
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
        // One accepted booking a day: a request for a day already taken could never be
        // accepted, so the client hears it now rather than from a refusal days later.
        if (await findAcceptedOnDay(trx, artist.id, eventDate.toISOString())) {
          const message = BOOKING_MESSAGES.bookedDay(artist.stageName, dayLabel(booking.eventDate));
          throw new Conflict(message, { eventDate: message });
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
          cancellationPolicy: artist.cancellationPolicy,
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
        return sides.view(trx, created, actor.id);
      });
      notifier.kick();
      return value;
    },

    /**
     * decide: the artist accepts or rejects a pending request (BOOKING_TRANSITIONS). Accepting
     * a day that already has an accepted booking of the artist is a conflict; an acceptance
     * gives the client 48 hours to pay. Each change is a state change of the one who makes it
     * (USAGE_CAPS.stateChanges). Setting the current status again changes nothing, counts
     * nothing and stores no idempotency record. Nobody marks a booking completed: it is
     * completed when its escrow is released (confirm). The client is told of an acceptance or
     * a rejection.
     *
     * confirm: the client or the artist confirms the event took place, once it has started and
     * the booking is paid; when both have, the artist is paid (api/engagements/process.ts).
     *
     * dispute: either side disputes a paid booking: its money stays held until an operator
     * decides.
     *
     * cancel: either side cancels an accepted booking before its event: the date is free again,
     * and a paid booking is refunded in full.
     */
    ...sides.actions,

    /**
     * The bookings of the actor's own artist profile (none without one): newest request first,
     * or with `upcoming` the events still to come, soonest first.
     */
    async listForArtist(
      actor: Actor,
      filter: ArtistBookingsFilter,
      page: PageRequest,
    ): Promise<ListPage<Booking>> {
      const found = await listBookingsForArtistUser(db, actor.id, filter, page, clock());
      return pageOf(found, (items) =>
        bookingViews(db, items, actor.id, serviceFeePercent, clock()),
      );
    },

    /** The artist dashboard's figures, counted in the database over all their bookings. */
    artistSummary(actor: Actor): Promise<ArtistBookingsSummary> {
      return artistBookingsSummary(db, actor.id, clock());
    },

    /** My Bookings: what the actor booked, newest first. */
    async listMine(actor: Actor, page: PageRequest): Promise<ListPage<ClientBooking>> {
      const found = await listBookingsByClient(db, actor.id, page);
      return pageOf(found, (items) =>
        bookingViews(db, items, actor.id, serviceFeePercent, clock()),
      );
    },
  };
}
