import type { Status } from './applications.ts';
import type { Contact } from './contact.ts';
import type { CancellationPolicy, EngagementAction } from './engagements.ts';
import { formatAmount, toPesewas } from './money.ts';
import type { Completion, Payment } from './payments.ts';
import type { EngagementReviews } from './reviews.ts';

export const RATE_TYPES = ['hourly', 'event'] as const;
export type RateType = (typeof RATE_TYPES)[number];

export const BOOKING_MESSAGES = {
  eventDate: 'Event date is required',
  eventTime: 'Event time is required',
  eventDuration: 'Duration must be at least 1 hour',
  venue: 'Venue is required',
  totalAmount: 'Total amount must be a valid amount',
  amountMismatch: "The total amount doesn't match the artist's rates",
  pastEvent: 'The event date must be in the future',
  farEvent: 'The event date must be within the next two years',
  noRate: 'This artist has no rate of that type',
  artistId: 'Choose an artist to book',
  rateType: 'Choose hourly or per event',
  openWithArtist: (cap: number) =>
    `You already have ${cap} requests waiting for this artist's answer. Please wait for a reply before sending another.`,
  openRequests: (cap: number) =>
    `You have ${cap} booking requests waiting for an answer. Please wait for artists to reply before sending more.`,
  hourly: 'You have sent many booking requests in the last hour. Please try again later.',
  bookedDay: (stageName: string, day: string) =>
    `${stageName} is already booked on ${day}. Please choose another date.`,
} as const;

/** A day 'YYYY-MM-DD' of an ISO date-time, as days are compared for bookings (UTC, Ghana's zone). */
export const bookingDay = (iso: string) => iso.slice(0, 10);

export const MAX_EVENT_HOURS = 72;

/** The rate type the dialog starts with: hourly when the artist has an hourly rate, else per event. */
export function defaultRateType(artist: { hourlyRate: string | null }): RateType {
  return artist.hourlyRate !== null ? 'hourly' : 'event';
}

/**
 * Total Amount in pesewas: hourly = duration x hourly rate, event = the event rate, otherwise
 * 0. The client shows it and the server recomputes it; both call this.
 */
export function computeTotalPesewas(
  rateType: RateType,
  duration: number,
  rates: { hourlyRate: string | null; eventRate: string | null },
): number {
  if (rateType === 'hourly') {
    const hourly = toPesewas(rates.hourlyRate);
    if (hourly === undefined || !Number.isInteger(duration) || duration < 1) return 0;
    return hourly * duration;
  }
  return toPesewas(rates.eventRate) ?? 0;
}

/** The Total Amount as the dialog shows it and the payload sends it: "450.00". */
export function computeTotalAmount(
  rateType: RateType,
  duration: number,
  rates: { hourlyRate: string | null; eventRate: string | null },
): string {
  return formatAmount(computeTotalPesewas(rateType, duration, rates));
}

export interface Booking {
  id: number;
  artistId: number;
  clientId: number;
  eventDate: string;
  eventDuration: number;
  eventType: string | null;
  venue: string;
  eventDetails: string | null;
  totalAmount: string;
  rateType: RateType;
  status: Status;
  createdAt: string;
  client: { firstName: string; lastName: string };
  /**
   * The other side, once the artist accepted (contact.ts): the artist for the client, the
   * client for the artist; null before, after a rejection and after a cancellation.
   */
  contact: Contact | null;
  /** The booking total held in escrow for the artist. */
  payment: Payment;
  completion: Completion;
  /** Once it is completed, each side's review of the other, as the viewer sees them. */
  review: EngagementReviews;
  /** What the viewer may do now (contracts/engagements.ts). */
  allowedActions: EngagementAction[];
  /** The artist's policy, fixed on the booking when it was requested. */
  cancellationPolicy: CancellationPolicy;
  /**
   * What the client would get back, fee included (a "735.00" string), if the viewer cancelled
   * now: the policy's share when the client cancels, everything when the artist does, "0.00"
   * before payment; null when the viewer cannot cancel.
   */
  refundIfCancelledNow: string | null;
}

/** A booking as the client who made it sees it (My Bookings). */
export interface ClientBooking extends Booking {
  artist: { id: number; stageName: string };
}

/** GET /api/bookings/artist/summary: the artist dashboard's figures, counted by the server. */
export interface ArtistBookingsSummary {
  pending: number;
  /** Accepted bookings whose event is still to come. */
  upcoming: number;
  completed: number;
}
