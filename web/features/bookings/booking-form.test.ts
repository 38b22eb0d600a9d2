import { expect, test } from 'vitest';
import { BOOKING_MESSAGES } from '../../../contracts/bookings.ts';
import {
  type BookingFormState,
  bookingTotal,
  buildBookingPayload,
  emptyBookingForm,
  offeredRateTypes,
} from './booking-form.ts';

const both = { id: 7, hourlyRate: '150.00', eventRate: '1200.00' };
const eventOnly = { id: 8, hourlyRate: null, eventRate: '900.50' };

test('the rate type defaults to hourly when the artist has an hourly rate', () => {
  expect(emptyBookingForm(both).rateType).toBe('hourly');
  expect(emptyBookingForm(eventOnly).rateType).toBe('event');
});

test('only the rates the artist has are offered', () => {
  expect(offeredRateTypes(both)).toEqual(['hourly', 'event']);
  expect(offeredRateTypes(eventOnly)).toEqual(['event']);
  expect(offeredRateTypes({ hourlyRate: '80.00', eventRate: null })).toEqual(['hourly']);
});

test('Total Amount follows the duration for hourly and is the event rate otherwise', () => {
  expect(bookingTotal({ rateType: 'hourly', eventDuration: '3' }, both)).toBe('450.00');
  expect(bookingTotal({ rateType: 'hourly', eventDuration: '4' }, both)).toBe('600.00');
  expect(bookingTotal({ rateType: 'hourly', eventDuration: '' }, both)).toBe('0.00');
  expect(bookingTotal({ rateType: 'hourly', eventDuration: '1.5' }, both)).toBe('0.00');
  expect(bookingTotal({ rateType: 'event', eventDuration: '9' }, both)).toBe('1200.00');
  expect(bookingTotal({ rateType: 'hourly', eventDuration: '2' }, eventOnly)).toBe('0.00');
});

test('an empty form reports every required field with the spec messages', () => {
  const result = buildBookingPayload({ ...emptyBookingForm(both), eventDuration: '0' }, both);
  expect(result).toEqual({
    ok: false,
    errors: {
      eventDate: BOOKING_MESSAGES.eventDate,
      eventTime: BOOKING_MESSAGES.eventTime,
      eventDuration: BOOKING_MESSAGES.eventDuration,
      venue: BOOKING_MESSAGES.venue,
    },
  });
});

test('a complete form becomes the POST /api/bookings body', () => {
  const form: BookingFormState = {
    eventDate: '2030-12-12',
    eventTime: '18:30',
    rateType: 'hourly',
    eventDuration: '3',
    eventType: '  ',
    venue: ' Labadi Beach Hotel ',
    eventDetails: 'Outdoor wedding reception',
  };
  const result = buildBookingPayload(form, both);
  if (!result.ok) throw new Error('expected a valid booking');
  expect(result.value).toEqual({
    artistId: 7,
    eventDate: new Date('2030-12-12T18:30').toISOString(),
    eventDuration: 3,
    eventType: null,
    venue: 'Labadi Beach Hotel',
    eventDetails: 'Outdoor wedding reception',
    totalAmount: '450.00',
    rateType: 'hourly',
  });
});
