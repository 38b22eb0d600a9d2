import type { Artist } from '../../../contracts/artists.ts';
import { BookingFormSchema, type CreateBookingInput } from '../../../contracts/bookings.schemas.ts';
import {
  bookingDay,
  computeTotalAmount,
  defaultRateType,
  type RateType,
} from '../../../contracts/bookings.ts';
import { validate } from '../../../contracts/validate.ts';

/** The booking dialog's inputs as they hold them. */
export interface BookingFormState {
  eventDate: string;
  eventTime: string;
  rateType: RateType;
  eventDuration: string;
  eventType: string;
  venue: string;
  eventDetails: string;
}

export function emptyBookingForm(artist: Pick<Artist, 'hourlyRate'>): BookingFormState {
  return {
    eventDate: '',
    eventTime: '',
    rateType: defaultRateType(artist),
    eventDuration: '1',
    eventType: '',
    venue: '',
    eventDetails: '',
  };
}

/** The rate types the artist offers: each only when the artist has that rate. */
export function offeredRateTypes(artist: Pick<Artist, 'hourlyRate' | 'eventRate'>): RateType[] {
  const types: RateType[] = [];
  if (artist.hourlyRate !== null) types.push('hourly');
  if (artist.eventRate !== null) types.push('event');
  return types;
}

/** The live Total Amount ("450.00"); a duration that is not a whole number counts as 0 hours. */
export function bookingTotal(
  form: Pick<BookingFormState, 'rateType' | 'eventDuration'>,
  artist: Pick<Artist, 'hourlyRate' | 'eventRate'>,
): string {
  const duration = form.eventDuration.trim() === '' ? 0 : Number(form.eventDuration);
  return computeTotalAmount(form.rateType, duration, artist);
}

/**
 * Validates the form and builds the POST /api/bookings body. The event date and time are read
 * in the viewer's zone (Ghana is UTC+0) and sent as an ISO date-time.
 */
export function buildBookingPayload(
  form: BookingFormState,
  artist: Pick<Artist, 'id' | 'hourlyRate' | 'eventRate'>,
): { ok: true; value: CreateBookingInput } | { ok: false; errors: Record<string, string> } {
  const result = validate(BookingFormSchema, form);
  if (!result.ok) return result;
  const { eventDate, eventTime, rateType, eventDuration, eventType, venue, eventDetails } =
    result.value;
  const start = new Date(`${eventDate}T${eventTime}`);
  return {
    ok: true,
    value: {
      artistId: artist.id,
      eventDate: start.toISOString(),
      eventDuration,
      eventType,
      venue,
      eventDetails,
      totalAmount: computeTotalAmount(rateType, eventDuration, artist),
      rateType,
    },
  };
}

/**
 * The day ('YYYY-MM-DD', UTC as the server counts booked days) the form's event falls on, or
 * null until a date is chosen. Without a time yet, the date as chosen.
 */
export function formEventDay(form: Pick<BookingFormState, 'eventDate' | 'eventTime'>) {
  if (!form.eventDate) return null;
  if (!form.eventTime) return form.eventDate;
  const start = new Date(`${form.eventDate}T${form.eventTime}`);
  return Number.isNaN(start.getTime()) ? form.eventDate : bookingDay(start.toISOString());
}
