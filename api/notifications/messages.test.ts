import { expect, test } from 'vitest';
import { ROLES } from '../../contracts/auth.ts';
import { LANGUAGES } from '../../contracts/languages.ts';
import { PUBLIC_URL_MAX } from '../config.ts';
import { soonTimeLabel } from '../lib/day-label.ts';
import { translator } from '../messages/catalogs.ts';
import { gsm7Length, isGsm7, SMS_MAX } from '../messages/gsm7.ts';
import {
  applicationDecisionMessage,
  bookingDecisionMessage,
  bookingRequestMessage,
  disputeOpenedNotice,
  fillAtSend,
  NOTIFICATION_KINDS,
  type NotificationMessage,
  newApplicantMessage,
  paidOutReceipt,
  payeeSaysDoneNotice,
  paymentHeldPayeeReceipt,
  paymentHeldPayerReceipt,
  paymentReleasedReceipt,
  payoutFailedNotice,
  payoutNumberChangedNotice,
  refundedToPayerNotice,
  refundReceipt,
  smsText,
  summaryMessage,
} from './messages.ts';

const LONG = 'Abcdefghij'.repeat(6); // 60 characters, the longest stage name
/** The longest public address PUBLIC_URL allows. */
const LONGEST_URL = `https://${'a'.repeat(PUBLIC_URL_MAX - 'https://'.length)}`;
/** The largest amount the API takes, GHS 99,999,999.99 written as a receipt writes it. */
const MOST = 99_999_999_99;
const eventDate = '2030-12-31T18:00:00.000Z';

const EVERY_MESSAGE: NotificationMessage[] = [
  bookingRequestMessage({ clientFirstName: LONG, clientLastName: LONG, eventDate }),
  bookingDecisionMessage({ stageName: LONG, eventDate, accepted: true }),
  bookingDecisionMessage({ stageName: LONG, eventDate, accepted: false }),
  newApplicantMessage({ applicantFirstName: LONG, applicantLastName: LONG, jobId: 999_999_999 }),
  applicationDecisionMessage({ employerFirstName: LONG, employerLastName: LONG, accepted: true }),
  applicationDecisionMessage({ employerFirstName: LONG, employerLastName: LONG, accepted: false }),
  ...NOTIFICATION_KINDS.map((kind) => summaryMessage(kind, 123_456)),
  paymentHeldPayerReceipt({ eventDate, totalPesewas: MOST }),
  paymentHeldPayerReceipt({ eventDate: null, totalPesewas: MOST }),
  paymentHeldPayeeReceipt({ eventDate, amountPesewas: MOST }),
  paymentHeldPayeeReceipt({ eventDate: null, amountPesewas: MOST }),
  paymentReleasedReceipt({ amountPesewas: MOST }),
  paidOutReceipt({ amountPesewas: MOST, phone: '+233241234567', network: 'airteltigo' }),
  payoutFailedNotice({ amountPesewas: MOST, phone: '+233241234567' }),
  refundReceipt({ totalPesewas: MOST }),
  disputeOpenedNotice({ eventDate }),
  disputeOpenedNotice({ eventDate: null }),
  refundedToPayerNotice({ eventDate, amountPesewas: MOST }),
  ...[eventDate, null].map((date) =>
    filledAsSent(payeeSaysDoneNotice({ eventDate: date, payeeName: LONG })),
  ),
  payoutNumberChangedNotice({ phone: '+233241234567' }),
];

/** A message as its send hook fills it: the release time in its longest form. */
function filledAsSent(message: NotificationMessage): NotificationMessage {
  return {
    ...message,
    text: (t) =>
      fillAtSend(message.text(t), { releaseAt: soonTimeLabel('2030-12-31T23:59:00.000Z') }),
  };
}

const english = translator('en-GH');

test('amounts in an SMS are written as the screens write them', () => {
  expect(paymentReleasedReceipt({ amountPesewas: 250_000 }).text(english)).toMatch(
    /^GHS 2,500\.00 was released/,
  );
});

/** Each message as sent to each role in each language, with the longest public address. */
const everyText = () =>
  LANGUAGES.flatMap((language) =>
    EVERY_MESSAGE.flatMap((message) =>
      [...ROLES, null].map((role) =>
        smsText(
          message.text(translator(language)),
          LONGEST_URL,
          typeof message.link === 'function' ? message.link(role) : message.link,
        ),
      ),
    ),
  );

test('every message in every language stays within one SMS with its link, however long the names, amount and address', () => {
  const tooLong = everyText().filter((text) => !(gsm7Length(text) <= SMS_MAX));
  expect(tooLong).toEqual([]);
});

test('every message in every language is GSM-7 and ends with a link to a dashboard screen', () => {
  for (const text of everyText()) {
    expect(isGsm7(text), text).toBe(true);
    expect(text, text).toMatch(/^[A-Za-z0-9 .,:;!'&?=/-]+$/);
    expect(text, text).toMatch(
      new RegExp(`^[^/]+ ${LONGEST_URL}/dashboard(/\\w+)?(\\?\\w+=\\w+)?$`),
    );
  }
});

test('each message links to the screen it is about', () => {
  const link = (message: NotificationMessage, role: 'artist' | 'job_seeker' = 'job_seeker') =>
    typeof message.link === 'function' ? message.link(role) : message.link;
  expect(
    link(bookingRequestMessage({ clientFirstName: 'A', clientLastName: 'B', eventDate })),
  ).toBe('/dashboard/artist');
  expect(link(bookingDecisionMessage({ stageName: 'DJ', eventDate, accepted: true }))).toBe(
    '/dashboard?tab=bookings',
  );
  expect(
    link(newApplicantMessage({ applicantFirstName: 'A', applicantLastName: 'B', jobId: 12 })),
  ).toBe('/dashboard/employer?job=12');
  expect(
    link(
      applicationDecisionMessage({ employerFirstName: 'A', employerLastName: 'B', accepted: true }),
    ),
  ).toBe('/dashboard');
  expect(link(paymentReleasedReceipt({ amountPesewas: 1 }), 'artist')).toBe(
    '/dashboard/artist?tab=wallet',
  );
  expect(link(paymentReleasedReceipt({ amountPesewas: 1 }), 'job_seeker')).toBe(
    '/dashboard?tab=wallet',
  );
});

test('summaries count what they stand for', () => {
  expect(summaryMessage('booking_request', 1).text(english)).toBe(
    'You have 1 new booking request on Ghana Gigs. Respond:',
  );
  expect(summaryMessage('new_applicant', 7).text(english)).toBe(
    'You have 7 new applicants on Ghana Gigs. Review:',
  );
  expect(summaryMessage('booking_decision', 2).text(english)).toBe(
    'You have 2 new answers to your booking requests on Ghana Gigs. See My Bookings:',
  );
});

test("the payer's notice names who says the work is done, what to do, when the money goes (Ghana time, filled as it is sent) and the card's screen", () => {
  const booking = payeeSaysDoneNotice({ eventDate, payeeName: 'DJ Kasa' });
  const queued = booking.text(english);
  // Queued without its time: the time is the sender's to fill, as the 72 hours start then.
  expect(queued).toBe(
    'DJ Kasa says the work is done. Confirm or report a problem, or it is paid {releaseAt}:',
  );
  expect(fillAtSend(queued, { releaseAt: soonTimeLabel('2030-03-04T09:05:00.000Z') })).toBe(
    'DJ Kasa says the work is done. Confirm or report a problem, or it is paid 4 Mar 09:05 GMT:',
  );
  expect(booking.link).toBe('/dashboard?tab=bookings');
  expect(payeeSaysDoneNotice({ eventDate: null, payeeName: 'Esi Mensah' }).link).toBe(
    '/dashboard/employer',
  );
  const changed = payoutNumberChangedNotice({ phone: '+233201234567' });
  expect(changed.text(english)).toBe(
    'Your Ghana Gigs payout number is now one ending 4567. Not you? Sign in, change it back:',
  );
  expect(changed.bySms).toBe(true);
});
