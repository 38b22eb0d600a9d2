import type { Role } from '../../contracts/auth.ts';
import { cleanDisplayName } from '../../contracts/display-name.ts';
import { MOBILE_NETWORK_NAMES, type MobileNetwork } from '../../contracts/mobile-networks.ts';
import { formatAmount, formatGhs } from '../../contracts/money.ts';
import { screens } from '../../contracts/paths.ts';
import { dayLabel } from '../lib/day-label.ts';

/**
 * Every notification's text is built here. An SMS leaves under our sender ID, so no free text
 * another user wrote (venue, event details, job title, cover letter) ever goes into one; names
 * go in only through cleanDisplayName, and dates are formatted by us. Each ends with a link to
 * the screen it is about (smsText), made of our public address and one of our own paths.
 */

/** Kinds a recipient gets a few of an hour; past that, one summary stands for the rest. */
export const NOTIFICATION_KINDS = [
  'booking_request',
  'booking_decision',
  'new_applicant',
  'application_decision',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * Money receipts: each goes as it is, never folded into a summary (a receipt must say what moved),
 * and counts towards the global hourly cap like every notification.
 */
export const RECEIPT_KIND = 'payment_receipt';

/**
 * The path of the screen a message is about, or how to find it from the recipient's role (a
 * wallet is on the artist dashboard for an artist, on My Dashboard for everyone else).
 */
export type MessageLink = string | ((role: Role | null) => string);

export interface NotificationMessage {
  kind: NotificationKind | typeof RECEIPT_KIND;
  body: string;
  link: MessageLink;
}

/**
 * The recipient's wallet: where released money, payouts and refunds are listed. The job seeker's
 * dashboard sends an employer on to their own (the short link keeps the SMS within one).
 */
const walletOf = (role: Role | null) =>
  role === 'artist' ? screens.artistWallet : screens.myWallet;

/** The message as it is sent: its text, then the address of its screen. */
export function smsText(body: string, publicUrl: string, link: string | null): string {
  return link === null ? body : `${body} ${publicUrl}${link}`;
}

/** Names are shorter in an SMS than on a screen: the message must stay one SMS. */
const NAME_MAX = 30;

const nameOr = (raw: string, fallback: string) => cleanDisplayName(raw, NAME_MAX) || fallback;
const personName = (first: string, last: string, fallback: string) =>
  nameOr(`${first} ${last}`, fallback);

/**
 * The one place a message is put together: what happened, what to do next, and the screen to
 * do it on (the sender adds the link, smsText).
 */
function compose(
  kind: NotificationMessage['kind'],
  what: string,
  nextStep: string,
  link: MessageLink,
): NotificationMessage {
  return { kind, body: `${what} ${nextStep}`, link };
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
    'Respond:',
    screens.artistBookings,
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
        'Call or WhatsApp them:',
        screens.myBookings,
      )
    : compose(
        'booking_decision',
        `${artist} declined your booking for ${day}.`,
        'Try another artist:',
        screens.myBookings,
      );
}

export function newApplicantMessage(input: {
  applicantFirstName: string;
  applicantLastName: string;
  jobId: number;
}): NotificationMessage {
  const applicant = personName(input.applicantFirstName, input.applicantLastName, 'Someone');
  return compose(
    'new_applicant',
    `New applicant for your job: ${applicant}.`,
    'Review:',
    screens.jobApplicants(input.jobId),
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
        'Call or WhatsApp them:',
        screens.myApplications,
      )
    : compose(
        'application_decision',
        `Your application to ${employer} was not successful this time.`,
        'Keep applying:',
        screens.myApplications,
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
        'Respond:',
        screens.artistBookings,
      );
    case 'booking_decision':
      return compose(
        kind,
        `You have ${plural(count, 'new answer', 'new answers')} to your booking requests on Ghana Gigs.`,
        'See My Bookings:',
        screens.myBookings,
      );
    case 'new_applicant':
      return compose(
        kind,
        `You have ${plural(count, 'new applicant', 'new applicants')} on Ghana Gigs.`,
        'Review:',
        screens.employerJobs,
      );
    case 'application_decision':
      return compose(
        kind,
        `You have ${plural(count, 'new answer', 'new answers')} to your applications on Ghana Gigs.`,
        'See them:',
        screens.myApplications,
      );
  }
}

// --- Receipts --------------------------------------------------------------------------------

/** As the screens write it: "GHS 2,500.00". */
const ghs = (pesewas: number) => formatGhs(formatAmount(pesewas));

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
    `Ghana Gigs received ${ghs(input.totalPesewas)} for ${subject(input)}.`,
    'Held until the work is confirmed:',
    input.eventDate ? screens.myBookings : screens.employerJobs,
  );
}

/** To the payee, when the payer's money is held for them. */
export function paymentHeldPayeeReceipt(
  input: ReceiptSubject & { amountPesewas: number },
): NotificationMessage {
  return compose(
    RECEIPT_KIND,
    `${ghs(input.amountPesewas)} for ${subject(input)} is paid.`,
    'Held for you until the work is confirmed:',
    input.eventDate ? screens.artistBookings : screens.myApplications,
  );
}

/** To the payee, when escrow is released to them. */
export function paymentReleasedReceipt(input: { amountPesewas: number }): NotificationMessage {
  return compose(
    RECEIPT_KIND,
    `${ghs(input.amountPesewas)} was released to you on Ghana Gigs.`,
    'It is on its way to your mobile money:',
    walletOf,
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
    walletOf,
  );
}

/** To the payee, when a transfer failed or came back. */
export function payoutFailedNotice(input: {
  amountPesewas: number;
  phone: string;
}): NotificationMessage {
  return compose(
    RECEIPT_KIND,
    `We could not send ${ghs(input.amountPesewas)} to your number ending ${numberEnding(input.phone)}.`,
    'Check it and tap Withdraw Funds:',
    walletOf,
  );
}

/** To the payer, when a refund reached them. */
export function refundReceipt(input: { totalPesewas: number }): NotificationMessage {
  return compose(
    RECEIPT_KIND,
    `Ghana Gigs refunded ${ghs(input.totalPesewas)} to your mobile money.`,
    'See it:',
    walletOf,
  );
}

/** The engagement's own list for either side: a booking's, or a job's. */
const engagementScreen =
  ({ eventDate }: ReceiptSubject) =>
  (role: Role | null) => {
    if (eventDate) return role === 'artist' ? screens.artistBookings : screens.myBookings;
    return role === 'employer' ? screens.employerJobs : screens.myApplications;
  };

/** To the other side, when one side reports a problem with paid work. */
export function disputeOpenedNotice(input: ReceiptSubject): NotificationMessage {
  return compose(
    RECEIPT_KIND,
    `A problem was reported with ${subject(input)}. Its money is held while we review it.`,
    'See it:',
    engagementScreen(input),
  );
}

/** To the payee, when the money held for them goes back to the payer. */
export function refundedToPayerNotice(
  input: ReceiptSubject & { amountPesewas: number },
): NotificationMessage {
  return compose(
    RECEIPT_KIND,
    `The ${ghs(input.amountPesewas)} held for ${subject(input)} went back to the payer.`,
    'See it:',
    walletOf,
  );
}
