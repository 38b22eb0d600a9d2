import { beforeAll, expect, test } from 'vitest';
import { bookingRequest } from './escrow-world.ts';
import {
  applyTo,
  postJob,
  type SignedInUser,
  signUp,
  signUpArtist,
  type TestApp,
  testAppFor,
} from './test-app.ts';

/**
 * The people and rows the authorization tests call every endpoint about: an employer's job the
 * seeker applied to, the seeker's booking of an artist (pending), a charge the employer started
 * for the application, the seeker's review of the artist, and people with no right to any of it.
 */
export interface AuthorizationWorld {
  people: Record<Exclude<Who, 'guest'>, SignedInUser>;
  jobId: number;
  artistId: number;
  pictureId: number;
  applicationId: number;
  bookingId: number;
  reviewId: number;
  /** A charge the employer started for the seeker's application: only the employer reads it. */
  chargeReference: string;
}

export type Who =
  | 'guest'
  | 'employer'
  | 'otherEmployer'
  | 'seeker'
  | 'roleless'
  | 'unverified'
  | 'artist'
  | 'otherArtist';

/** Every table a refused call must leave as it was. */
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

async function build(t: TestApp): Promise<AuthorizationWorld> {
  const employer = await signUp(t, 'employer');
  const seeker = await signUp(t, 'job_seeker');
  const roleless = await signUp(t, 'job_seeker');
  await t.db.updateTable('users').set({ role: null }).where('id', '=', roleless.id).execute();
  const unverified = await signUp(t, 'employer');
  await t.db
    .updateTable('users')
    .set({ phone_verified: 0 })
    .where('id', '=', unverified.id)
    .execute();
  const artist = await signUpArtist(t, { hourly: 15_000 });
  const people = {
    employer,
    otherEmployer: await signUp(t, 'employer'),
    seeker,
    roleless,
    unverified,
    artist,
    otherArtist: await signUp(t, 'artist'),
  };
  const { id: pictureId } = await t.db
    .insertInto('portfolio_pictures')
    .values({ artist_id: artist.artistId, slot: 0, url: '/images/portfolio/turntable.svg' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const jobId = (await postJob(t, employer)).id;
  const applicationId = await applyTo(t, seeker, jobId, 'Ready to start.');
  const booked = await t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: { cookie: seeker.cookie },
    payload: bookingRequest(t.now(), artist.artistId, { daysAhead: 20 }),
  });
  const bookingId = booked.json<{ id: number }>().id;
  const chargeReference = 'ch-0123456789abcdef01234567';
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
  const { id: reviewId } = await t.db
    .insertInto('reviews')
    .values({
      engagement_type: 'booking',
      engagement_id: bookingId,
      author_id: seeker.id,
      subject_id: artist.id,
      subject_side: 'artist',
      rating: 4,
      comment: null,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    people,
    jobId,
    artistId: artist.artistId,
    pictureId,
    applicationId,
    bookingId,
    reviewId,
    chargeReference,
  };
}

/** Builds the world once for the file (after `t` starts); the getter reaches it in tests. */
export function authorizationWorldFor(t: TestApp): () => AuthorizationWorld {
  let world: AuthorizationWorld | undefined;
  beforeAll(async () => {
    world = await build(t);
  });
  return () => {
    if (!world) throw new Error('The authorization world exists only while the tests run');
    return world;
  };
}

export function cookieOf(world: AuthorizationWorld, who: Who): string {
  return who === 'guest' ? '' : world.people[who].cookie;
}

/** One call to one endpoint, with the ids it names read from the world when it runs. */
export interface Call {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: (world: AuthorizationWorld) => string;
  payload?: (world: AuthorizationWorld) => object;
}

export interface Refusal extends Call {
  who: Who;
  status: number;
}

/** The same call, refused to each person named with the status given beside them. */
export function refusedTo(statuses: Partial<Record<Who, number>>, call: Call): Refusal[] {
  return Object.entries(statuses).map(([who, status]) => ({ ...call, who: who as Who, status }));
}

/** A guest is told to sign in (401); each person named is refused with `status`. */
export function guestAnd(status: number, who: readonly Exclude<Who, 'guest'>[]) {
  return {
    guest: 401,
    ...Object.fromEntries(who.map((person) => [person, status])),
  } as Partial<Record<Who, number>>;
}

/**
 * The file's test app and world, and a test per refusal: the status and a message, and no
 * table changed.
 */
export function testRefusals(refusals: Refusal[]) {
  const t = testAppFor('file');
  const world = authorizationWorldFor(t);
  const snapshot = async () => {
    const rows: Record<string, unknown> = {};
    for (const table of TABLES) rows[table] = await t.db.selectFrom(table).selectAll().execute();
    return JSON.stringify(rows);
  };
  for (const refusal of refusals) {
    test(`${refusal.who} cannot ${refusal.name}: ${refusal.status}, nothing changes`, async () => {
      const before = await snapshot();
      const response = await t.app.inject({
        method: refusal.method,
        url: refusal.url(world()),
        headers: { cookie: cookieOf(world(), refusal.who) },
        ...(refusal.payload ? { payload: refusal.payload(world()) } : {}),
      });
      expect(response.statusCode).toBe(refusal.status);
      expect(response.json().message).toEqual(expect.any(String));
      expect(await snapshot()).toBe(before);
    });
  }
}
