import * as v from 'valibot';
import { STATUSES } from './applications.ts';
import { BOOKING_MESSAGES, MAX_EVENT_HOURS, RATE_TYPES } from './bookings.ts';
import { idSchema, objectSchema } from './common.schemas.ts';
import { isRealDate, parseTimestamp } from './dates.ts';
import { moneySchema } from './money.schemas.ts';
import { pageEntries } from './paging.schemas.ts';
import { cleanText } from './text.ts';

const TEXT_MAX = 2000;

const durationSchema = v.pipe(
  v.number(BOOKING_MESSAGES.eventDuration),
  v.integer(BOOKING_MESSAGES.eventDuration),
  v.minValue(1, BOOKING_MESSAGES.eventDuration),
  v.maxValue(MAX_EVENT_HOURS, `Duration must be at most ${MAX_EVENT_HOURS} hours`),
);

/** An optional free-text field, `label` naming it in its messages. */
const optionalText = (max: number, label: string) =>
  v.nullish(
    v.pipe(
      v.string(`${label} must be text`),
      v.transform(cleanText),
      v.trim(),
      v.maxLength(max, `${label} must be at most ${max} characters`),
      v.transform((text) => (text === '' ? null : text)),
    ),
    null,
  );

const venueSchema = v.pipe(
  v.string(BOOKING_MESSAGES.venue),
  v.transform(cleanText),
  v.trim(),
  v.nonEmpty(BOOKING_MESSAGES.venue),
  v.maxLength(200, 'Venue must be at most 200 characters'),
);

/** The booking dialog's form, as its inputs hold it. */
export const BookingFormSchema = objectSchema({
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
  eventType: optionalText(100, 'Event type'),
  venue: venueSchema,
  eventDetails: optionalText(TEXT_MAX, 'Event details'),
});

/** The body of POST /api/bookings. */
export const CreateBookingSchema = objectSchema({
  artistId: idSchema(BOOKING_MESSAGES.artistId),
  // Read strictly (contracts/dates.ts) and kept as the UTC instant, `2027-06-01T07:00:00.000Z`.
  eventDate: v.pipe(
    v.string(BOOKING_MESSAGES.eventDate),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const instant = parseTimestamp(dataset.value);
      if (instant === undefined) {
        addIssue({ message: BOOKING_MESSAGES.eventDate });
        return NEVER;
      }
      return new Date(instant).toISOString();
    }),
  ),
  eventDuration: durationSchema,
  eventType: optionalText(100, 'Event type'),
  venue: venueSchema,
  eventDetails: optionalText(TEXT_MAX, 'Event details'),
  totalAmount: moneySchema(BOOKING_MESSAGES.totalAmount),
  rateType: v.optional(v.picklist(RATE_TYPES, BOOKING_MESSAGES.rateType)),
});
export type CreateBookingInput = v.InferInput<typeof CreateBookingSchema>;
export type CreateBooking = v.InferOutput<typeof CreateBookingSchema>;

/**
 * GET /api/bookings/artist: the artist's bookings, newest request first, optionally of one
 * status; `upcoming=true` keeps events still to come, soonest first (the calendar).
 */
export const ArtistBookingsQuerySchema = objectSchema({
  status: v.optional(
    v.picklist(STATUSES, 'Choose pending, accepted, rejected, completed or cancelled'),
  ),
  upcoming: v.optional(
    v.pipe(
      v.picklist(['true', 'false'], 'Upcoming is true or false'),
      v.transform((value) => value === 'true'),
    ),
  ),
  ...pageEntries,
});
export type ArtistBookingsQuery = v.InferOutput<typeof ArtistBookingsQuerySchema>;
