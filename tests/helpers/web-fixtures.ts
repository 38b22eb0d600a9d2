/**
 * The people, listings and deals the web app's component tests show, as the server answers them:
 * each a whole, valid record a test changes only where its story needs (`aBooking({ status:
 * 'completed' })`), so that a field added to a contract is added here once.
 */
import type { Application } from '../../contracts/applications.ts';
import type { Artist } from '../../contracts/artists.ts';
import type { ClientBooking } from '../../contracts/bookings.ts';
import type { JobListing } from '../../contracts/jobs.ts';
import type { Page } from '../../contracts/paging.ts';
import type { Completion, Payment } from '../../contracts/payments.ts';
import type { EngagementReviews } from '../../contracts/reviews.ts';

/** Nothing paid yet, for a price of `amount` with 5% on top. */
export const unpaid = (amount: string, serviceFee: string): Payment => ({
  status: 'unpaid',
  amount,
  serviceFee,
  paidAt: null,
  releasedAt: null,
});

/** Neither side has confirmed, nor disputed. */
export const NOT_CONFIRMED: Completion = {
  payerConfirmedAt: null,
  payeeConfirmedAt: null,
  disputedAt: null,
  autoReleaseAt: null,
  confirmableFrom: null,
};

/** No review open, none written. */
export const NO_REVIEWS: EngagementReviews = { openUntil: null, mine: null, theirs: null };

/** A DJ in Greater Accra at GHS 150 an hour, with no reviews or pictures yet. */
export const anArtist = (overrides: Partial<Artist> = {}): Artist => ({
  id: 12,
  userId: 40,
  stageName: 'DJ Kwabena',
  bio: null,
  region: 'Greater Accra',
  performanceTypes: ['DJ'],
  hourlyRate: '150.00',
  eventRate: null,
  rating: null,
  reviewCount: 0,
  portfolioImages: [],
  phoneVerified: true,
  moderation: 'published',
  cancellationPolicy: 'moderate',
  ...overrides,
});

/** Ama Owusu's 3-hour wedding booking of DJ Kasa at Labadi, accepted and paid into escrow. */
export const aBooking = (overrides: Partial<ClientBooking> = {}): ClientBooking => ({
  id: 5,
  artistId: 12,
  clientId: 7,
  eventDate: '2026-01-10T18:30:00.000Z',
  eventDuration: 3,
  eventType: 'Wedding',
  venue: 'Labadi Beach Hotel',
  eventDetails: null,
  totalAmount: '735.00',
  rateType: 'hourly',
  status: 'accepted',
  createdAt: '2026-01-01T10:00:00.000Z',
  client: { firstName: 'Ama', lastName: 'Owusu' },
  artist: { id: 12, stageName: 'DJ Kasa' },
  contact: { firstName: 'Yaw', lastName: 'Darko', phoneNumber: '+233241000003' },
  payment: {
    status: 'held',
    amount: '735.00',
    serviceFee: '36.75',
    paidAt: '2026-01-02T10:00:00.000Z',
    releasedAt: null,
  },
  completion: NOT_CONFIRMED,
  review: NO_REVIEWS,
  allowedActions: ['confirm', 'dispute'],
  cancellationPolicy: 'moderate',
  refundIfCancelledNow: null,
  ...overrides,
});

/** Kojo Quaye hired as a mason for GHS 2,500, not yet funded, in one piece. */
export const anApplication = (overrides: Partial<Application> = {}): Application => ({
  id: 9,
  jobId: 3,
  coverLetter: 'I have built walls in Elmina for 8 years.',
  status: 'accepted',
  createdAt: '2026-01-01T10:00:00.000Z',
  job: { title: 'Mason for a shop', category: 'skilled_trades', region: 'Central' },
  applicant: { firstName: 'Kojo', lastName: 'Quaye', email: null },
  contact: { firstName: 'Kojo', lastName: 'Quaye', phoneNumber: '+233549999997' },
  payment: unpaid('2500.00', '125.00'),
  completion: NOT_CONFIRMED,
  review: NO_REVIEWS,
  allowedActions: ['pay', 'cancel'],
  milestones: [],
  ...overrides,
});

/** A published fixed-price job in the trades at GHS 500, posted by Ama Owusu. */
export const aJob = (overrides: Partial<JobListing> = {}): JobListing => ({
  id: 4,
  title: 'Electrician to rewire a shop',
  town: null,
  employer: { id: 7, name: 'Ama Owusu', phoneVerified: true },
  moderation: 'published',
  description: 'Rewire a small shop in Adum.',
  category: 'skilled_trades',
  region: 'Ashanti',
  jobType: 'fixed',
  hourlyRate: null,
  fixedPrice: '500.00',
  estimatedHours: null,
  requiredSkills: [],
  startDate: null,
  isActive: true,
  createdAt: '2026-01-01T10:00:00.000Z',
  employerId: 7,
  ...overrides,
});

/** A list screen's cache entry (an infinite query) holding one page of `items`. */
export const pageOf = <T>(items: T[]) => ({
  pages: [{ items, total: items.length, nextCursor: null } satisfies Page<T>],
  pageParams: [undefined],
});
