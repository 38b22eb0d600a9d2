import * as v from 'valibot';
import type { Status } from './applications.ts';
import { idSchema, isRealDate } from './common.ts';
import { formatAmount, moneySchema, toPesewas } from './money.ts';

export const RATE_TYPES = ['hourly', 'event'] as const;
export type RateType = (typeof RATE_TYPES)[number];

export const BOOKING_MESSAGES = {
  eventDate: 'Event date is required',
  eventTime: 'Event time is required',
  eventDuration: 'Duration must be at least 1 hour',
  venue: 'Venue is required',
  totalAmount: 'Total amount must be a valid amount',
  amountMismatch: "The total amount doesn't match the artist's rates",
  pastEvent: 'The event date must be in the future',
  noRate: 'This artist has no rate of that type',
  artistId: 'Choose an artist to book',
  rateType: 'Choose hourly or per event',
} as const;

export const MAX_EVENT_HOURS = 72;
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

/** The rate type the dialog starts with: hourly when the artist has an hourly rate, else per event. */
export function defaultRateType(artist: { hourlyRate: string | null }): RateType {
  return artist.hourlyRate !== null ? 'hourly' : 'event';
}

/**
 * Total Amount in pesewas (spec section 5): hourly = duration x hourly rate, event = the event
 * rate, otherwise 0. The client shows it and the server recomputes it; both call this.
 */
export function computeTotalPesewas(
  rateType: RateType,
  duration: number,
  rates: { hourlyRate: string | null; eventRate: string | null },
): number {
  if (rateType === 'hourly') {
    const hourly = toPesewas(rates.hourlyRate);
    if (hourly === undefined || !Number.isInteger(duration) || duration < 1) return 0;
    return hourly * duration;
  }
  return toPesewas(rates.eventRate) ?? 0;
}

/** The Total Amount as the dialog shows it and the payload sends it: "450.00". */
export function computeTotalAmount(
  rateType: RateType,
  duration: number,
  rates: { hourlyRate: string | null; eventRate: string | null },
): string {
  return formatAmount(computeTotalPesewas(rateType, duration, rates));
}

export interface Booking {
  id: number;
  artistId: number;
  clientId: number;
  eventDate: string;
  eventDuration: number;
  eventType: string | null;
  venue: string;
  eventDetails: string | null;
  totalAmount: string;
  rateType: RateType;
  status: Status;
  createdAt: string;
  client: { firstName: string; lastName: string };
}

/** A booking as the client who made it sees it (My Bookings). */
export interface ClientBooking extends Booking {
  artist: { id: number; stageName: string };
}
