import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { STATUSES } from '../../../contracts/applications.ts';
import { PERFORMANCE_TYPES } from '../../../contracts/artists.ts';
import { ROLES } from '../../../contracts/auth.ts';
import { findFeeRequestInJob } from '../../../contracts/fee-requests.ts';
import { CATEGORIES } from '../../../contracts/jobs.ts';
import { GHANA_MOBILE } from '../../../contracts/mobile-networks.ts';
import { toPesewas } from '../../../contracts/money.ts';
import { REGIONS } from '../../../contracts/regions.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/test-app.ts';
import { findMyArtist, listAvailability } from '../../artists/artists-repository.ts';
import { findUserByPhone } from '../../auth/users-repository.ts';
import type { Db } from '../../db/database.ts';
import { checkLedger } from '../../payments/ledger-check.ts';
import { ratingOf } from '../../reviews/reviews-repository.ts';
import { SEEDED_TABLES, seedDemoData, seededRowCounts } from './seed.ts';
import { DEMO_USERS, JOBS } from './seed-data.ts';

const NOW = new Date('2026-03-14T09:30:00.000Z');
const TODAY = '2026-03-14';
const DAY_MS = 86_400_000;
const PORTFOLIO_DIR = fileURLToPath(
  new URL('../../../web/public/images/portfolio/', import.meta.url),
);
let dir: string;
let database: TestDatabase;
let db: Db;

const parseStrings = (text: string): string[] => {
  const value: unknown = JSON.parse(text);
  expect(Array.isArray(value)).toBe(true);
  for (const item of value as unknown[]) expect(typeof item).toBe('string');
  return value as string[];
};

/** A demo user as the app finds them at sign-in. */
async function demoUser(phone: string) {
  const user = await findUserByPhone(db, phone);
  if (!user) throw new Error(`No demo user ${phone}`);
  return user;
}
const userId = async (phone: string): Promise<number> => (await demoUser(phone)).id;
/** The demo artist's own profile, as the app reads it for them. */
async function demoArtist() {
  const artist = await findMyArtist(db, await userId(DEMO_USERS.artist.phoneNumber));
  if (!artist) throw new Error('The demo artist has no profile');
  return artist;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'seed-test-'));
  database = await createTestDatabase(dir);
  db = database.db;
  await seedDemoData(db, NOW);
});

afterAll(async () => {
  await database?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('demo users exist, are phone-verified and use Ghana mobile numbers', async () => {
  for (const demo of Object.values(DEMO_USERS)) {
    expect(demo.phoneNumber).toMatch(GHANA_MOBILE);
    expect(await demoUser(demo.phoneNumber)).toMatchObject({
      first_name: demo.firstName,
      last_name: demo.lastName,
      role: demo.role,
      region: demo.region,
      phone_verified: 1,
    });
  }
});

test('every user has a Ghana mobile number, a known role and region', async () => {
  const users = await db.selectFrom('users').selectAll().execute();
  for (const user of users) {
    expect(user.phone_number).toMatch(GHANA_MOBILE);
    expect(ROLES).toContain(user.role);
    expect(REGIONS).toContain(user.region);
    expect(user.first_name.length).toBeGreaterThan(0);
    expect(user.last_name.length).toBeGreaterThan(0);
    expect(Date.parse(user.created_at)).toBeLessThan(NOW.getTime());
  }
});

test('jobs: at least 60, all 4 categories, at least 12 regions, both job types', async () => {
  const jobs = await db.selectFrom('jobs').selectAll().execute();
  expect(jobs.length).toBeGreaterThanOrEqual(60);
  expect(new Set(jobs.map((job) => job.category))).toEqual(new Set(CATEGORIES));
  const regions = new Set(jobs.map((job) => job.region));
  expect(regions.size).toBeGreaterThanOrEqual(12);
  for (const region of regions) expect(REGIONS).toContain(region);
  expect(new Set(jobs.map((job) => job.job_type))).toEqual(new Set(['hourly', 'fixed']));
});

test('jobs are posted by at least 7 employers, 5+ of them by the demo employer', async () => {
  const jobs = await db
    .selectFrom('jobs')
    .innerJoin('users', 'users.id', 'jobs.employer_id')
    .select(['jobs.employer_id', 'users.role'])
    .execute();
  expect(new Set(jobs.map((job) => job.employer_id)).size).toBeGreaterThanOrEqual(7);
  for (const job of jobs) expect(job.role).toBe('employer');
  const demoEmployer = await userId(DEMO_USERS.employer.phoneNumber);
  const own = jobs.filter((job) => job.employer_id === demoEmployer);
  expect(own.length).toBeGreaterThanOrEqual(5);
});

test('job prices are positive integer pesewas matching the job type', async () => {
  const jobs = await db.selectFrom('jobs').selectAll().execute();
  for (const job of jobs) {
    if (job.job_type === 'hourly') {
      expect(Number.isInteger(job.hourly_rate_pesewas)).toBe(true);
      expect(job.hourly_rate_pesewas).toBeGreaterThan(0);
      expect(job.fixed_price_pesewas).toBeNull();
    } else {
      expect(job.job_type).toBe('fixed');
      expect(Number.isInteger(job.fixed_price_pesewas)).toBe(true);
      expect(job.fixed_price_pesewas).toBeGreaterThan(0);
      expect(job.hourly_rate_pesewas).toBeNull();
      expect(job.estimated_hours).toBeNull();
    }
    if (job.estimated_hours !== null) {
      expect(Number.isInteger(job.estimated_hours)).toBe(true);
      expect(job.estimated_hours).toBeGreaterThan(0);
    }
  }
  expect(jobs.some((job) => job.job_type === 'hourly' && job.estimated_hours !== null)).toBe(true);
});

test('job text, skills, start dates, activity and posting dates', async () => {
  const jobs = await db.selectFrom('jobs').selectAll().execute();
  const sixtyDaysAgo = NOW.getTime() - 60 * DAY_MS;
  for (const job of jobs) {
    expect(job.title.trim().length).toBeGreaterThanOrEqual(5);
    expect(job.title.length).toBeLessThanOrEqual(120);
    expect(job.description.trim().length).toBeGreaterThanOrEqual(20);
    const skills = parseStrings(job.required_skills);
    expect(skills.length).toBeLessThanOrEqual(6);
    if (job.start_date !== null) expect(job.start_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect([0, 1]).toContain(job.is_active);
    const created = Date.parse(job.created_at);
    expect(created).toBeGreaterThanOrEqual(sixtyDaysAgo);
    expect(created).toBeLessThanOrEqual(NOW.getTime());
  }
  expect(jobs.some((job) => job.description.includes('\n'))).toBe(true);
  expect(jobs.some((job) => parseStrings(job.required_skills).length === 0)).toBe(true);
  const upcoming = jobs.filter((job) => job.start_date !== null && job.start_date > TODAY);
  expect(upcoming.length).toBeGreaterThanOrEqual(5);
  const inactive = jobs.filter((job) => job.is_active === 0).length;
  expect(inactive).toBeGreaterThan(0);
  expect(inactive).toBeLessThan(jobs.length / 4);
  // Spread over the window, not bunched on one day.
  const oldest = Math.min(...jobs.map((job) => Date.parse(job.created_at)));
  expect(NOW.getTime() - oldest).toBeGreaterThan(40 * DAY_MS);
});

test('artists: at least 24, each with its own artist user, covering all performance types', async () => {
  const artists = await db
    .selectFrom('artists')
    .innerJoin('users', 'users.id', 'artists.user_id')
    .select(['artists.id', 'artists.user_id', 'artists.performance_types', 'users.role'])
    .execute();
  expect(artists.length).toBeGreaterThanOrEqual(24);
  expect(new Set(artists.map((artist) => artist.user_id)).size).toBe(artists.length);
  for (const artist of artists) expect(artist.role).toBe('artist');

  const types = artists.map((artist) => parseStrings(artist.performance_types));
  for (const list of types) {
    expect(list.length).toBeGreaterThanOrEqual(1);
    expect(list.length).toBeLessThanOrEqual(3);
    for (const type of list) expect(PERFORMANCE_TYPES).toContain(type);
  }
  expect(new Set(types.flat())).toEqual(new Set(PERFORMANCE_TYPES));
  expect(types.some((list) => list.length > 1)).toBe(true);

  const demoArtistUser = await userId(DEMO_USERS.artist.phoneNumber);
  const demoArtist = await db
    .selectFrom('artists')
    .selectAll()
    .where('user_id', '=', demoArtistUser)
    .executeTakeFirstOrThrow();
  expect(demoArtist.stage_name).toBe(DEMO_USERS.artist.stageName);
});

test('artist rates, ratings, bios and portfolio images', async () => {
  const artists = await db.selectFrom('artists').selectAll().execute();
  const pictures = await db
    .selectFrom('portfolio_pictures')
    .selectAll()
    .orderBy('artist_id')
    .orderBy('slot')
    .execute();
  const imagesOf = (artistId: number) =>
    pictures.filter((picture) => picture.artist_id === artistId).map((picture) => picture.url);
  let both = 0;
  for (const artist of artists) {
    expect(artist.stage_name.length).toBeGreaterThan(0);
    expect(artist.bio?.length ?? 0).toBeGreaterThan(20);
    expect(REGIONS).toContain(artist.region);
    const rates = [artist.hourly_rate_pesewas, artist.event_rate_pesewas].filter(
      (rate) => rate !== null,
    );
    expect(rates.length).toBeGreaterThan(0);
    for (const rate of rates) {
      expect(Number.isInteger(rate)).toBe(true);
      expect(rate).toBeGreaterThan(0);
    }
    if (rates.length === 2) both++;
    if (artist.rating !== null) {
      expect(artist.rating).toBeGreaterThanOrEqual(3.5);
      expect(artist.rating).toBeLessThanOrEqual(5);
    }
    const images = imagesOf(artist.id);
    expect(images.length).toBeLessThanOrEqual(3);
    for (const url of images) {
      expect(url).toMatch(/^\/images\/portfolio\/[a-z-]+\.svg$/);
      expect(existsSync(join(PORTFOLIO_DIR, url.slice('/images/portfolio/'.length)))).toBe(true);
    }
  }
  expect(both).toBeGreaterThan(artists.length / 2);
  expect(both).toBeLessThan(artists.length);
  expect(artists.some((artist) => artist.rating === null)).toBe(true);
  const withImages = artists.filter((artist) => imagesOf(artist.id).length > 0).length;
  expect(withImages).toBeGreaterThanOrEqual(Math.floor(artists.length * 0.4));
  expect(withImages).toBeLessThanOrEqual(Math.ceil(artists.length * 0.6));
});

test('portfolio SVGs are small and 400x300', () => {
  const files = readdirSync(PORTFOLIO_DIR).filter((name) => name.endsWith('.svg'));
  expect(files.length).toBeGreaterThanOrEqual(6);
  for (const name of files) {
    const path = join(PORTFOLIO_DIR, name);
    expect(statSync(path).size).toBeLessThan(1536);
    const svg = readFileSync(path, 'utf8');
    expect(svg).toContain('viewBox="0 0 400 300"');
    expect(svg).toContain('width="400"');
    expect(svg).toContain('height="300"');
  }
});

test('every artist has 4-8 upcoming availability dates', async () => {
  const artists = await db.selectFrom('artists').select('id').execute();
  const rows = await db.selectFrom('artist_availability').selectAll().execute();
  for (const artist of artists) {
    const own = rows.filter((row) => row.artist_id === artist.id);
    expect(own.length).toBeGreaterThanOrEqual(4);
    expect(own.length).toBeLessThanOrEqual(8);
    expect(new Set(own.map((row) => row.date)).size).toBe(own.length);
  }
  for (const row of rows) {
    expect(row.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(row.date > TODAY).toBe(true);
    if (row.time_slot !== null) expect(row.time_slot).toMatch(/^\d{2}:\d{2} - \d{2}:\d{2}$/);
  }
  expect(rows.some((row) => row.time_slot !== null)).toBe(true);
  expect(rows.some((row) => row.time_slot === null)).toBe(true);
});

test("applications go to the demo employer's active jobs, mostly pending, one accepted", async () => {
  const demoEmployer = await userId(DEMO_USERS.employer.phoneNumber);
  const demoSeeker = await userId(DEMO_USERS.jobSeeker.phoneNumber);
  const applications = await db
    .selectFrom('applications')
    .innerJoin('jobs', 'jobs.id', 'applications.job_id')
    .innerJoin('users', 'users.id', 'applications.applicant_id')
    .selectAll('applications')
    .select([
      'jobs.employer_id',
      'jobs.is_active',
      'jobs.created_at as job_created_at',
      'users.role',
    ])
    .execute();
  expect(applications.length).toBeGreaterThanOrEqual(5);
  for (const application of applications) {
    expect(application.employer_id).toBe(demoEmployer);
    expect(application.is_active).toBe(1);
    expect(application.role).toBe('job_seeker');
    expect(STATUSES).toContain(application.status);
    expect(application.cover_letter.trim().length).toBeGreaterThan(20);
    expect(application.created_at >= application.job_created_at).toBe(true);
    expect(Date.parse(application.created_at)).toBeLessThanOrEqual(NOW.getTime());
  }
  const fromDemo = applications.filter((application) => application.applicant_id === demoSeeker);
  expect(fromDemo.length).toBeGreaterThanOrEqual(2);
  expect(new Set(applications.map((application) => application.applicant_id)).size).toBeGreaterThan(
    2,
  );
  const statuses = applications.map((application) => application.status);
  expect(statuses.filter((status) => status === 'accepted')).toHaveLength(1);
  expect(statuses.filter((status) => status === 'pending').length).toBeGreaterThan(
    applications.length / 2,
  );
});

test('bookings of the demo artist by the demo client have consistent totals', async () => {
  const demoClient = await userId(DEMO_USERS.client.phoneNumber);
  const artist = await demoArtist();
  const hourlyRate = toPesewas(artist.hourlyRate);
  const eventRate = toPesewas(artist.eventRate);
  const bookings = await db
    .selectFrom('bookings')
    .selectAll()
    .where('client_id', '=', demoClient)
    .execute();
  expect(bookings.length).toBeGreaterThanOrEqual(3);
  for (const booking of bookings) {
    expect(booking.artist_id).toBe(artist.id);
    expect(booking.client_id).toBe(demoClient);
    expect(STATUSES).toContain(booking.status);
    expect(Number.isNaN(Date.parse(booking.event_date))).toBe(false);
    expect(Number.isInteger(booking.event_duration)).toBe(true);
    expect(booking.event_duration).toBeGreaterThanOrEqual(1);
    expect(booking.venue.length).toBeGreaterThan(0);
    expect(Number.isInteger(booking.total_amount_pesewas)).toBe(true);
    if (booking.rate_type === 'hourly') {
      expect(booking.total_amount_pesewas).toBe(
        booking.event_duration * (hourlyRate ?? Number.NaN),
      );
    } else {
      expect(booking.rate_type).toBe('event');
      expect(booking.total_amount_pesewas).toBe(eventRate);
    }
  }
  expect(new Set(bookings.map((booking) => booking.rate_type))).toEqual(
    new Set(['hourly', 'event']),
  );
  const future = bookings.filter((booking) => Date.parse(booking.event_date) > NOW.getTime());
  expect(future.filter((booking) => booking.status === 'accepted')).toHaveLength(1);
  expect(future.filter((booking) => booking.status === 'pending').length).toBeGreaterThanOrEqual(2);

  // Booked days are not also offered as available.
  const offered = await listAvailability(db, artist.id, '0000-01-01');
  expect(offered.length).toBeGreaterThan(0);
  const booked = new Set(bookings.map((booking) => booking.event_date.slice(0, 10)));
  for (const entry of offered) expect(booked.has(entry.date)).toBe(false);
});

test('completed demo work was paid through escrow: released, paid out once, the ledger sound', async () => {
  const completed = await db
    .selectFrom('bookings')
    .select(['id', 'total_amount_pesewas'])
    .where('status', '=', 'completed')
    .execute();
  expect(completed.length).toBeGreaterThanOrEqual(1);
  for (const booking of completed) {
    const payment = await db
      .selectFrom('payments')
      .selectAll()
      .where('engagement_type', '=', 'booking')
      .where('engagement_id', '=', booking.id)
      .executeTakeFirstOrThrow();
    expect(payment).toMatchObject({
      status: 'released',
      amount_pesewas: booking.total_amount_pesewas,
    });
    const payouts = await db
      .selectFrom('payouts')
      .select(['status', 'amount_pesewas'])
      .where('payment_id', '=', payment.id)
      .execute();
    expect(payouts).toEqual([{ status: 'success', amount_pesewas: booking.total_amount_pesewas }]);
  }
  // Nothing else has a payment: unpaid work stays unpaid.
  expect(await db.selectFrom('payments').select('id').execute()).toHaveLength(completed.length);
  const report = await checkLedger(db);
  expect(report.problems).toEqual([]);
  expect(report.heldPesewas).toBe(0);
  expect(report.owedToPayeesPesewas).toBe(0);
});

test("every artist's rating is the mean of real reviews, each after a completed booking of theirs", async () => {
  const artists = await db.selectFrom('artists').selectAll().execute();
  const reviews = await db
    .selectFrom('reviews')
    .innerJoin('bookings', 'bookings.id', 'reviews.engagement_id')
    .innerJoin('artists', 'artists.id', 'bookings.artist_id')
    .selectAll('reviews')
    .select([
      'bookings.client_id',
      'bookings.status',
      'bookings.completed_at',
      'artists.user_id as artist_user_id',
    ])
    .execute();
  expect(reviews.length).toBeGreaterThan(100);
  for (const review of reviews) {
    expect(review).toMatchObject({
      engagement_type: 'booking',
      subject_side: 'artist',
      status: 'completed',
      author_id: review.client_id,
      subject_id: review.artist_user_id,
    });
    expect(review.created_at > (review.completed_at ?? '')).toBe(true);
    expect(Date.parse(review.created_at)).toBeLessThan(NOW.getTime());
  }
  for (const artist of artists) {
    const own = reviews.filter((review) => review.subject_id === artist.user_id);
    // The cached figures are what the reviews repository computes from the reviews that count.
    const { rating, reviewCount } = await ratingOf(db, artist.user_id);
    expect(reviewCount).toBe(own.length);
    expect(artist.review_count).toBe(reviewCount);
    if (rating === null) expect(artist.rating).toBeNull();
    else expect(artist.rating).toBeCloseTo(rating, 10);
    // Nobody reviews one artist twice.
    expect(new Set(own.map((review) => review.author_id)).size).toBe(own.length);
  }
  // The demo artist's profile, as the app shows it: 4.7 over ten reviews or more.
  const demo = await demoArtist();
  expect(demo.reviewCount).toBeGreaterThanOrEqual(10);
  expect(demo.rating).toBe(4.7);

  // The demo client's completed booking is recent enough to review.
  const demoClient = await userId(DEMO_USERS.client.phoneNumber);
  const completed = await db
    .selectFrom('bookings')
    .select('completed_at')
    .where('client_id', '=', demoClient)
    .where('status', '=', 'completed')
    .executeTakeFirstOrThrow();
  expect(NOW.getTime() - Date.parse(completed.completed_at ?? '')).toBeLessThan(30 * DAY_MS);
});

test('seeding is deterministic for the same now', async () => {
  const otherDir = mkdtempSync(join(tmpdir(), 'seed-test-'));
  const { db: other, drop } = await createTestDatabase(otherDir);
  try {
    await seedDemoData(other, NOW);
    for (const table of SEEDED_TABLES) {
      const mine = await db.selectFrom(table).selectAll().execute();
      const theirs = await other.selectFrom(table).selectAll().execute();
      expect(theirs).toEqual(mine);
    }
  } finally {
    await drop();
    rmSync(otherDir, { recursive: true, force: true });
  }
});

test('a second call inserts nothing', async () => {
  const before = await seededRowCounts(db);
  await seedDemoData(db, new Date(NOW.getTime() + DAY_MS));
  expect(await seededRowCounts(db)).toEqual(before);
});

test('none of the demo jobs, written by honest employers, is held', () => {
  const held = JOBS.map((job) => ({
    title: job.title,
    request: findFeeRequestInJob({
      title: job.title,
      description: job.description,
      requiredSkills: job.skills,
    }),
  })).filter((job) => job.request !== null);
  expect(held).toEqual([]);
});
