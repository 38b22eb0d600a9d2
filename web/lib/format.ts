import type { Job } from '../../contracts/jobs.ts';
import { formatGhs } from '../../contracts/money.ts';

const shortDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const shortUtcDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const dayMonthYear = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' });
const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });

/** A timestamp as '12 Dec 2026' in the viewer's time zone. */
export function formatDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : shortDate.format(date);
}

/** A timestamp as '12 Dec 2026, 18:30'. */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : `${shortDate.format(date)}, ${time.format(date)}`;
}

/** A calendar day 'YYYY-MM-DD' as 'Saturday, 12 December 2026', whatever the viewer's zone. */
export function formatLongDate(day: string): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  // Built from parts so every browser shows the comma after the weekday.
  return `${weekday.format(date)}, ${dayMonthYear.format(date)}`;
}

/** A calendar day 'YYYY-MM-DD' as '12 Dec 2026'. */
export function formatDay(day: string): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : shortUtcDate.format(date);
}

/** Today in the viewer's zone as 'YYYY-MM-DD'. */
export function todayIso(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/** Job card price line: 'GHS 50.00/hr' or 'GHS 500.00'. */
export function jobPrice(job: Pick<Job, 'jobType' | 'hourlyRate' | 'fixedPrice'>): string {
  return job.jobType === 'hourly' ? `${formatGhs(job.hourlyRate)}/hr` : formatGhs(job.fixedPrice);
}

/** Job detail payment: 'GHS 50.00/hr' or 'GHS 500.00 (Fixed)'. */
export function jobPayment(job: Pick<Job, 'jobType' | 'hourlyRate' | 'fixedPrice'>): string {
  return job.jobType === 'hourly'
    ? `${formatGhs(job.hourlyRate)}/hr`
    : `${formatGhs(job.fixedPrice)} (Fixed)`;
}

/** 'skilled_trades' -> 'skilled trades' (the dashboard shows the raw value with spaces). */
export function underscoresToSpaces(value: string): string {
  return value.replaceAll('_', ' ');
}
