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

const TABLES = [
  'users',
  'sessions',
  'jobs',
  'applications',
  'artists',
  'portfolio_pictures',
  'bookings',
  'idempotency_keys',
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

test('a forged or revoked session cookie is a guest', async () => {
  const forged = await t.app.inject({
    url: '/api/auth/user',
    headers: { cookie: 'sid=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
  });
  expect(forged.statusCode).toBe(401);
});
