import { cleanDisplayName } from '../../contracts/display-name.ts';
import { MOBILE_NETWORK_NAMES, type MobileNetwork } from '../../contracts/mobile-networks.ts';
import { formatAmount } from '../../contracts/money.ts';
import { dayLabel } from '../lib/day-label.ts';

/**
 * Every notification's text is built here. An SMS leaves under our sender ID, so no free text
 * another user wrote (venue, event details, job title, cover letter) ever goes into one; names
 * go in only through cleanDisplayName, and dates are formatted by us.
 */

/** Kinds a recipient gets a few of an hour; past that, one summary stands for the rest. */
export const NOTIFICATION_KINDS = [
  'booking_request',
  'booking_decision',
  'new_applicant',
  'application_decision',
] as const;
type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * Money receipts: each goes as it is, never folded into a summary (a receipt must say what moved),
 * and counts towards the global hourly cap like every notification.
 */
export const RECEIPT_KIND = 'payment_receipt';

export interface NotificationMessage {
  kind: NotificationKind | typeof RECEIPT_KIND;
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
function compose(
  kind: NotificationMessage['kind'],
  what: string,
  nextStep: string,
): NotificationMessage {
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

// --- Receipts --------------------------------------------------------------------------------

const ghs = (pesewas: number) => `GHS ${formatAmount(pesewas)}`;

/** The last three digits of a number: enough to recognise one's own, too few to misuse. */
const numberEnding = (phone: string) => phone.slice(-3);

/** What an engagement is called in a receipt: a booking's day, or "your job". */
export interface ReceiptSubject {
  /** A booking's event (its day is named); null for a job. */
  eventDate: string | null;
}

const subject = ({ eventDate }: ReceiptSubject) =>
  eventDate ? `your booking on ${dayLabel(eventDate)}` : 'your job';

/** To the payer, when their money is held in escrow. */
export function paymentHeldPayerReceipt(
  input: ReceiptSubject & { totalPesewas: number },
): NotificationMessage {
  return compose(
    RECEIPT_KIND,
    `Ghana Gigs received ${ghs(input.totalPesewas)} for ${subject(input)}. It is held until the work is confirmed.`,
    'See it on Ghana Gigs.',
  );
}

/** To the payee, when the payer's money is held for them. */
export function paymentHeldPayeeReceipt(
  input: ReceiptSubject & { amountPesewas: number },
): NotificationMessage {
  return compose(
    RECEIPT_KIND,
    `${ghs(input.amountPesewas)} for ${subject(input)} is paid and held for you until the work is confirmed.`,
    'See it on Ghana Gigs.',
  );
}

/** To the payee, when escrow is released to them. */
export function paymentReleasedReceipt(input: { amountPesewas: number }): NotificationMessage {
  return compose(
    RECEIPT_KIND,
    `${ghs(input.amountPesewas)} was released to you on Ghana Gigs.`,
    'It is on its way to your mobile money.',
  );
}

/** To the payee, when the transfer reached their wallet. */
export function paidOutReceipt(input: {
  amountPesewas: number;
  phone: string;
  network: MobileNetwork;
}): NotificationMessage {
  return compose(
    RECEIPT_KIND,
    `Ghana Gigs sent ${ghs(input.amountPesewas)} to your ${MOBILE_NETWORK_NAMES[input.network]} mobile money number ending ${numberEnding(input.phone)}.`,
    'Thank you.',
  );
}

/** To the payee, when a transfer failed or came back. */
export function payoutFailedNotice(input: {
  amountPesewas: number;
  phone: string;
}): NotificationMessage {
  return compose(
    RECEIPT_KIND,
    `We could not send ${ghs(input.amountPesewas)} to your mobile money number ending ${numberEnding(input.phone)}.`,
    'Check your payout number on Ghana Gigs, then tap Withdraw Funds.',
  );
}

/** To the payer, when a refund reached them. */
export function refundReceipt(input: { totalPesewas: number }): NotificationMessage {
  return compose(
    RECEIPT_KIND,
    `Ghana Gigs refunded ${ghs(input.totalPesewas)} to your mobile money.`,
    'See it on Ghana Gigs.',
  );
}
