import {
  type AuthorizationWorld,
  guestAnd,
  refusedTo,
  testRefusals,
} from './helpers/authorization-world.ts';
import { bookingRequest } from './helpers/escrow-world.ts';
import { validJob } from './helpers/test-app.ts';

/**
 * The work itself (jobs, applications, bookings, profiles, reviews, reports) called as a guest
 * and as a signed-in user without the right: the status, and no table changed.
 */
const booking = (w: AuthorizationWorld) =>
  bookingRequest(new Date(), w.artistId, { daysAhead: 20 });
const apply = (coverLetter: string) => (w: AuthorizationWorld) => ({ jobId: w.jobId, coverLetter });

testRefusals([
  ...refusedTo(
    { guest: 401, otherEmployer: 403, employer: 403 },
    {
      name: 'review a booking one is not part of, or before it is completed',
      method: 'POST',
      url: () => '/api/reviews',
      payload: (w) => ({ bookingId: w.bookingId, rating: 5 }),
    },
  ),
  ...refusedTo(
    { seeker: 422 },
    {
      name: 'review uncompleted work as one of its sides',
      method: 'POST',
      url: () => '/api/reviews',
      payload: (w) => ({ applicationId: w.applicationId, rating: 5 }),
    },
  ),
  ...refusedTo(guestAnd(403, ['artist', 'otherEmployer']), {
    name: "change someone else's review",
    method: 'PATCH',
    url: (w) => `/api/reviews/${w.reviewId}`,
    payload: () => ({ rating: 1 }),
  }),
  ...refusedTo(guestAnd(403, ['seeker', 'otherArtist']), {
    name: 'reply to a review of someone else',
    method: 'POST',
    url: (w) => `/api/reviews/${w.reviewId}/reply`,
    payload: () => ({ reply: 'Thanks' }),
  }),
  ...refusedTo(guestAnd(403, []), {
    name: 'read the current user',
    method: 'GET',
    url: () => '/api/auth/user',
  }),
  ...refusedTo(guestAnd(403, ['roleless', 'unverified']), {
    name: 'post a job',
    method: 'POST',
    url: () => '/api/jobs',
    payload: () => validJob,
  }),
  ...refusedTo(guestAnd(403, ['roleless']), {
    name: 'apply',
    method: 'POST',
    url: () => '/api/applications',
    payload: apply('Hi'),
  }),
  ...refusedTo(
    { employer: 422 },
    {
      name: 'apply to your own job',
      method: 'POST',
      url: () => '/api/applications',
      payload: apply('Hi'),
    },
  ),
  ...refusedTo(
    { seeker: 409 },
    {
      name: 'apply twice',
      method: 'POST',
      url: () => '/api/applications',
      payload: apply('Again'),
    },
  ),
  ...refusedTo(guestAnd(403, []), {
    name: "list one's applications",
    method: 'GET',
    url: () => '/api/applications/user',
  }),
  ...refusedTo(guestAnd(403, ['otherEmployer', 'seeker']), {
    name: "read a job's applicants (only its employer may)",
    method: 'GET',
    url: (w) => `/api/applications/job/${w.jobId}`,
  }),
  ...refusedTo(guestAnd(403, ['roleless']), {
    name: 'book',
    method: 'POST',
    url: () => '/api/bookings',
    payload: booking,
  }),
  ...refusedTo(
    { artist: 422 },
    { name: 'book yourself', method: 'POST', url: () => '/api/bookings', payload: booking },
  ),
  ...refusedTo(
    { seeker: 422 },
    {
      name: 'book with a made-up amount',
      method: 'POST',
      url: () => '/api/bookings',
      payload: (w) => ({ ...booking(w), totalAmount: '1.00' }),
    },
  ),
  ...[
    ["list an artist's bookings", '/api/bookings/artist'],
    ["list a client's bookings", '/api/bookings/client'],
    ['read the employer dashboard figures', '/api/jobs/summary'],
    ['read the job seeker dashboard figures', '/api/applications/user/summary'],
    ['read the artist dashboard figures', '/api/bookings/artist/summary'],
  ].flatMap(([name = '', url = '']) =>
    refusedTo(guestAnd(403, []), { name, method: 'GET', url: () => url }),
  ),
  ...refusedTo(guestAnd(403, ['seeker', 'otherEmployer']), {
    name: 'decide on an application',
    method: 'PATCH',
    url: (w) => `/api/applications/${w.applicationId}`,
    payload: () => ({ status: 'accepted' }),
  }),
  ...refusedTo(guestAnd(403, ['seeker', 'otherEmployer']), {
    name: 'close a job',
    method: 'PATCH',
    url: (w) => `/api/jobs/${w.jobId}`,
    payload: () => ({ isActive: false }),
  }),
  ...refusedTo(guestAnd(403, ['seeker', 'otherArtist', 'employer']), {
    name: 'accept a booking',
    method: 'PATCH',
    url: (w) => `/api/bookings/${w.bookingId}`,
    payload: () => ({ status: 'accepted' }),
  }),
  ...refusedTo(guestAnd(403, ['seeker', 'employer']), {
    name: "edit an artist's profile",
    method: 'PUT',
    url: () => '/api/artists/me',
    payload: () => ({ stageName: 'Hijacked', performanceTypes: ['DJ'], region: 'Oti' }),
  }),
  ...refusedTo(guestAnd(403, ['seeker']), {
    name: "set an artist's availability",
    method: 'PUT',
    url: () => '/api/artists/me/availability',
    payload: () => ({ entries: [] }),
  }),
  // Another artist's picture is not among yours: as if it did not exist.
  ...refusedTo(
    { guest: 401, seeker: 403, otherArtist: 404 },
    {
      name: "remove an artist's picture",
      method: 'DELETE',
      url: (w) => `/api/artists/me/portfolio/${w.pictureId}`,
    },
  ),
  ...refusedTo(guestAnd(403, ['roleless']), {
    name: 'set a business name',
    method: 'PUT',
    url: () => '/api/employers/me',
    payload: () => ({ businessName: 'Hijacked Ltd' }),
  }),
  ...refusedTo(
    { guest: 401, employer: 422 },
    {
      name: 'report a listing (their own job, as its employer)',
      method: 'POST',
      url: () => '/api/reports',
      payload: (w) => ({ targetType: 'job', targetId: w.jobId, reason: 'fake' }),
    },
  ),
]);
