import { beforeAll, expect, test } from 'vitest';
import {
  postJob,
  type SignedInUser,
  signUp,
  signUpArtist,
  testAppFor,
  validJob,
} from './helpers/test-app.ts';

/**
 * Every endpoint called as a guest, as a signed-in user without the right, and as the owner:
 * the status is checked, and for refusals, that no table changed.
 */
const t = testAppFor('file');
let employer: SignedInUser;
let otherEmployer: SignedInUser;
let seeker: SignedInUser;
let roleless: SignedInUser;
let unverified: SignedInUser;
let artistUser: SignedInUser;
let otherArtist: SignedInUser;
let jobId: number;
let artistId: number;
let pictureId: number;
/** A charge the employer started for the seeker's application: only the employer reads it. */
const chargeReference = 'ch-0123456789abcdef01234567';

const TABLES = [
  'users',
  'sessions',
  'jobs',
  'applications',
  'artists',
  'portfolio_pictures',
  'bookings',
  'idempotency_keys',
  'payments',
  'charges',
  'payouts',
  'refunds',
  'ledger_entries',
  'payout_settings',
  'provider_events',
  'reports',
  'moderation_log',
  'reviews',
] as const;

async function snapshot() {
  const counts: Record<string, unknown> = {};
  for (const table of TABLES) {
    counts[table] = await t.db.selectFrom(table).selectAll().execute();
  }
  return JSON.stringify(counts);
}

beforeAll(async () => {
  employer = await signUp(t, 'employer');
  otherEmployer = await signUp(t, 'employer');
  seeker = await signUp(t, 'job_seeker');
  roleless = await signUp(t, 'job_seeker');
  await t.db.updateTable('users').set({ role: null }).where('id', '=', roleless.id).execute();
  unverified = await signUp(t, 'employer');
  await t.db
    .updateTable('users')
    .set({ phone_verified: 0 })
    .where('id', '=', unverified.id)
    .execute();
  const artist = await signUpArtist(t, { hourly: 10000 });
  artistUser = artist;
  otherArtist = await signUp(t, 'artist');
  artistId = artist.artistId;
  pictureId = (
    await t.db
      .insertInto('portfolio_pictures')
      .values({ artist_id: artistId, slot: 0, url: '/images/portfolio/turntable.svg' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  jobId = (await postJob(t, employer)).id;
  applicationId = (
    await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: { cookie: seeker.cookie },
      payload: { jobId, coverLetter: 'Ready to start.' },
    })
  ).json().id;
  bookingId = (
    await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { cookie: seeker.cookie },
      payload: booking(),
    })
  ).json().id;
  const { id: paymentId } = await t.db
    .insertInto('payments')
    .values({
      engagement_type: 'application',
      engagement_id: applicationId,
      payer_id: employer.id,
      payee_id: seeker.id,
      amount_pesewas: 36_000,
      fee_pesewas: 1_800,
      status: 'pending',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('charges')
    .values({
      reference: chargeReference,
      payment_id: paymentId,
      payer_id: employer.id,
      amount_pesewas: 37_800,
      phone: employer.phone,
      network: 'mtn',
      status: 'pending',
      step: 'send_otp',
    })
    .execute();
  // The seeker's review of the booking's artist, as if the booking were completed: only the
  // seeker changes it, only the artist replies.
  reviewId = (
    await t.db
      .insertInto('reviews')
      .values({
        engagement_type: 'booking',
        engagement_id: bookingId,
        author_id: seeker.id,
        subject_id: artistUser.id,
        subject_side: 'artist',
        rating: 4,
        comment: null,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});

function booking() {
  return {
    artistId,
    eventDate: new Date(Date.now() + 20 * 86_400_000).toISOString(),
    eventDuration: 2,
    eventType: null,
    venue: 'Accra International Conference Centre',
    eventDetails: null,
    totalAmount: '200.00',
    rateType: 'hourly',
  };
}

let applicationId: number;
let bookingId: number;
let reviewId: number;

type Who =
  | 'guest'
  | 'employer'
  | 'otherEmployer'
  | 'seeker'
  | 'roleless'
  | 'unverified'
  | 'artist'
  | 'otherArtist';
const cookieOf = (who: Who) =>
  ({
    guest: '',
    employer: employer.cookie,
    otherEmployer: otherEmployer.cookie,
    seeker: seeker.cookie,
    roleless: roleless.cookie,
    unverified: unverified.cookie,
    artist: artistUser.cookie,
    otherArtist: otherArtist.cookie,
  })[who];

interface Case {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: () => string;
  payload?: () => object;
  who: Who;
  status: number;
}

const refusals: Case[] = [
  ...(['guest', 'otherEmployer', 'employer'] as const).map((who) => ({
    name: 'review a booking one is not part of, or before it is completed',
    method: 'POST' as const,
    url: () => '/api/reviews',
    payload: () => ({ bookingId, rating: 5 }),
    who,
    status: { guest: 401, otherEmployer: 403, employer: 403 }[who],
  })),
  {
    name: 'review uncompleted work as one of its sides',
    method: 'POST',
    url: () => '/api/reviews',
    payload: () => ({ applicationId, rating: 5 }),
    who: 'seeker',
    status: 422,
  },
  ...(['guest', 'artist', 'otherEmployer'] as const).map((who) => ({
    name: "change someone else's review",
    method: 'PATCH' as const,
    url: () => `/api/reviews/${reviewId}`,
    payload: () => ({ rating: 1 }),
    who,
    status: who === 'guest' ? 401 : 403,
  })),
  ...(['guest', 'seeker', 'otherArtist'] as const).map((who) => ({
    name: 'reply to a review of someone else',
    method: 'POST' as const,
    url: () => `/api/reviews/${reviewId}/reply`,
    payload: () => ({ reply: 'Thanks' }),
    who,
    status: who === 'guest' ? 401 : 403,
  })),
  {
    name: 'read the current user',
    method: 'GET',
    url: () => '/api/auth/user',
    who: 'guest',
    status: 401,
  },
  {
    name: 'post a job',
    method: 'POST',
    url: () => '/api/jobs',
    payload: () => validJob,
    who: 'guest',
    status: 401,
  },
  {
    name: 'post a job',
    method: 'POST',
    url: () => '/api/jobs',
    payload: () => validJob,
    who: 'roleless',
    status: 403,
  },
  {
    name: 'post a job',
    method: 'POST',
    url: () => '/api/jobs',
    payload: () => validJob,
    who: 'unverified',
    status: 403,
  },
  {
    name: 'apply',
    method: 'POST',
    url: () => '/api/applications',
    payload: () => ({ jobId, coverLetter: 'Hi' }),
    who: 'guest',
    status: 401,
  },
  {
    name: 'apply',
    method: 'POST',
    url: () => '/api/applications',
    payload: () => ({ jobId, coverLetter: 'Hi' }),
    who: 'roleless',
    status: 403,
  },
  {
    name: 'apply to your own job',
    method: 'POST',
    url: () => '/api/applications',
    payload: () => ({ jobId, coverLetter: 'Hi' }),
    who: 'employer',
    status: 422,
  },
  {
    name: 'apply twice',
    method: 'POST',
    url: () => '/api/applications',
    payload: () => ({ jobId, coverLetter: 'Again' }),
    who: 'seeker',
    status: 409,
  },
  {
    name: "list one's applications",
    method: 'GET',
    url: () => '/api/applications/user',
    who: 'guest',
    status: 401,
  },
  {
    name: "read a job's applicants",
    method: 'GET',
    url: () => `/api/applications/job/${jobId}`,
    who: 'guest',
    status: 401,
  },
  {
    name: "read another employer's applicants",
    method: 'GET',
    url: () => `/api/applications/job/${jobId}`,
    who: 'otherEmployer',
    status: 403,
  },
  {
    name: 'read the applicants as an applicant',
    method: 'GET',
    url: () => `/api/applications/job/${jobId}`,
    who: 'seeker',
    status: 403,
  },
  {
    name: 'book',
    method: 'POST',
    url: () => '/api/bookings',
    payload: booking,
    who: 'guest',
    status: 401,
  },
  {
    name: 'book',
    method: 'POST',
    url: () => '/api/bookings',
    payload: booking,
    who: 'roleless',
    status: 403,
  },
  {
    name: 'book yourself',
    method: 'POST',
    url: () => '/api/bookings',
    payload: booking,
    who: 'artist',
    status: 422,
  },
  {
    name: 'book with a made-up amount',
    method: 'POST',
    url: () => '/api/bookings',
    payload: () => ({ ...booking(), totalAmount: '1.00' }),
    who: 'seeker',
    status: 422,
  },
  {
    name: "list an artist's bookings",
    method: 'GET',
    url: () => '/api/bookings/artist',
    who: 'guest',
    status: 401,
  },
  {
    name: "list a client's bookings",
    method: 'GET',
    url: () => '/api/bookings/client',
    who: 'guest',
    status: 401,
  },
  ...[
    ['the employer dashboard figures', '/api/jobs/summary'],
    ['the job seeker dashboard figures', '/api/applications/user/summary'],
    ['the artist dashboard figures', '/api/bookings/artist/summary'],
  ].map(([name, url]) => ({
    name: `read ${name}`,
    method: 'GET' as const,
    url: () => url as string,
    who: 'guest' as const,
    status: 401,
  })),
  ...(['guest', 'seeker', 'otherEmployer'] as const).map((who) => ({
    name: 'decide on an application',
    method: 'PATCH' as const,
    url: () => `/api/applications/${applicationId}`,
    payload: () => ({ status: 'accepted' }),
    who,
    status: who === 'guest' ? 401 : 403,
  })),
  ...(['guest', 'seeker', 'otherEmployer'] as const).map((who) => ({
    name: 'close a job',
    method: 'PATCH' as const,
    url: () => `/api/jobs/${jobId}`,
    payload: () => ({ isActive: false }),
    who,
    status: who === 'guest' ? 401 : 403,
  })),
  ...(['guest', 'seeker', 'otherArtist', 'employer'] as const).map((who) => ({
    name: 'accept a booking',
    method: 'PATCH' as const,
    url: () => `/api/bookings/${bookingId}`,
    payload: () => ({ status: 'accepted' }),
    who,
    status: who === 'guest' ? 401 : 403,
  })),
  ...(['guest', 'seeker', 'employer'] as const).map((who) => ({
    name: "edit an artist's profile",
    method: 'PUT' as const,
    url: () => '/api/artists/me',
    payload: () => ({ stageName: 'Hijacked', performanceTypes: ['DJ'], region: 'Oti' }),
    who,
    status: who === 'guest' ? 401 : 403,
  })),
  ...(['guest', 'seeker'] as const).map((who) => ({
    name: "set an artist's availability",
    method: 'PUT' as const,
    url: () => '/api/artists/me/availability',
    payload: () => ({ entries: [] }),
    who,
    status: who === 'guest' ? 401 : 403,
  })),
  // Escrow: only the payer pays; only the two sides confirm, dispute or cancel.
  ...(['guest', 'artist', 'otherArtist', 'employer'] as const).map((who) => ({
    name: 'pay for a booking',
    method: 'POST' as const,
    url: () => `/api/bookings/${bookingId}/payment`,
    payload: () => ({ phoneNumber: '+233241234567', network: 'mtn' }),
    who,
    status: who === 'guest' ? 401 : 403,
  })),
  ...(['guest', 'seeker', 'otherEmployer'] as const).map((who) => ({
    name: 'pay for an application',
    method: 'POST' as const,
    url: () => `/api/applications/${applicationId}/payment`,
    payload: () => ({ phoneNumber: '+233241234567', network: 'mtn' }),
    who,
    status: who === 'guest' ? 401 : 403,
  })),
  ...(['confirm', 'dispute', 'cancel'] as const).flatMap((action) => [
    ...(['guest', 'otherArtist', 'employer'] as const).map((who) => ({
      name: `${action} a booking`,
      method: 'POST' as const,
      url: () => `/api/bookings/${bookingId}/${action}`,
      ...(action === 'dispute' ? { payload: () => ({ reason: 'It did not happen at all' }) } : {}),
      who,
      status: who === 'guest' ? 401 : 403,
    })),
    ...(['guest', 'otherEmployer', 'artist'] as const).map((who) => ({
      name: `${action} an application`,
      method: 'POST' as const,
      url: () => `/api/applications/${applicationId}/${action}`,
      ...(action === 'dispute' ? { payload: () => ({ reason: 'It did not happen at all' }) } : {}),
      who,
      status: who === 'guest' ? 401 : 403,
    })),
  ]),
  // A payment's reference says nothing to anyone but its payer: as if it did not exist.
  ...(['guest', 'seeker', 'otherEmployer'] as const).map((who) => ({
    name: "read someone else's payment",
    method: 'GET' as const,
    url: () => `/api/payments/${chargeReference}`,
    who,
    status: who === 'guest' ? 401 : 404,
  })),
  ...(['guest', 'seeker', 'otherEmployer'] as const).map((who) => ({
    name: "type the code for someone else's payment",
    method: 'POST' as const,
    url: () => `/api/payments/${chargeReference}/otp`,
    payload: () => ({ otp: '123456' }),
    who,
    status: who === 'guest' ? 401 : 404,
  })),
  ...[
    ['read a wallet', 'GET', '/api/wallet'],
    ['withdraw funds', 'POST', '/api/wallet/withdraw'],
    ['read payout settings', 'GET', '/api/me/payout'],
  ].map(([name, method, url]) => ({
    name: name as string,
    method: method as 'GET' | 'POST',
    url: () => url as string,
    who: 'guest' as const,
    status: 401,
  })),
  {
    name: 'set payout settings',
    method: 'PUT',
    url: () => '/api/me/payout',
    payload: () => ({ phoneNumber: '+233241234567', network: 'mtn' }),
    who: 'guest',
    status: 401,
  },
  ...(['artist', 'seeker'] as const).map((who) => ({
    name: 'redirect earnings with a session alone (no code, or a made-up one)',
    method: 'PUT' as const,
    url: () => '/api/me/payout',
    payload: () => ({ phoneNumber: '+233241234567', network: 'mtn', code: '123456' }),
    who,
    status: 403,
  })),
  {
    name: 'ask for a payout code',
    method: 'POST',
    url: () => '/api/me/payout/code',
    who: 'guest',
    status: 401,
  },
  {
    name: 'withdraw funds never earned',
    method: 'POST',
    url: () => '/api/wallet/withdraw',
    who: 'artist',
    status: 422,
  },
  {
    name: 'post an unsigned payment webhook',
    method: 'POST',
    url: () => '/api/payments/paystack/webhook',
    payload: () => ({ event: 'charge.success', data: { reference: chargeReference } }),
    who: 'guest',
    status: 401,
  },
  {
    name: 'move the clock without TEST_CLOCK',
    method: 'POST',
    url: () => '/api/dev/clock',
    payload: () => ({ advanceSeconds: 86_400 }),
    who: 'guest',
    status: 404,
  },
  // Operators' routes: nobody else, whatever they send.
  ...(['guest', 'seeker', 'employer', 'artist', 'roleless'] as const).flatMap((who) =>
    [
      ['read the operator queue', 'GET', '/api/admin/queue', undefined],
      [
        'publish, remove or suspend',
        'POST',
        '/api/admin/moderation',
        { targetType: 'job', targetId: 1, action: 'suspend' },
      ],
      ['decide a disputed payment', 'POST', '/api/admin/disputes/1', { decision: 'release' }],
    ].map(([name, method, url, body]) => ({
      name: name as string,
      method: method as 'GET' | 'POST',
      url: () => url as string,
      ...(body ? { payload: () => body as object } : {}),
      who,
      status: who === 'guest' ? 401 : 403,
    })),
  ),
  {
    name: 'report a listing',
    method: 'POST',
    url: () => '/api/reports',
    payload: () => ({ targetType: 'job', targetId: jobId, reason: 'fake' }),
    who: 'guest',
    status: 401,
  },
  {
    name: 'report their own job',
    method: 'POST',
    url: () => '/api/reports',
    payload: () => ({ targetType: 'job', targetId: jobId, reason: 'fake' }),
    who: 'employer',
    status: 422,
  },
  ...(['guest', 'roleless'] as const).map((who) => ({
    name: 'set a business name',
    method: 'PUT' as const,
    url: () => '/api/employers/me',
    payload: () => ({ businessName: 'Hijacked Ltd' }),
    who,
    status: who === 'guest' ? 401 : 403,
  })),
  ...(['guest', 'seeker', 'otherArtist'] as const).map((who) => ({
    name: "remove an artist's picture",
    method: 'DELETE' as const,
    url: () => `/api/artists/me/portfolio/${pictureId}`,
    who,
    // Another artist's picture is not among yours: as if it did not exist.
    status: who === 'guest' ? 401 : who === 'seeker' ? 403 : 404,
  })),
];

for (const refusal of refusals) {
  test(`${refusal.who} cannot ${refusal.name}: ${refusal.status}, nothing changes`, async () => {
    const before = await snapshot();
    const response = await t.app.inject({
      method: refusal.method,
      url: refusal.url(),
      headers: { cookie: cookieOf(refusal.who) },
      ...(refusal.payload ? { payload: refusal.payload() } : {}),
    });
    expect(response.statusCode).toBe(refusal.status);
    expect(response.json().message).toEqual(expect.any(String));
    expect(await snapshot()).toBe(before);
  });
}

test("the owner reads their job's applicants; others' lists never include them", async () => {
  const owner = await t.app.inject({
    url: `/api/applications/job/${jobId}`,
    headers: { cookie: employer.cookie },
  });
  expect(owner.statusCode).toBe(200);
  expect(owner.json()).toHaveLength(1);
  const mine = await t.app.inject({
    url: '/api/applications/user',
    headers: { cookie: otherEmployer.cookie },
  });
  expect(mine.json()).toEqual([]);
});

test('each artist sees only their own bookings', async () => {
  const own = await t.app.inject({
    url: '/api/bookings/artist',
    headers: { cookie: artistUser.cookie },
  });
  expect(own.json()).toHaveLength(1);
  for (const who of ['otherArtist', 'seeker', 'employer'] as const) {
    const response = await t.app.inject({
      url: '/api/bookings/artist',
      headers: { cookie: cookieOf(who) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  }
});

test("each dashboard's figures count only the signed-in user's own rows", async () => {
  const figures = async (url: string, who: Who) =>
    (await t.app.inject({ url, headers: { cookie: cookieOf(who) } })).json();
  expect(await figures('/api/jobs/summary', 'employer')).toEqual({
    activeJobs: 1,
    inactiveJobs: 0,
    totalApplications: 1,
  });
  expect(await figures('/api/jobs/summary', 'otherEmployer')).toEqual({
    activeJobs: 0,
    inactiveJobs: 0,
    totalApplications: 0,
  });
  expect((await figures('/api/applications/user/summary', 'seeker')).pending).toBe(1);
  expect((await figures('/api/applications/user/summary', 'employer')).pending).toBe(0);
  expect((await figures('/api/bookings/artist/summary', 'artist')).pending).toBe(1);
  expect((await figures('/api/bookings/artist/summary', 'otherArtist')).pending).toBe(0);
});

test('public reads need no sign-in', async () => {
  for (const url of [
    '/api/jobs',
    `/api/jobs/${jobId}`,
    '/api/artists',
    `/api/artists/${artistId}`,
    `/api/artists/${artistId}/availability`,
  ]) {
    expect((await t.app.inject({ url })).statusCode).toBe(200);
  }
});

test('the payer reads their own payment', async () => {
  const own = await t.app.inject({
    url: `/api/payments/${chargeReference}`,
    headers: { cookie: employer.cookie },
  });
  expect(own.statusCode).toBe(200);
  expect(own.json()).toMatchObject({ reference: chargeReference, status: 'send_otp' });
});

test('a forged or revoked session cookie is a guest', async () => {
  const forged = await t.app.inject({
    url: '/api/auth/user',
    headers: { cookie: 'sid=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
  });
  expect(forged.statusCode).toBe(401);
});
