import { expect, test } from 'vitest';
import {
  applicationDecisionMessage,
  bookingDecisionMessage,
  bookingRequestMessage,
  disputeOpenedNotice,
  NOTIFICATION_KINDS,
  newApplicantMessage,
  paidOutReceipt,
  paymentHeldPayeeReceipt,
  paymentHeldPayerReceipt,
  paymentReleasedReceipt,
  payoutFailedNotice,
  refundedToPayerNotice,
  refundReceipt,
  summaryMessage,
} from './messages.ts';

const LONG = 'Abcdefghij'.repeat(6); // 60 characters, the longest stage name

test('every message stays within one SMS, however long the names', () => {
  const eventDate = '2030-12-31T18:00:00.000Z';
  const messages = [
    bookingRequestMessage({ clientFirstName: LONG, clientLastName: LONG, eventDate }),
    bookingDecisionMessage({ stageName: LONG, eventDate, accepted: true }),
    bookingDecisionMessage({ stageName: LONG, eventDate, accepted: false }),
    newApplicantMessage({ applicantFirstName: LONG, applicantLastName: LONG }),
    applicationDecisionMessage({ employerFirstName: LONG, employerLastName: LONG, accepted: true }),
    applicationDecisionMessage({
      employerFirstName: LONG,
      employerLastName: LONG,
      accepted: false,
    }),
    ...NOTIFICATION_KINDS.map((kind) => summaryMessage(kind, 123_456)),
    ...receipts(9_999_999_999, eventDate),
  ];
  for (const message of messages) expect(message.body.length).toBeLessThanOrEqual(160);
});

/** Every money message, for the largest amount there can be. */
function receipts(pesewas: number, eventDate: string) {
  const phone = '+233241234567';
  return [
    paymentHeldPayerReceipt({ eventDate, totalPesewas: pesewas }),
    paymentHeldPayeeReceipt({ eventDate, amountPesewas: pesewas }),
    paymentReleasedReceipt({ amountPesewas: pesewas }),
    paidOutReceipt({ amountPesewas: pesewas, phone, network: 'airteltigo' }),
    payoutFailedNotice({ amountPesewas: pesewas, phone }),
    refundReceipt({ totalPesewas: pesewas }),
    disputeOpenedNotice({ eventDate }),
    refundedToPayerNotice({ eventDate: null, amountPesewas: pesewas }),
  ];
}

test('amounts in an SMS are written as the screens write them', () => {
  expect(paymentReleasedReceipt({ amountPesewas: 250_000 }).body).toBe(
    'GHS 2,500.00 was released to you on Ghana Gigs. It is on its way to your mobile money.',
  );
});

test('summaries count what they stand for', () => {
  expect(summaryMessage('booking_request', 1).body).toBe(
    'You have 1 new booking request on Ghana Gigs. Open your dashboard to respond.',
  );
  expect(summaryMessage('new_applicant', 7).body).toBe(
    'You have 7 new applicants on Ghana Gigs. Open your dashboard to review.',
  );
  expect(summaryMessage('booking_decision', 2).body).toBe(
    'You have 2 new answers to your booking requests on Ghana Gigs. See My Bookings.',
  );
});
