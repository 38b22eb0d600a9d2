import { expect, test } from 'vitest';
import { BookingFormSchema } from './bookings.schemas.ts';
import { BOOKING_MESSAGES, computeTotalAmount, defaultRateType } from './bookings.ts';
import { validate } from './validate.ts';

const rates = { hourlyRate: '150.00', eventRate: '1200.00' };

test('hourly total is duration times the hourly rate, with two decimals', () => {
  expect(computeTotalAmount('hourly', 3, rates)).toBe('450.00');
  expect(computeTotalAmount('hourly', 1, { hourlyRate: '99.99', eventRate: null })).toBe('99.99');
  expect(computeTotalAmount('hourly', 7, { hourlyRate: '0.10', eventRate: null })).toBe('0.70');
});

test('event total is the event rate whatever the duration', () => {
  expect(computeTotalAmount('event', 9, rates)).toBe('1200.00');
});

test('anything else is 0.00', () => {
  expect(computeTotalAmount('hourly', Number.NaN, rates)).toBe('0.00');
  expect(computeTotalAmount('hourly', 0, rates)).toBe('0.00');
  expect(computeTotalAmount('event', 2, { hourlyRate: '10.00', eventRate: null })).toBe('0.00');
});

test('the default rate type is hourly when the artist has one, else event', () => {
  expect(defaultRateType(rates)).toBe('hourly');
  expect(defaultRateType({ hourlyRate: null })).toBe('event');
});

test('the booking form reports the spec messages', () => {
  expect(
    validate(BookingFormSchema, {
      eventDate: '',
      eventTime: '',
      rateType: 'hourly',
      eventDuration: '0',
      eventType: '',
      venue: '  ',
      eventDetails: '',
    }),
  ).toEqual({
    ok: false,
    errors: {
      eventDate: BOOKING_MESSAGES.eventDate,
      eventTime: BOOKING_MESSAGES.eventTime,
      eventDuration: BOOKING_MESSAGES.eventDuration,
      venue: BOOKING_MESSAGES.venue,
    },
  });
});
