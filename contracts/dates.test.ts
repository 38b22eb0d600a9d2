import { expect, test } from 'vitest';
import {
  addYears,
  DATE_WINDOWS,
  isDayInWindow,
  isRealDate,
  parseDate,
  parseTimestamp,
  windowEnd,
} from './dates.ts';

test('dates are YYYY-MM-DD days that exist', () => {
  expect(parseDate('2027-06-01')).toBe(Date.UTC(2027, 5, 1));
  expect(parseDate('2028-02-29')).toBe(Date.UTC(2028, 1, 29));
  expect(parseDate('0001-01-01')).toBe(new Date('0001-01-01T00:00:00Z').getTime());
  for (const bad of [
    '2027-02-31',
    '2027-02-29',
    '2100-02-29',
    '2027-13-01',
    '2027-00-10',
    '2027-04-31',
    '2027-6-1',
    '27-06-01',
    '2027-06-01T00:00:00Z',
    ' 2027-06-01',
    '',
  ]) {
    expect(parseDate(bad), bad).toBeUndefined();
    expect(isRealDate(bad), bad).toBe(false);
  }
});

test('date-times need a zone of Z or ±HH:MM and a time that exists', () => {
  expect(parseTimestamp('2027-06-01T12:00:00Z')).toBe(Date.UTC(2027, 5, 1, 12));
  expect(parseTimestamp('2027-06-01T12:00Z')).toBe(Date.UTC(2027, 5, 1, 12));
  expect(parseTimestamp('2027-06-01T12:00:00.250Z')).toBe(Date.UTC(2027, 5, 1, 12, 0, 0, 250));
  expect(parseTimestamp('2027-06-01T12:00:00+05:00')).toBe(Date.UTC(2027, 5, 1, 7));
  expect(parseTimestamp('2027-06-01T12:00:00-02:30')).toBe(Date.UTC(2027, 5, 1, 14, 30));
  expect(parseTimestamp('2027-12-31T23:30:00-01:00')).toBe(Date.UTC(2028, 0, 1, 0, 30));
  for (const bad of [
    '2027-06-01T12:00:00+05', // the finding: passed validation, then 500
    '2027-06-01T12:00:00+0500',
    '2027-06-01T12:00:00', // no zone: whose noon?
    '2027-02-31T10:00:00Z', // was stored as 3 March
    '2027-06-01T24:00:00Z',
    '2027-06-01T12:60:00Z',
    '2027-06-01T12:00:60Z',
    '2027-06-01T12:00:00+15:00',
    '2027-06-01T12:00:00+05:60',
    '2027-06-01 12:00:00Z',
    '+275760-09-13T00:00:00Z',
    'June 1, 2027',
    '2027-06-01',
    '',
  ]) {
    expect(parseTimestamp(bad), bad).toBeUndefined();
  }
});

test('years move by calendar, 29 February falling back to the 28th', () => {
  expect(addYears('2026-11-22', 2)).toBe('2028-11-22');
  expect(addYears('2026-11-22', -1)).toBe('2025-11-22');
  expect(addYears('2028-02-29', 1)).toBe('2029-02-28');
});

test('windows: job starts from a year back to two ahead, events and availability two ahead', () => {
  const today = '2026-11-22';
  const job = DATE_WINDOWS.jobStart;
  expect(isDayInWindow('2025-11-22', today, job)).toBe(true);
  expect(isDayInWindow('2025-11-21', today, job)).toBe(false);
  expect(isDayInWindow('2028-11-22', today, job)).toBe(true);
  expect(isDayInWindow('2028-11-23', today, job)).toBe(false);
  expect(isDayInWindow('0001-01-01', today, job)).toBe(false);
  expect(isDayInWindow('2026-11-21', today, DATE_WINDOWS.availability)).toBe(false);
  expect(isDayInWindow('9999-12-31', today, DATE_WINDOWS.availability)).toBe(false);
  const end = windowEnd(new Date('2026-11-22T10:00:00Z'), DATE_WINDOWS.event);
  expect(new Date(end).toISOString()).toBe('2028-11-22T23:59:59.999Z');
});
