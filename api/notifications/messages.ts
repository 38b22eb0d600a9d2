import { cleanDisplayName } from '../../contracts/display-name.ts';
import { dayLabel } from '../lib/day-label.ts';

/**
 * Every notification's text is built here. An SMS leaves under our sender ID, so no free text
 * another user wrote (venue, event details, job title, cover letter) ever goes into one; names
 * go in only through cleanDisplayName, and dates are formatted by us.
 */

export const NOTIFICATION_KINDS = [
  'booking_request',
  'booking_decision',
  'new_applicant',
  'application_decision',
] as const;
type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface NotificationMessage {
  kind: NotificationKind;
  body: string;
}

/** Names are shorter in an SMS than on a screen: the message must stay one SMS. */
const NAME_MAX = 30;

const nameOr = (raw: string, fallback: string) => cleanDisplayName(raw, NAME_MAX) || fallback;
const personName = (first: string, last: string, fallback: string) =>
  nameOr(`${first} ${last}`, fallback);

/**
 * The one place a message is put together: what happened, then what to do next. Whatever
 * every message should end with (a link to the dashboard) belongs here.
 */
function compose(kind: NotificationKind, what: string, nextStep: string): NotificationMessage {
  return { kind, body: `${what} ${nextStep}` };
}

export function bookingRequestMessage(input: {
  clientFirstName: string;
  clientLastName: string;
  eventDate: string;
}): NotificationMessage {
  const client = personName(input.clientFirstName, input.clientLastName, 'a client');
  return compose(
    'booking_request',
    `New booking request from ${client} for ${dayLabel(input.eventDate)}.`,
    'Open Ghana Gigs to respond.',
  );
}

export function bookingDecisionMessage(input: {
  stageName: string;
  eventDate: string;
  accepted: boolean;
}): NotificationMessage {
  const artist = nameOr(input.stageName, 'The artist');
  const day = dayLabel(input.eventDate);
  return input.accepted
    ? compose(
        'booking_decision',
        `${artist} accepted your booking for ${day}.`,
        'See My Bookings on Ghana Gigs.',
      )
    : compose(
        'booking_decision',
        `${artist} declined your booking for ${day}.`,
        'Try another artist on Ghana Gigs.',
      );
}

export function newApplicantMessage(input: {
  applicantFirstName: string;
  applicantLastName: string;
}): NotificationMessage {
  const applicant = personName(input.applicantFirstName, input.applicantLastName, 'Someone');
  return compose(
    'new_applicant',
    `New applicant for your job: ${applicant}.`,
    'Open Ghana Gigs to review.',
  );
}

export function applicationDecisionMessage(input: {
  employerFirstName: string;
  employerLastName: string;
  accepted: boolean;
}): NotificationMessage {
  const employer = personName(input.employerFirstName, input.employerLastName, 'The employer');
  return input.accepted
    ? compose(
        'application_decision',
        `Good news! Your application to ${employer} was accepted.`,
        'Open Ghana Gigs for details.',
      )
    : compose(
        'application_decision',
        `Your application to ${employer} was not successful this time.`,
        'Keep applying on Ghana Gigs.',
      );
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** What a recipient gets instead of the messages of a kind past their hourly allowance. */
export function summaryMessage(kind: NotificationKind, count: number): NotificationMessage {
  switch (kind) {
    case 'booking_request':
      return compose(
        kind,
        `You have ${plural(count, 'new booking request', 'new booking requests')} on Ghana Gigs.`,
        'Open your dashboard to respond.',
      );
    case 'booking_decision':
      return compose(
        kind,
        `You have ${plural(count, 'new answer', 'new answers')} to your booking requests on Ghana Gigs.`,
        'See My Bookings.',
      );
    case 'new_applicant':
      return compose(
        kind,
        `You have ${plural(count, 'new applicant', 'new applicants')} on Ghana Gigs.`,
        'Open your dashboard to review.',
      );
    case 'application_decision':
      return compose(
        kind,
        `You have ${plural(count, 'new answer', 'new answers')} to your applications on Ghana Gigs.`,
        'Open Ghana Gigs for details.',
      );
  }
}
