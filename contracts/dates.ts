/**
 * The one strict reader of dates sent to us. `Date.parse` is lenient where we must not be: it
 * rolls 31 February over to 3 March, reads two-digit years as 19xx and refuses offsets such as
 * `+05` only once the date is used. These read exactly ISO 8601's calendar dates
 * (`YYYY-MM-DD`) and date-times with seconds optional and a zone that is `Z` or `±HH:MM`, and
 * answer undefined for anything else, impossible dates included. Pure: runs everywhere.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:(Z)|([+-])(\d{2}):(\d{2}))$/;

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Midnight UTC of a day, as epoch milliseconds; years below 100 stay themselves. */
function utcDay(year: number, month: number, day: number): number {
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return date.getTime();
}

function realDay(year: number, month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** A calendar day written `YYYY-MM-DD` that exists, as midnight UTC in epoch ms. */
export function parseDate(text: string): number | undefined {
  const match = DATE.exec(text);
  if (!match) return undefined;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  return realDay(year, month, day) ? utcDay(year, month, day) : undefined;
}

/** A calendar date written YYYY-MM-DD that exists. */
export const isRealDate = (text: string): boolean => parseDate(text) !== undefined;

/**
 * An ISO 8601 date-time that exists, with its zone (`Z` or `±HH:MM`, at most 14 hours), as
 * epoch milliseconds. `2027-06-01T12:00:00+05` and `2027-02-31T10:00:00Z` are undefined.
 */
export function parseTimestamp(text: string): number | undefined {
  const match = TIMESTAMP.exec(text);
  if (!match) return undefined;
  const [year, month, day, hour, minute] = match.slice(1, 6).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const second = Number(match[6] ?? 0);
  const fraction = Number(`0.${match[7] ?? '0'}`);
  if (!realDay(year, month, day) || hour > 23 || minute > 59 || second > 59) return undefined;
  let offsetMinutes = 0;
  if (!match[8]) {
    const offsetHours = Number(match[10]);
    const offsetMins = Number(match[11]);
    if (offsetHours > 14 || offsetMins > 59) return undefined;
    offsetMinutes = (match[9] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMins);
  }
  return (
    utcDay(year, month, day) +
    (hour * 60 + minute - offsetMinutes) * MINUTE_MS +
    second * 1000 +
    Math.floor(fraction * 1000)
  );
}

/** The UTC calendar day of an instant, `YYYY-MM-DD` (Ghana keeps UTC all year). */
export const dayOf = (instant: Date | number): string =>
  new Date(instant).toISOString().slice(0, 10);

/** The same day `years` later (or earlier); 29 February falls back to the 28th. */
export function addYears(day: string, years: number): string {
  const start = parseDate(day);
  if (start === undefined) throw new RangeError(`Not a date: ${day}`);
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const target = year + years;
  const clamped = Math.min(date, daysInMonth(target, month));
  return dayOf(utcDay(target, month, clamped));
}

/**
 * How far from today a date sent to us may be. Start dates of jobs may lie a little in the past
 * (work already under way); events and availability are for the next two years, no further:
 * beyond that a date is a typo or a probe, never a plan.
 */
export const DATE_WINDOWS = {
  jobStart: { yearsBack: 1, yearsAhead: 2 },
  event: { yearsBack: 0, yearsAhead: 2 },
  availability: { yearsBack: 0, yearsAhead: 2 },
} as const;

type DateWindow = (typeof DATE_WINDOWS)[keyof typeof DATE_WINDOWS];

/** Whether a `YYYY-MM-DD` day lies in the window around `today` (both ends included). */
export function isDayInWindow(day: string, today: string, window: DateWindow): boolean {
  return day >= addYears(today, -window.yearsBack) && day <= addYears(today, window.yearsAhead);
}

/** The last instant a window allows, for a date-time: the end of its last day. */
export function windowEnd(now: Date, window: DateWindow): number {
  return (parseDate(addYears(dayOf(now), window.yearsAhead)) as number) + DAY_MS - 1;
}
