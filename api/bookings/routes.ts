import type { FastifyInstance } from 'fastify';
import {
  BOOKING_MESSAGES,
  CreateBookingSchema,
  computeTotalPesewas,
  defaultRateType,
} from '../../contracts/bookings.ts';
import { findArtist } from '../artists/artists-repository.ts';
import { requireRoleHolder, requireUser } from '../auth/current-user.ts';
import type { Db } from '../db/database.ts';
import { HttpError, notFound, unprocessable } from '../http/errors.ts';
import { idempotentWrite } from '../http/idempotency.ts';
import { parse } from '../http/validate.ts';
import type { Clock } from '../lib/clock.ts';
import { insertBooking, listBookingsForArtistUser } from './bookings-repository.ts';

export async function bookingRoutes(app: FastifyInstance, { db, clock }: { db: Db; clock: Clock }) {
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
      return {
        statusCode: 201,
        body: await insertBooking(trx, {
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
        }),
      };
    });
    return reply.code(result.statusCode).send(result.body);
  });

  // Always the signed-in user's own artist bookings; a user without an artist profile has none.
  app.get('/api/bookings/artist', async (request) =>
    listBookingsForArtistUser(db, requireUser(request).id),
  );
}
