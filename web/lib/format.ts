import type { Job } from '../../contracts/jobs.ts';
import type { Language } from '../../contracts/languages.ts';
import { formatGhs } from '../../contracts/money.ts';
import { onServer } from './drawn-page.ts';
import { t, translationLanguage } from './i18n/translate.ts';

/** The spec's English dates ('12 Dec 2026') and amounts ('GHS 1,234.50'). */
const ENGLISH_LOCALE = 'en-GB';

type SupportedLocalesOf = (locales: string[]) => string[];

/**
 * The locale dates and amounts are formatted in: the language itself when this browser's Intl
 * has data for it, else English. Chrome has Twi (`ak`) but not Ewe or Ga: asked for `ee`, it
 * would quietly format in its own default (US English, 'Dec 12, 2026').
 */
export function formattingLocale(
  language: Language,
  supportedLocalesOf: SupportedLocalesOf = onServer
    ? phoneLocalesOf
    : (locales) => Intl.DateTimeFormat.supportedLocalesOf(locales),
): string {
  if (language === 'en-GH') return ENGLISH_LOCALE;
  return supportedLocalesOf([language])[0] === language ? language : ENGLISH_LOCALE;
}

/**
 * The server draws pages as a phone's Chrome formats them (ADR 031): its Intl has Twi, not Ewe
 * or Ga (Node's has all three, in newer forms). A phone whose Intl formats otherwise sees it in
 * formatProbe and draws its own screen rather than hydrating the server's.
 */
const phoneLocalesOf: SupportedLocalesOf = (locales) => locales.filter((locale) => locale === 'ak');

/**
 * A fixed day, hour, amount and plural written in every format a screen uses, in the current
 * language: the server puts its own in the page, and the browser hydrates only when its own
 * is the same, so a date or amount never differs between the two.
 */
export function formatProbe(): string {
  const moment = '2026-12-12T18:30:00Z';
  return [
    formatDateTime(moment),
    formatLongDate('2026-12-12'),
    formatDay('2026-12-12'),
    formatMoney('1234.5'),
    t('{count} applicants', { count: 1 }),
    t('{count} applicants', { count: 0 }),
  ].join('|');
}

interface Formats {
  shortDate: Intl.DateTimeFormat;
  shortUtcDate: Intl.DateTimeFormat;
  dayMonthYear: Intl.DateTimeFormat;
  weekday: Intl.DateTimeFormat;
  time: Intl.DateTimeFormat;
}

const formatsByLocale = new Map<string, Formats>();

function formats(): Formats {
  const locale = formattingLocale(translationLanguage());
  let found = formatsByLocale.get(locale);
  if (!found) {
    const day = { day: 'numeric', month: 'short', year: 'numeric' } as const;
    found = {
      shortDate: new Intl.DateTimeFormat(locale, day),
      shortUtcDate: new Intl.DateTimeFormat(locale, { ...day, timeZone: 'UTC' }),
      dayMonthYear: new Intl.DateTimeFormat(locale, {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }),
      weekday: new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }),
      time: new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }),
    };
    formatsByLocale.set(locale, found);
  }
  return found;
}

/**
 * An amount in cedis for display: 'GHS 1,234.50' in every language. A phone's Chrome writes it
 * so in Twi too, where the server's Intl would write 'GH₵1,234.50': one form, so a page drawn on
 * the server shows the amounts the phone would (ADR 031).
 */
export function formatMoney(amount: string | number | null | undefined): string {
  return formatGhs(amount);
}

/** A timestamp as '12 Dec 2026' in the viewer's time zone. */
export function formatDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : formats().shortDate.format(date);
}

/** A timestamp as '12 Dec 2026, 18:30'. */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : `${formats().shortDate.format(date)}, ${formats().time.format(date)}`;
}

/** A calendar day 'YYYY-MM-DD' as 'Saturday, 12 December 2026', whatever the viewer's zone. */
export function formatLongDate(day: string): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  // Built from parts so every browser shows the comma after the weekday.
  return `${formats().weekday.format(date)}, ${formats().dayMonthYear.format(date)}`;
}

/** A calendar day 'YYYY-MM-DD' as '12 Dec 2026'. */
export function formatDay(day: string): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : formats().shortUtcDate.format(date);
}

/** Today in the viewer's zone as 'YYYY-MM-DD'. */
export function todayIso(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/** Job card price line: 'GHS 50.00/hr' or 'GHS 500.00'. */
export function jobPrice(job: Pick<Job, 'jobType' | 'hourlyRate' | 'fixedPrice'>): string {
  return job.jobType === 'hourly'
    ? t('{amount}/hr', { amount: formatMoney(job.hourlyRate) })
    : formatMoney(job.fixedPrice);
}

/** Job detail payment: 'GHS 50.00/hr' or 'GHS 500.00 (Fixed)'. */
export function jobPayment(job: Pick<Job, 'jobType' | 'hourlyRate' | 'fixedPrice'>): string {
  return job.jobType === 'hourly'
    ? t('{amount}/hr', { amount: formatMoney(job.hourlyRate) })
    : t('{amount} (Fixed)', { amount: formatMoney(job.fixedPrice) });
}
