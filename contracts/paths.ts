/** Every route of the web app and every call of the API, in one place. */
export const paths = {
  home: '/',
  login: '/login',
  jobs: '/jobs',
  job: (id: number | string) => `/jobs/${id}`,
  artists: '/artists',
  artist: (id: number | string) => `/artists/${id}`,
  postJob: '/post-job',
  dashboard: '/dashboard',
  employerDashboard: '/dashboard/employer',
  artistDashboard: '/dashboard/artist',
  employer: (id: number | string) => `/employers/${id}`,
  admin: '/admin',
} as const;

/**
 * The screens a notification links to: the dashboards, opened at the tab (and the job) the
 * message is about. The dashboards read `tab` and `job` from the address.
 */
export const screens = {
  myApplications: paths.dashboard,
  myBookings: `${paths.dashboard}?tab=bookings`,
  myWallet: `${paths.dashboard}?tab=wallet`,
  artistBookings: paths.artistDashboard,
  artistWallet: `${paths.artistDashboard}?tab=wallet`,
  employerJobs: paths.employerDashboard,

  jobApplicants: (jobId: number) => `${paths.employerDashboard}?job=${jobId}`,
} as const;

export const api = {
  user: '/api/auth/user',
  sendCode: '/api/auth/send-code',
  verifyCode: '/api/auth/verify-code',
  logout: '/api/logout',
  jobs: '/api/jobs',
  employerSummary: '/api/jobs/summary',
  job: (id: number | string) => `/api/jobs/${id}`,
  applications: '/api/applications',
  userApplications: '/api/applications/user',
  userApplicationsSummary: '/api/applications/user/summary',
  jobApplications: (jobId: number | string) => `/api/applications/job/${jobId}`,
  artists: '/api/artists',
  artist: (id: number | string) => `/api/artists/${id}`,
  artistAvailability: (id: number | string) => `/api/artists/${id}/availability`,
  artistBookedDays: (id: number | string) => `/api/artists/${id}/booked-days`,
  bookings: '/api/bookings',
  artistBookings: '/api/bookings/artist',
  artistBookingsSummary: '/api/bookings/artist/summary',
  clientBookings: '/api/bookings/client',
  booking: (id: number | string) => `/api/bookings/${id}`,
  application: (id: number | string) => `/api/applications/${id}`,
  myArtist: '/api/artists/me',
  myAvailability: '/api/artists/me/availability',
  myPortfolio: '/api/artists/me/portfolio',
  myPortfolioPicture: (pictureId: number) => `/api/artists/me/portfolio/${pictureId}`,
  devOutbox: '/api/dev/outbox',
  /** Escrow of a booking, an application or one milestone ('bookings' | 'applications' | 'milestones'). */
  payEngagement: (kind: EngagementPath, id: number | string) => `/api/${kind}/${id}/payment`,
  confirmEngagement: (kind: EngagementPath, id: number | string) => `/api/${kind}/${id}/confirm`,
  disputeEngagement: (kind: EngagementPath, id: number | string) => `/api/${kind}/${id}/dispute`,
  cancelEngagement: (kind: EngagementPath, id: number | string) => `/api/${kind}/${id}/cancel`,
  /** PUT: the employer splits a hire into milestones (contracts/engagements.ts). */
  applicationMilestones: (id: number | string) => `/api/applications/${id}/milestones`,
  payment: (reference: string) => `/api/payments/${reference}`,
  paymentOtp: (reference: string) => `/api/payments/${reference}/otp`,
  wallet: '/api/wallet',
  withdraw: '/api/wallet/withdraw',
  payoutSettings: '/api/me/payout',
  payoutCode: '/api/me/payout/code',
  myLanguage: '/api/me/language',
  devClock: '/api/dev/clock',
  reports: '/api/reports',
  employer: (id: number | string) => `/api/employers/${id}`,
  myEmployer: '/api/employers/me',
  adminQueue: '/api/admin/queue',
  adminModeration: '/api/admin/moderation',
  adminDispute: (paymentId: number | string) => `/api/admin/disputes/${paymentId}`,
  reviews: '/api/reviews',
  review: (id: number | string) => `/api/reviews/${id}`,
  reviewReply: (id: number | string) => `/api/reviews/${id}/reply`,
  artistReviews: (artistId: number | string) => `/api/artists/${artistId}/reviews`,
  userReviews: (userId: number | string) => `/api/users/${userId}/reviews`,
  userReviewsSummary: (userId: number | string) => `/api/users/${userId}/reviews/summary`,
} as const;

/** A deal's escrow doors: a booking, an application (its first milestone not settled), a milestone. */
export type EngagementPath = 'bookings' | 'applications' | 'milestones';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
