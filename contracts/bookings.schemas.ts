import * as v from 'valibot';
import { BOOKING_MESSAGES, MAX_EVENT_HOURS, RATE_TYPES } from './bookings.ts';
import { idSchema } from './common.schemas.ts';
import { isRealDate } from './common.ts';
import { moneySchema } from './money.schemas.ts';

const TEXT_MAX = 2000;

const durationSchema = v.pipe(
  v.number(BOOKING_MESSAGES.eventDuration),
  v.integer(BOOKING_MESSAGES.eventDuration),
  v.minValue(1, BOOKING_MESSAGES.eventDuration),
  v.maxValue(MAX_EVENT_HOURS, `Duration must be at most ${MAX_EVENT_HOURS} hours`),
);

const optionalText = (max: number) =>
  v.nullish(
    v.pipe(
      v.string('Must be text'),
      v.trim(),
      v.maxLength(max, `Must be at most ${max} characters`),
      v.transform((text) => (text === '' ? null : text)),
    ),
    null,
  );

const venueSchema = v.pipe(
  v.string(BOOKING_MESSAGES.venue),
  v.trim(),
  v.nonEmpty(BOOKING_MESSAGES.venue),
  v.maxLength(200, 'Venue must be at most 200 characters'),
);

/** The booking dialog's form, as its inputs hold it. */
export const BookingFormSchema = v.object({
  eventDate: v.pipe(
    v.string(BOOKING_MESSAGES.eventDate),
    v.nonEmpty(BOOKING_MESSAGES.eventDate),
    v.check(isRealDate, BOOKING_MESSAGES.eventDate),
  ),
  eventTime: v.pipe(
    v.string(BOOKING_MESSAGES.eventTime),
    v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, BOOKING_MESSAGES.eventTime),
  ),
  rateType: v.picklist(RATE_TYPES, BOOKING_MESSAGES.rateType),
  eventDuration: v.pipe(
    v.union([v.number(), v.string()], BOOKING_MESSAGES.eventDuration),
    v.transform((value) =>
      typeof value === 'number' ? value : Number(value.trim() || Number.NaN),
    ),
    durationSchema,
  ),
  eventType: optionalText(100),
  venue: venueSchema,
  eventDetails: optionalText(TEXT_MAX),
});
export type BookingFormInput = v.InferInput<typeof BookingFormSchema>;

/** The body of POST /api/bookings. */
export const CreateBookingSchema = v.object({
  artistId: idSchema(BOOKING_MESSAGES.artistId),
  eventDate: v.pipe(
    v.string(BOOKING_MESSAGES.eventDate),
    v.isoTimestamp(BOOKING_MESSAGES.eventDate),
  ),
  eventDuration: durationSchema,
  eventType: optionalText(100),
  venue: venueSchema,
  eventDetails: optionalText(TEXT_MAX),
  totalAmount: moneySchema(BOOKING_MESSAGES.totalAmount),
  rateType: v.optional(v.picklist(RATE_TYPES, BOOKING_MESSAGES.rateType)),
});
export type CreateBookingInput = v.InferInput<typeof CreateBookingSchema>;
export type CreateBooking = v.InferOutput<typeof CreateBookingSchema>;
