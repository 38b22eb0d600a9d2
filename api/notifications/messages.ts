import type { Role } from '../../contracts/auth.ts';
import { cleanDisplayName } from '../../contracts/display-name.ts';
import { MOBILE_NETWORK_NAMES, type MobileNetwork } from '../../contracts/mobile-networks.ts';
import { formatAmount, formatGhs } from '../../contracts/money.ts';
import { screens } from '../../contracts/paths.ts';
import { dayLabel } from '../lib/day-label.ts';
import type { MessageKey, MessageParams, Translate } from '../messages/catalogs.ts';

/**
 * Every notification's text is chosen here, in the recipient's language (api/messages). An SMS
 * leaves under our sender ID, so no free text another user wrote (venue, event details, job
 * title, cover letter) ever goes into one; names go in only through cleanDisplayName, and dates
 * and amounts are formatted by us. Each ends with a link to the screen it is about (smsText),
 * made of our public address and one of our own paths.
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
  /**
   * The text in the recipient's language: known once the message is queued for them, but for
   * placeholders a send hook fills as it goes (`sendHook`).
   */
  text: (t: Translate) => string;
  link: MessageLink;
  /** By SMS to the account's phone whatever channel it signs in with (security notices). */
  bySms?: boolean;
  /**
   * A message whose sending does something (notifications.ts SendHook): the hook, and the row it
   * acts on. Such a message is only ever a receipt, never folded into a summary.
   */
  sendHook?: { name: string; ref: number };
}

/** Fills the placeholders a send hook gave values for as the message goes; the rest stay. */
export function fillAtSend(body: string, vars: Readonly<Record<string, string>>): string {
  return body.replace(/\{(\w+)\}/g, (whole, name: string) => vars[name] ?? whole);
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

/** A cleaned name, or the language's words for someone unnamed. */
const nameOr = (raw: string, t: Translate, fallback: MessageKey) =>
  cleanDisplayName(raw, NAME_MAX) || t(fallback);

/**
 * The one place a message is put together: a catalog message (what happened, what to do next)
 * and the screen to do it on (the sender adds the link, smsText). `params` may depend on the
 * language (a fallback name).
 */
function compose(
  kind: NotificationMessage['kind'],
  key: MessageKey,
  params: MessageParams | ((t: Translate) => MessageParams),
  link: MessageLink,
): NotificationMessage {
  return {
    kind,
    text: (t) => t(key, typeof params === 'function' ? params(t) : params),
    link,
  };
}

export function bookingRequestMessage(input: {
  clientFirstName: string;
  clientLastName: string;
  eventDate: string;
}): NotificationMessage {
  return compose(
    'booking_request',
    'bookingRequest',
    (t) => ({
      client: nameOr(`${input.clientFirstName} ${input.clientLastName}`, t, 'someClient'),
      day: dayLabel(input.eventDate),
    }),
    screens.artistBookings,
  );
}

export function bookingDecisionMessage(input: {
  stageName: string;
  eventDate: string;
  accepted: boolean;
}): NotificationMessage {
  return compose(
    'booking_decision',
    input.accepted ? 'bookingAccepted' : 'bookingDeclined',
    (t) => ({ artist: nameOr(input.stageName, t, 'theArtist'), day: dayLabel(input.eventDate) }),
    screens.myBookings,
  );
}

export function newApplicantMessage(input: {
  applicantFirstName: string;
  applicantLastName: string;
  jobId: number;
}): NotificationMessage {
  return compose(
    'new_applicant',
    'newApplicant',
    (t) => ({
      applicant: nameOr(`${input.applicantFirstName} ${input.applicantLastName}`, t, 'someone'),
    }),
    screens.jobApplicants(input.jobId),
  );
}

export function applicationDecisionMessage(input: {
  employerFirstName: string;
  employerLastName: string;
  accepted: boolean;
}): NotificationMessage {
  return compose(
    'application_decision',
    input.accepted ? 'applicationAccepted' : 'applicationRejected',
    (t) => ({
      employer: nameOr(`${input.employerFirstName} ${input.employerLastName}`, t, 'theEmployer'),
    }),
    screens.myApplications,
  );
}

const SUMMARIES: Record<NotificationKind, { one: MessageKey; many: MessageKey; link: string }> = {
  booking_request: {
    one: 'summaryBookingRequestsOne',
    many: 'summaryBookingRequestsMany',
    link: screens.artistBookings,
  },
  booking_decision: {
    one: 'summaryBookingAnswersOne',
    many: 'summaryBookingAnswersMany',
    link: screens.myBookings,
  },
  new_applicant: {
    one: 'summaryApplicantsOne',
    many: 'summaryApplicantsMany',
    link: screens.employerJobs,
  },
  application_decision: {
    one: 'summaryApplicationAnswersOne',
    many: 'summaryApplicationAnswersMany',
    link: screens.myApplications,
  },
};

/** What a recipient gets instead of the messages of a kind past their hourly allowance. */
export function summaryMessage(kind: NotificationKind, count: number): NotificationMessage {
  const { one, many, link } = SUMMARIES[kind];
  return compose(kind, count === 1 ? one : many, { count }, link);
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

/** A receipt's message for a booking (naming its day) or for a job. */
const about = (
  { eventDate }: ReceiptSubject,
  keys: { booking: MessageKey; job: MessageKey },
  params: MessageParams,
) =>
  eventDate
    ? { key: keys.booking, params: { ...params, day: dayLabel(eventDate) } }
    : { key: keys.job, params };

/** To the payer, when their money is held in escrow. */
export function paymentHeldPayerReceipt(
  input: ReceiptSubject & { totalPesewas: number },
): NotificationMessage {
  const { key, params } = about(
    input,
    { booking: 'heldPayerBooking', job: 'heldPayerJob' },
    { amount: ghs(input.totalPesewas) },
  );
  return compose(
    RECEIPT_KIND,
    key,
    params,
    input.eventDate ? screens.myBookings : screens.employerJobs,
  );
}

/** To the payee, when the payer's money is held for them. */
export function paymentHeldPayeeReceipt(
  input: ReceiptSubject & { amountPesewas: number },
): NotificationMessage {
  const { key, params } = about(
    input,
    { booking: 'heldPayeeBooking', job: 'heldPayeeJob' },
    { amount: ghs(input.amountPesewas) },
  );
  return compose(
    RECEIPT_KIND,
    key,
    params,
    input.eventDate ? screens.artistBookings : screens.myApplications,
  );
}

/** To the payee, when escrow is released to them. */
export function paymentReleasedReceipt(input: { amountPesewas: number }): NotificationMessage {
  return compose(RECEIPT_KIND, 'released', { amount: ghs(input.amountPesewas) }, walletOf);
}

/** To the payee, when the transfer reached their wallet. */
export function paidOutReceipt(input: {
  amountPesewas: number;
  phone: string;
  network: MobileNetwork;
}): NotificationMessage {
  return compose(
    RECEIPT_KIND,
    'paidOut',
    {
      amount: ghs(input.amountPesewas),
      network: MOBILE_NETWORK_NAMES[input.network],
      ending: numberEnding(input.phone),
    },
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
    'payoutFailed',
    { amount: ghs(input.amountPesewas), ending: numberEnding(input.phone) },
    walletOf,
  );
}

/** To the payer, when a refund reached them. */
export function refundReceipt(input: { totalPesewas: number }): NotificationMessage {
  return compose(RECEIPT_KIND, 'refunded', { amount: ghs(input.totalPesewas) }, walletOf);
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
  const { key, params } = about(input, { booking: 'disputeBooking', job: 'disputeJob' }, {});
  return compose(RECEIPT_KIND, key, params, engagementScreen(input));
}

/** To the payee, when the money held for them goes back to the payer. */
export function refundedToPayerNotice(
  input: ReceiptSubject & { amountPesewas: number },
): NotificationMessage {
  const { key, params } = about(
    input,
    { booking: 'backToPayerBooking', job: 'backToPayerJob' },
    { amount: ghs(input.amountPesewas) },
  );
  return compose(RECEIPT_KIND, key, params, walletOf);
}

// --- Money safety ----------------------------------------------------------------------------

/** Names are cut shorter in the payer's notice: it carries a date and time as well. */
const NOTICE_NAME_MAX = 20;

/**
 * To the payer, when the payee says the work is done and the payer has not confirmed: who says
 * so, that they should confirm or report a problem, when the money goes by itself, and the
 * screen with the card (a booking's in My Bookings, a job's on the employer's dashboard).
 * `{releaseAt}` is left for the sender to fill as the SMS goes (a send hook: escrow.ts), since
 * the payer's 72 hours run from that moment.
 */
export function payeeSaysDoneNotice(
  input: ReceiptSubject & { payeeName: string },
): NotificationMessage {
  return compose(
    RECEIPT_KIND,
    'payeeSaysDone',
    (t) => ({
      payee:
        cleanDisplayName(input.payeeName, NOTICE_NAME_MAX) ||
        t(input.eventDate ? 'theArtist' : 'someone'),
    }),
    input.eventDate ? screens.myBookings : screens.employerJobs,
  );
}

/**
 * To the account's own phone, by SMS whatever its channel, after its payout number changed: the
 * new number's last four digits, and what to do if it was not them.
 */
export function payoutNumberChangedNotice(input: { phone: string }): NotificationMessage {
  return {
    ...compose(RECEIPT_KIND, 'payoutNumberChanged', { ending: input.phone.slice(-4) }, walletOf),
    bySms: true,
  };
}
