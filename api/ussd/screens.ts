import * as v from 'valibot';
import type { Booking } from '../../contracts/bookings.ts';
import { cleanDisplayName } from '../../contracts/display-name.ts';
import { type JobListing, jobPlace } from '../../contracts/jobs.ts';
import { formatGhs } from '../../contracts/money.ts';
import { dayLabel } from '../lib/day-label.ts';
import type { Translate } from '../messages/catalogs.ts';
import { gsm7Text } from '../messages/gsm7.ts';

/**
 * What a session keeps of each item a list showed: the id the caller's choice acts on, and
 * what the item's screens say, so the screens after the list read no database.
 */
export const ShownJobSchema = v.object({
  id: v.number(),
  title: v.string(),
  employer: v.string(),
  place: v.string(),
  hourly: v.boolean(),
  amount: v.nullable(v.string()),
});
export type ShownJob = v.InferOutput<typeof ShownJobSchema>;

export const ShownRequestSchema = v.object({
  id: v.number(),
  client: v.string(),
  eventDate: v.string(),
  eventType: v.nullable(v.string()),
  hours: v.number(),
  venue: v.string(),
  amount: v.string(),
});
export type ShownRequest = v.InferOutput<typeof ShownRequestSchema>;

export const shownJob = (job: JobListing): ShownJob => ({
  id: job.id,
  title: job.title,
  employer: job.employer.name,
  place: jobPlace(job),
  hourly: job.jobType === 'hourly',
  amount: job.jobType === 'hourly' ? job.hourlyRate : job.fixedPrice,
});

export const shownRequest = (booking: Booking): ShownRequest => ({
  id: booking.id,
  client: cleanDisplayName(`${booking.client.firstName} ${booking.client.lastName}`, 24) || '-',
  eventDate: booking.eventDate,
  eventType: booking.eventType,
  hours: booking.eventDuration,
  venue: booking.venue,
  amount: booking.totalAmount,
});

/**
 * A job's title as GSM-7 carries it, at most `max` characters; a title of letters GSM-7 lacks
 * altogether (symbols, emoji) shows as the job's number rather than as nothing.
 */
export const jobTitle = (job: { id: number; title: string }, max: number) =>
  gsm7Text(job.title, max) || `#${job.id}`;

/** A job as a USSD screen shows it: title, who and where, pay, and Apply. */
export function jobScreen(t: Translate, job: ShownJob): string {
  const amount = formatGhs(job.amount);
  return t('ussdJob', {
    title: jobTitle(job, 44),
    employer: cleanDisplayName(job.employer, 24) || t('theEmployer'),
    place: gsm7Text(job.place, 30),
    pay: t(job.hourly ? 'ussdPayHourly' : 'ussdPayFixed', { amount }),
  });
}

/** A booking request as its line in the artist's list. */
export const requestLine = (request: ShownRequest) =>
  `${dayLabel(request.eventDate)} ${request.client}`;

/** A booking request as the artist's USSD screen shows it, with Accept and Decline. */
export function requestScreen(t: Translate, request: ShownRequest): string {
  return t('ussdRequest', {
    client: request.client,
    day: dayLabel(request.eventDate),
    what: gsm7Text(request.eventType ?? '', 20) || '-',
    hours: request.hours,
    where: gsm7Text(request.venue, 34) || '-',
    amount: formatGhs(request.amount),
  });
}
