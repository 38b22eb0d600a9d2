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

/** Text that could pass for a menu line or a gateway's verb: a digit, `*` or `#`, or CON or END. */
const LOOKS_LIKE_MENU = /^(?:[\d*#]|(?:con|end)\b)/i;

/**
 * Text other people wrote (a job title, a name, a town, a venue, an event type), as a USSD screen
 * shows it: after a label of ours (a menu number, "Venue:"), never at the start of a line on its
 * own; folded into GSM-7 on one line (a line break is a space); quoted when it would begin with
 * a digit, `*`, `#` or the word CON or END, so it never reads as a choice ("1 Accept") or as the
 * gateway's own verb; and cut to `max` characters with "..." (GSM-7 has no "…"). Empty when
 * nothing GSM-7 can carry is left; the caller says what to show instead.
 */
export function shownText(raw: string, max: number): string {
  const folded = gsm7Text(raw, Number.MAX_SAFE_INTEGER);
  if (!LOOKS_LIKE_MENU.test(folded)) return gsm7Text(folded, max);
  if (folded.length + 2 <= max) return `"${folded}"`;
  return `"${folded.slice(0, Math.max(0, max - 5)).trimEnd()}..."`;
}

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
  client:
    shownText(cleanDisplayName(`${booking.client.firstName} ${booking.client.lastName}`), 24) ||
    '-',
  eventDate: booking.eventDate,
  eventType: booking.eventType,
  hours: booking.eventDuration,
  venue: booking.venue,
  amount: booking.totalAmount,
});

/**
 * A job's title as a screen shows it (`shownText`), at most `max` characters; a title of letters
 * GSM-7 lacks altogether (symbols, emoji) shows as the job's number rather than as nothing.
 */
export const jobTitle = (job: { id: number; title: string }, max: number) =>
  shownText(job.title, max) || `#${job.id}`;

/** A job as a USSD screen shows it: title, who and where, pay, and Apply. */
export function jobScreen(t: Translate, job: ShownJob): string {
  const amount = formatGhs(job.amount);
  return t('ussdJob', {
    title: jobTitle(job, 40),
    employer: shownText(cleanDisplayName(job.employer), 24) || t('theEmployer'),
    place: shownText(job.place, 26),
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
    what: shownText(request.eventType ?? '', 20) || '-',
    hours: request.hours,
    where: shownText(request.venue, 34) || '-',
    amount: formatGhs(request.amount),
  });
}
