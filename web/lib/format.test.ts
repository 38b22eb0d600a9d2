import { afterEach, expect, test } from 'vitest';
import { formatDate, formatLongDate, formatMoney, formattingLocale, jobPrice } from './format.ts';
import { setCatalog } from './i18n/translate.ts';

afterEach(() => setCatalog('en-GH', null));

// What Chromium's Intl answers (it carries Twi's date names, not Ewe's or Ga's): checked in the
// browser by tests/e2e/languages.spec.ts.
const chromium = (locales: string[]) => locales.filter((locale) => locale === 'ak');

test('dates and amounts use the language where Intl has it, and English where it has not', () => {
  expect(formattingLocale('en-GH', chromium)).toBe('en-GB');
  expect(formattingLocale('ak', chromium)).toBe('ak');
  expect(formattingLocale('ee', chromium)).toBe('en-GB');
  expect(formattingLocale('gaa', chromium)).toBe('en-GB');
});

test("English keeps the spec's formats", () => {
  expect(formatDate('2026-12-12T18:30:00Z')).toBe('12 Dec 2026');
  expect(formatLongDate('2026-12-12')).toBe('Saturday, 12 December 2026');
  expect(formatMoney('1234.5')).toBe('GHS 1,234.50');
  expect(jobPrice({ jobType: 'hourly', hourlyRate: '50.00', fixedPrice: null })).toBe(
    'GHS 50.00/hr',
  );
});

test('Twi dates come from Intl in Twi; amounts are written as in English', () => {
  setCatalog('ak', {});
  const day = new Date('2026-12-12T12:00:00Z');
  expect(formatDate(day.toISOString())).toBe(
    new Intl.DateTimeFormat('ak', { day: 'numeric', month: 'short', year: 'numeric' }).format(day),
  );
  expect(formatDate(day.toISOString())).not.toBe('12 Dec 2026');
  expect(formatMoney('1234.5')).toBe('GHS 1,234.50');
});
