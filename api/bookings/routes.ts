import type { FastifyInstance } from 'fastify';
import {
  ArtistBookingsQuerySchema,
  CreateBookingSchema,
} from '../../contracts/bookings.schemas.ts';
import {
  BOOKING_MESSAGES,
  computeTotalPesewas,
  defaultRateType,
} from '../../contracts/bookings.ts';
import { IdParamsSchema } from '../../contracts/common.schemas.ts';
import { DATE_WINDOWS, windowEnd } from '../../contracts/dates.ts';
import { PageQuerySchema } from '../../contracts/paging.schemas.ts';
import { StatusChangeSchema } from '../../contracts/transitions.schemas.ts';
import {
  BOOKING_TRANSITIONS,
  canTransition,
  STATUS_CHANGE_MESSAGES,
} from '../../contracts/transitions.ts';
import { findArtist } from '../artists/artists-repository.ts';
import { requireRoleHolder, requireUser } from '../auth/current-user.ts';
import type { Db } from '../db/database.ts';
import { conflict, forbidden, HttpError, notFound, unprocessable } from '../http/errors.ts';
import { idempotentWrite } from '../http/idempotency.ts';
import { sendOwnPage } from '../http/paging.ts';
import { parse } from '../http/validate.ts';
import type { Clock } from '../lib/clock.ts';
import { dayLabel } from '../lib/day-label.ts';
import { bookingDecisionMessage, bookingRequestMessage } from '../notifications/messages.ts';
import { type NotificationDispatcher, queueNotification } from '../notifications/notifications.ts';
import { enforceBookingRequestCaps } from './booking-caps.ts';
import {
  artistBookingsSummary,
  findAcceptedOnDay,
  findBooking,
  findBookingForDecision,
  insertBooking,
  listBookingsByClient,
  listBookingsForArtistUser,
  updateBookingStatus,
} from './bookings-repository.ts';

export async function bookingRoutes(
  app: FastifyInstance,
  {
    db,
    clock,
    notifier,
    userWriteCaps,
  }: { db: Db; clock: Clock; notifier: NotificationDispatcher; userWriteCaps: boolean },
) {
  app.post('/api/bookings', async (request, reply) => {
    const user = requireRoleHolder(request);
    const booking = parse(CreateBookingSchema, request.body);
    const now = clock();
    const eventDate = new Date(booking.eventDate);
    if (eventDate.getTime() <= now.getTime()) {
      throw new HttpError(400, BOOKING_MESSAGES.pastEvent, {
        eventDate: BOOKING_MESSAGES.pastEvent,
      });
    }
    if (eventDate.getTime() > windowEnd(now, DATE_WINDOWS.event)) {
      throw new HttpError(400, BOOKING_MESSAGES.farEvent, { eventDate: BOOKING_MESSAGES.farEvent });
    }
    const result = await idempotentWrite(db, request, user.id, now, async (trx) => {
      const artist = await findArtist(trx, booking.artistId);
      if (!artist) throw notFound('Artist not found');
      if (artist.userId === user.id) throw unprocessable('You cannot book yourself');
      // Never trust the client's amount: it is recomputed from the artist's own rates.
      const rateType = booking.rateType ?? defaultRateType(artist);
      const rate = rateType === 'hourly' ? artist.hourlyRate : artist.eventRate;
      if (rate === null) {
        throw unprocessable(BOOKING_MESSAGES.noRate, { rateType: BOOKING_MESSAGES.noRate });
      }
      const totalPesewas = computeTotalPesewas(rateType, booking.eventDuration, artist);
      if (totalPesewas !== booking.totalAmount) {
        throw unprocessable(BOOKING_MESSAGES.amountMismatch, {
          totalAmount: BOOKING_MESSAGES.amountMismatch,
        });
      }
      if (userWriteCaps) await enforceBookingRequestCaps(trx, user.id, artist.id, now);
      const created = await insertBooking(trx, {
        artistId: artist.id,
        clientId: user.id,
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
          clientFirstName: user.first_name,
          clientLastName: user.last_name,
          eventDate: created.eventDate,
        }),
        now,
      );
      return { statusCode: 201, body: created };
    });
    notifier.kick();
    return reply.code(result.statusCode).send(result.body);
  });

  // Always the signed-in user's own artist bookings; a user without an artist profile has none.
  app.get('/api/bookings/artist', async (request, reply) => {
    const user = requireUser(request);
    const query = parse(ArtistBookingsQuerySchema, request.query);
    return sendOwnPage(reply, await listBookingsForArtistUser(db, user.id, query, clock()));
  });

  // The artist dashboard's figures, counted in the database: the lists themselves are paged.
  app.get('/api/bookings/artist/summary', async (request) =>
    artistBookingsSummary(db, requireUser(request).id, clock()),
  );

  app.get('/api/bookings/client', async (request, reply) => {
    const user = requireUser(request);
    const page = parse(PageQuerySchema, request.query);
    return sendOwnPage(reply, await listBookingsByClient(db, user.id, page));
  });

  // The artist accepts or rejects; the client marks an accepted event completed.
  app.patch('/api/bookings/:id', async (request, reply) => {
    const user = requireUser(request);
    const { id } = parse(IdParamsSchema, request.params);
    const { status } = parse(StatusChangeSchema, request.body);
    const now = clock();
    const result = await idempotentWrite(db, request, user.id, now, async (trx) => {
      const current = await findBookingForDecision(trx, id);
      if (!current) throw notFound('Booking not found');
      const actor =
        current.artistUserId === user.id
          ? 'owner'
          : current.clientId === user.id
            ? 'counterpart'
            : undefined;
      if (!actor) throw forbidden('Only the artist and the client of this booking can change it');
      if (current.status !== status) {
        if (!canTransition(BOOKING_TRANSITIONS, current.status, status, actor)) {
          const allowedToSomeone =
            canTransition(BOOKING_TRANSITIONS, current.status, status, 'owner') ||
            canTransition(BOOKING_TRANSITIONS, current.status, status, 'counterpart');
          if (allowedToSomeone) {
            throw forbidden(
              status === 'completed'
                ? 'Only the client marks a booking completed'
                : 'Only the artist accepts or rejects a booking',
            );
          }
          throw conflict(STATUS_CHANGE_MESSAGES.notAllowed(current.status, status));
        }
        if (
          status === 'accepted' &&
          (await findAcceptedOnDay(trx, current.artistId, current.eventDate, id))
        ) {
          throw conflict(STATUS_CHANGE_MESSAGES.doubleBooking(dayLabel(current.eventDate)));
        }
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
      return { statusCode: 200, body: await findBooking(trx, id) };
    });
    notifier.kick();
    return reply.code(result.statusCode).send(result.body);
  });
}
