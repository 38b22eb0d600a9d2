import * as v from 'valibot';
import type { ApplicationsSummary, Application as ApplicationType } from './applications.ts';
import { STATUSES } from './applications.ts';
import type {
  ArtistDetail as ArtistDetailType,
  Artist as ArtistType,
  AvailabilityEntry,
  MyArtist as MyArtistType,
} from './artists.ts';
import { PERFORMANCE_TYPES } from './artists.ts';
import type { User as UserType, VerifyCodeResult } from './auth.ts';
import { ROLES } from './auth.ts';
import type {
  ArtistBookingsSummary as ArtistBookingsSummaryType,
  Booking as BookingType,
  ClientBooking as ClientBookingType,
} from './bookings.ts';
import { RATE_TYPES } from './bookings.ts';
import type { Contact } from './contact.ts';
import type { EmployerProfile as EmployerProfileType, Poster } from './employers.ts';
import type { Milestone as MilestoneType } from './engagements.ts';
import { CANCELLATION_POLICIES, ENGAGEMENT_ACTIONS } from './engagements.ts';
import type { ApiErrorBody } from './errors.ts';
import type {
  EmployerJobsSummary as EmployerJobsSummaryType,
  JobListing as JobListingType,
  Job as JobType,
} from './jobs.ts';
import { CATEGORIES, JOB_TYPES } from './jobs.ts';
import { LANGUAGES } from './languages.ts';
import { JOB_MODERATION } from './moderation.ts';
import type { Completion, Payment } from './payments.ts';
import { PAYMENT_STATUSES } from './payments.ts';
import type {
  EngagementReviews,
  OwnReview as OwnReviewType,
  RatingSummary as RatingSummaryType,
  Review as ReviewType,
} from './reviews.ts';
import { NOT_COUNTED_REASONS, REVIEW_SIDES } from './reviews.ts';

/**
 * What the API answers, route by route (`schema.response` on each route, api/http/contracts.ts).
 * Fastify serializes an answer with its schema, so a field a schema leaves out never leaves the
 * server: a phone number is sent only where a schema here names it. Each schema is checked
 * against the TypeScript type the web app reads (`same` below), so the two cannot drift;
 * tests/response-schemas.test.ts sends real answers of every route through them.
 *
 * Money is a "250.00" string, dates are ISO strings; `null` is a value, an absent field is
 * `v.optional`.
 */

/** Compile-time proof that a schema's output is exactly the type the web app reads. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export function same<A, B>(_proof: Same<A, B>): void {}

export const text = v.string();
export const nullableText = v.nullable(v.string());
export const count = v.number();
/** An ISO date-time. */
export const isoDate = v.string();
export const money = v.string();

/** The one shape of every error (api/http/errors.ts, api/http/error-handler.ts). */
export const ErrorAnswerSchema = v.object({
  message: text,
  errors: v.optional(v.record(v.string(), v.string())),
});
same<v.InferOutput<typeof ErrorAnswerSchema>, ApiErrorBody>(true);

/** `{ ok: true }`: a write done that has nothing else to say. */
export const OkAnswerSchema = v.object({ ok: v.literal(true) });

/** `{ message }`: a sentence for a person (the dev handset, the payments webhook). */
export const MessageAnswerSchema = v.object({ message: text });

/** An answer with no body (204, a redirect). */
export const NoBodySchema = v.undefined();

// People

export const UserSchema = v.object({
  id: count,
  phoneNumber: text,
  role: v.nullable(v.picklist(ROLES)),
  firstName: text,
  lastName: text,
  region: nullableText,
  email: nullableText,
  emailVerified: v.boolean(),
  phoneVerified: v.boolean(),
  claims: v.object({ sub: text }),
  createdAt: isoDate,
  isAdmin: v.boolean(),
  language: v.nullable(v.picklist(LANGUAGES)),
});
same<v.InferOutput<typeof UserSchema>, UserType>(true);

export const VerifyCodeAnswerSchema = v.variant('isNewUser', [
  v.object({ isNewUser: v.literal(true) }),
  v.object({ isNewUser: v.literal(false), user: UserSchema }),
]);
same<v.InferOutput<typeof VerifyCodeAnswerSchema>, VerifyCodeResult>(true);

const ContactSchema = v.object({ firstName: text, lastName: text, phoneNumber: text });
same<v.InferOutput<typeof ContactSchema>, Contact>(true);

const PosterSchema = v.object({ id: count, name: text, phoneVerified: v.boolean() });
same<v.InferOutput<typeof PosterSchema>, Poster>(true);

export const EmployerProfileSchema = v.object({
  ...PosterSchema.entries,
  personName: text,
  businessName: nullableText,
  region: nullableText,
  memberSince: isoDate,
  jobsPosted: count,
  hiresMade: count,
  paidGigs: count,
});
same<v.InferOutput<typeof EmployerProfileSchema>, EmployerProfileType>(true);

// Escrow, on every booking, application and milestone

const PaymentSchema = v.object({
  status: v.picklist(PAYMENT_STATUSES),
  amount: money,
  serviceFee: money,
  paidAt: v.nullable(isoDate),
  releasedAt: v.nullable(isoDate),
});
same<v.InferOutput<typeof PaymentSchema>, Payment>(true);

const CompletionSchema = v.object({
  payerConfirmedAt: v.nullable(isoDate),
  payeeConfirmedAt: v.nullable(isoDate),
  disputedAt: v.nullable(isoDate),
  autoReleaseAt: v.nullable(isoDate),
  confirmableFrom: v.nullable(isoDate),
});
same<v.InferOutput<typeof CompletionSchema>, Completion>(true);

const ReviewEntries = {
  id: count,
  rating: count,
  comment: nullableText,
  reviewer: v.object({ firstName: text }),
  side: v.picklist(REVIEW_SIDES),
  createdAt: isoDate,
  editedAt: v.nullable(isoDate),
  reply: v.nullable(v.object({ text, createdAt: isoDate })),
  counted: v.boolean(),
  notCountedBecause: v.nullable(v.picklist(NOT_COUNTED_REASONS)),
};
export const ReviewSchema = v.object(ReviewEntries);
same<v.InferOutput<typeof ReviewSchema>, ReviewType>(true);
export const ReviewListSchema = v.array(ReviewSchema);

export const OwnReviewSchema = v.object({ ...ReviewEntries, editableUntil: isoDate });
same<v.InferOutput<typeof OwnReviewSchema>, OwnReviewType>(true);

const EngagementReviewsSchema = v.object({
  openUntil: v.nullable(isoDate),
  mine: v.nullable(OwnReviewSchema),
  theirs: v.nullable(ReviewSchema),
});
same<v.InferOutput<typeof EngagementReviewsSchema>, EngagementReviews>(true);

export const RatingSummarySchema = v.object({ rating: v.nullable(v.number()), reviewCount: count });
same<v.InferOutput<typeof RatingSummarySchema>, RatingSummaryType>(true);

const allowedActions = v.array(v.picklist(ENGAGEMENT_ACTIONS));

const MilestoneSchema = v.object({
  id: count,
  title: text,
  amount: money,
  dueDate: nullableText,
  payment: PaymentSchema,
  completion: CompletionSchema,
  allowedActions,
});
same<v.InferOutput<typeof MilestoneSchema>, MilestoneType>(true);

// Jobs and applications

const JobListingEntries = {
  id: count,
  title: text,
  description: text,
  category: v.picklist(CATEGORIES),
  region: text,
  town: nullableText,
  jobType: v.picklist(JOB_TYPES),
  hourlyRate: v.nullable(money),
  fixedPrice: v.nullable(money),
  estimatedHours: v.nullable(v.number()),
  requiredSkills: v.array(text),
  startDate: v.nullable(isoDate),
  isActive: v.boolean(),
  createdAt: isoDate,
  employerId: count,
  employer: PosterSchema,
  moderation: v.picklist(JOB_MODERATION),
};
export const JobListingSchema = v.object(JobListingEntries);
same<v.InferOutput<typeof JobListingSchema>, JobListingType>(true);
/**
 * GET /api/jobs: a page of the browsing list (the list cache keeps it serialized), or of an
 * employer's own jobs, which alone carry their application counts.
 */
export const JobListingsSchema = v.array(
  v.object({ ...JobListingEntries, applicationCount: v.optional(count) }),
);

export const JobSchema = v.object({ ...JobListingEntries, applicationCount: count });
same<v.InferOutput<typeof JobSchema>, JobType>(true);

export const EmployerJobsSummarySchema = v.object({
  activeJobs: count,
  inactiveJobs: count,
  totalApplications: count,
});
same<v.InferOutput<typeof EmployerJobsSummarySchema>, EmployerJobsSummaryType>(true);

export const ApplicationSchema = v.object({
  id: count,
  jobId: count,
  coverLetter: text,
  status: v.picklist(STATUSES),
  createdAt: isoDate,
  job: v.object({ title: text, category: v.picklist(CATEGORIES), region: text }),
  applicant: v.object({ firstName: text, lastName: text, email: nullableText }),
  contact: v.nullable(ContactSchema),
  payment: PaymentSchema,
  completion: CompletionSchema,
  review: EngagementReviewsSchema,
  allowedActions,
  milestones: v.array(MilestoneSchema),
});
same<v.InferOutput<typeof ApplicationSchema>, ApplicationType>(true);
export const ApplicationListSchema = v.array(ApplicationSchema);

export const ApplicationsSummarySchema = v.object({
  pending: count,
  accepted: count,
  rejected: count,
  completed: count,
  cancelled: count,
});
same<v.InferOutput<typeof ApplicationsSummarySchema>, ApplicationsSummary>(true);

// Artists and bookings

/** An artist's text is never held: only jobs are. */
const moderationOfArtist = v.picklist(['published', 'under_review', 'removed', 'suspended']);

const ArtistEntries = {
  id: count,
  userId: count,
  stageName: text,
  bio: nullableText,
  region: text,
  performanceTypes: v.array(v.picklist(PERFORMANCE_TYPES)),
  hourlyRate: v.nullable(money),
  eventRate: v.nullable(money),
  rating: v.nullable(v.number()),
  reviewCount: count,
  portfolioImages: v.array(text),
  phoneVerified: v.boolean(),
  moderation: moderationOfArtist,
  cancellationPolicy: v.picklist(CANCELLATION_POLICIES),
};
export const ArtistSchema = v.object(ArtistEntries);
same<v.InferOutput<typeof ArtistSchema>, ArtistType>(true);
/** GET /api/artists: a page of the browsing list (the list cache keeps it serialized). */
export const ArtistListSchema = v.array(ArtistSchema);

export const ArtistDetailSchema = v.object({
  ...ArtistEntries,
  paidGigs: count,
  cancelledByArtist: count,
});
same<v.InferOutput<typeof ArtistDetailSchema>, ArtistDetailType>(true);

export const MyArtistSchema = v.object({
  ...ArtistEntries,
  portfolio: v.array(v.object({ id: count, url: text })),
});
same<v.InferOutput<typeof MyArtistSchema>, MyArtistType>(true);

export const AvailabilityAnswerSchema = v.array(v.object({ date: text, timeSlot: nullableText }));
same<v.InferOutput<typeof AvailabilityAnswerSchema>, AvailabilityEntry[]>(true);

/** Days ('YYYY-MM-DD') an artist is already booked. */
export const BookedDaysSchema = v.array(text);

const BookingEntries = {
  id: count,
  artistId: count,
  clientId: count,
  eventDate: isoDate,
  eventDuration: count,
  eventType: nullableText,
  venue: text,
  eventDetails: nullableText,
  totalAmount: money,
  rateType: v.picklist(RATE_TYPES),
  status: v.picklist(STATUSES),
  createdAt: isoDate,
  client: v.object({ firstName: text, lastName: text }),
  contact: v.nullable(ContactSchema),
  payment: PaymentSchema,
  completion: CompletionSchema,
  review: EngagementReviewsSchema,
  allowedActions,
  cancellationPolicy: v.picklist(CANCELLATION_POLICIES),
  refundIfCancelledNow: v.nullable(money),
};
export const BookingSchema = v.object(BookingEntries);
same<v.InferOutput<typeof BookingSchema>, BookingType>(true);
export const BookingListSchema = v.array(BookingSchema);

export const ClientBookingSchema = v.object({
  ...BookingEntries,
  artist: v.object({ id: count, stageName: text }),
});
same<v.InferOutput<typeof ClientBookingSchema>, ClientBookingType>(true);
export const ClientBookingListSchema = v.array(ClientBookingSchema);

export const ArtistBookingsSummarySchema = v.object({
  pending: count,
  upcoming: count,
  completed: count,
});
same<v.InferOutput<typeof ArtistBookingsSummarySchema>, ArtistBookingsSummaryType>(true);

// Operations

/** GET /api/health. */
export const HealthAnswerSchema = v.object({
  status: v.picklist(['ok', 'unavailable']),
  message: v.optional(text),
});

/** GET /api/openapi.json: the document itself, passed through whole. */
export const OpenApiDocumentSchema = v.looseObject({ openapi: text });

/** A USSD reply as the gateway reads it: `CON ...` or `END ...`. */
export const UssdTextSchema = v.string();

/** GET /api/dev/outbox: the latest messages the dev transport "sent". */
export const OutboxAnswerSchema = v.array(
  v.object({ to: text, channel: text, body: text, createdAt: isoDate }),
);

/** POST /api/dev/clock: the server's time after the move. */
export const ClockAnswerSchema = v.object({ now: isoDate });
