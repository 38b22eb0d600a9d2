import type { Kysely } from 'kysely';
import type { Role } from '../../../contracts/auth.ts';
import type { Database } from '../../db/database.ts';
import { refreshArtistRating } from '../../reviews/reviews-repository.ts';
import {
  APPLICATIONS,
  ARTISTS,
  DEMO_ARTIST,
  DEMO_ARTIST_REPLIES,
  DEMO_BOOKINGS,
  DEMO_USERS,
  type DemoJobKey,
  type DemoUser,
  EMPLOYER_BY_REGION,
  EMPLOYERS,
  type EmployerKey,
  JOBS,
  type PersonSeed,
  REVIEW_COMMENTS,
  REVIEWED_EVENTS,
  SEEKERS,
  type SeekerKey,
  TIME_SLOTS,
} from './seed-data.ts';
import { seedPaidEngagement } from './seed-paid-history.ts';
import { mulberry32 } from './seeded-random.ts';

/**
 * Turns the demo data (seed-data.ts) into rows for a fresh database.
 *
 * Everything is deterministic: a seeded PRNG drives the few random choices, and all dates
 * are relative to `now`, so the same `now` always gives the same rows.
 */

/** The demo accounts' phone numbers that are in the database, for the start-up line. */
export async function demoPhonesIn(db: Kysely<Database>): Promise<string[]> {
  const demoPhones = Object.values(DEMO_USERS).map((user) => user.phoneNumber);
  const rows = await db
    .selectFrom('users')
    .select('phone_number')
    .where('phone_number', 'in', demoPhones)
    .orderBy('phone_number')
    .execute();
  return rows.map((row) => row.phone_number);
}

/** The tables the demo data fills. */
export const SEEDED_TABLES = [
  'users',
  'jobs',
  'applications',
  'artists',
  'artist_availability',
  'bookings',
  'payments',
  'charges',
  'payouts',
  'ledger_transactions',
  'ledger_entries',
  'reviews',
] as const;

/** Rows in each seeded table: what `npm run db:seed` reports, and what a second seed must not change. */
export async function seededRowCounts(
  db: Kysely<Database>,
): Promise<Record<(typeof SEEDED_TABLES)[number], number>> {
  const result = {} as Record<(typeof SEEDED_TABLES)[number], number>;
  for (const table of SEEDED_TABLES) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    result[table] = Number(row.count);
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// Deterministic helpers

const SEED = 0x6a0b5eed;
/** Reviews draw from their own sequence, so adding them moved nothing else the seed makes. */
const REVIEWS_SEED = 0x5eed4e71;
const DAY_MS = 86_400_000;

/** An ISO-8601 UTC timestamp `days` before `now`, rounded down to the minute. */
function daysAgo(now: Date, days: number): string {
  const ms = now.getTime() - days * DAY_MS;
  return new Date(ms - (ms % 60_000)).toISOString();
}

/** The calendar date (YYYY-MM-DD, UTC, which is Ghana time) `days` after `now`. */
function dateAfter(now: Date, days: number): string {
  return new Date(now.getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

/** An event start: `days` after `now` at `hour`:00 Ghana time (UTC+0). */
function eventAt(now: Date, days: number, hour: number): string {
  return `${dateAfter(now, days)}T${String(hour).padStart(2, '0')}:00:00.000Z`;
}

const cedis = (ghs: number): number => Math.round(ghs * 100);

// ---------------------------------------------------------------------------------------------

/**
 * Inserts the demo data into an empty database, in one transaction. Does nothing when the
 * users table already has rows, so it is safe to call on every start.
 */
export async function seedDemoData(db: Kysely<Database>, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('users').select('id').limit(1).executeTakeFirst();
    if (existing) return;

    const rng = mulberry32(SEED);
    const between = (min: number, max: number) => min + rng() * (max - min);
    const intBetween = (min: number, max: number) => Math.floor(between(min, max + 1));

    const insertUser = async (
      person: PersonSeed,
      role: Role,
      createdDaysAgo: number,
    ): Promise<number> => {
      const row = await trx
        .insertInto('users')
        .values({
          phone_number: person.phone,
          first_name: person.first,
          last_name: person.last,
          role,
          region: person.region,
          email: person.email ?? null,
          phone_verified: 1,
          created_at: daysAgo(now, createdDaysAgo),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    };
    const demoPerson = (user: DemoUser, email?: string): PersonSeed => ({
      phone: user.phoneNumber,
      first: user.firstName,
      last: user.lastName,
      region: user.region,
      email,
    });

    // Users
    const demoEmployerId = await insertUser(demoPerson(DEMO_USERS.employer), 'employer', 75);
    const demoSeekerId = await insertUser(
      demoPerson(DEMO_USERS.jobSeeker, 'kofi.boateng@example.com'),
      'job_seeker',
      74,
    );
    const demoClientId = await insertUser(demoPerson(DEMO_USERS.client), 'employer', 72);

    const employerIds = {} as Record<EmployerKey, number>;
    for (const [key, person] of Object.entries(EMPLOYERS) as [EmployerKey, PersonSeed][]) {
      employerIds[key] = await insertUser(person, 'employer', between(62, 180));
    }
    const seekerIds = {} as Record<SeekerKey, number>;
    for (const [key, person] of Object.entries(SEEKERS) as [SeekerKey, PersonSeed][]) {
      seekerIds[key] = await insertUser(person, 'job_seeker', between(30, 120));
    }

    // Jobs
    const demoJobs = {} as Record<DemoJobKey, { id: number; createdAt: string }>;
    for (const job of JOBS) {
      const posted = job.postedDaysAgo ?? (job.inactive ? between(32, 59.5) : between(0.1, 59.5));
      const startRoll = rng();
      const startInDays =
        job.startInDays ?? (!job.inactive && startRoll < 0.45 ? intBetween(3, 35) : null);
      const createdAt = daysAgo(now, posted);
      const row = await trx
        .insertInto('jobs')
        .values({
          employer_id: job.demo ? demoEmployerId : employerIds[EMPLOYER_BY_REGION[job.region]],
          title: job.title,
          description: job.description,
          category: job.category,
          region: job.region,
          job_type: job.pay.jobType,
          hourly_rate_pesewas: job.pay.jobType === 'hourly' ? cedis(job.pay.ghs) : null,
          fixed_price_pesewas: job.pay.jobType === 'fixed' ? cedis(job.pay.ghs) : null,
          estimated_hours: job.pay.jobType === 'hourly' ? job.pay.hours : null,
          required_skills: JSON.stringify(job.skills),
          start_date: startInDays === null ? null : dateAfter(now, startInDays),
          is_active: job.inactive ? 0 : 1,
          created_at: createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (job.demo) demoJobs[job.demo] = { id: row.id, createdAt };
    }

    // Artists, each with their own user, and their upcoming availability
    let demoArtistId: number | undefined;
    let demoArtistUserId: number | undefined;
    const reviewed: ReviewedArtist[] = [];
    for (const artist of ARTISTS) {
      const isDemo = artist === DEMO_ARTIST;
      const joined = isDemo ? 70 : between(45, 300);
      const userId = await insertUser(artist.person, 'artist', joined);
      const row = await trx
        .insertInto('artists')
        .values({
          user_id: userId,
          stage_name: artist.stageName,
          bio: artist.bio,
          region: artist.person.region,
          performance_types: JSON.stringify(artist.types),
          hourly_rate_pesewas: artist.hourly === undefined ? null : cedis(artist.hourly),
          event_rate_pesewas: artist.event === undefined ? null : cedis(artist.event),
          created_at: daysAgo(now, joined - 0.01),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (isDemo) {
        demoArtistId = row.id;
        demoArtistUserId = userId;
      }
      reviewed.push({ artist, artistId: row.id, userId, isDemo });
      if (artist.images.length > 0) {
        await trx
          .insertInto('portfolio_pictures')
          .values(
            artist.images.map((name, slot) => ({
              artist_id: row.id,
              slot,
              url: `/images/portfolio/${name}.svg`,
            })),
          )
          .execute();
      }

      // Booked days are not offered as available.
      const taken = new Set(isDemo ? DEMO_BOOKINGS.map((booking) => booking.daysFromNow) : []);
      const count = intBetween(4, 8);
      const offsets: number[] = [];
      while (offsets.length < count) {
        const offset = intBetween(1, 60);
        if (!taken.has(offset)) {
          taken.add(offset);
          offsets.push(offset);
        }
      }
      offsets.sort((a, b) => a - b);
      await trx
        .insertInto('artist_availability')
        .values(
          offsets.map((offset) => ({
            artist_id: row.id,
            date: dateAfter(now, offset),
            time_slot:
              rng() < 0.65 ? (TIME_SLOTS[intBetween(0, TIME_SLOTS.length - 1)] ?? null) : null,
          })),
        )
        .execute();
    }
    if (demoArtistId === undefined || demoArtistUserId === undefined) {
      throw new Error('The demo artist was not seeded');
    }

    // Applications to the demo employer's jobs
    for (const application of APPLICATIONS) {
      const job = demoJobs[application.job];
      const postedMs = Date.parse(job.createdAt);
      const sentMs = postedMs + (now.getTime() - postedMs) * application.at;
      await trx
        .insertInto('applications')
        .values({
          job_id: job.id,
          applicant_id:
            application.applicant === 'demo' ? demoSeekerId : seekerIds[application.applicant],
          cover_letter: application.coverLetter,
          status: application.status,
          created_at: new Date(sentMs - (sentMs % 60_000)).toISOString(),
        })
        .execute();
    }

    // Bookings of the demo artist by the demo client
    const hourlyRate = DEMO_ARTIST.hourly;
    const eventRate = DEMO_ARTIST.event;
    if (hourlyRate === undefined || eventRate === undefined) {
      throw new Error('The demo artist needs both an hourly and an event rate');
    }
    for (const booking of DEMO_BOOKINGS) {
      const eventDate = eventAt(now, booking.daysFromNow, booking.hour);
      const totalPesewas =
        booking.rateType === 'hourly' ? cedis(hourlyRate) * booking.duration : cedis(eventRate);
      const { id: bookingId } = await trx
        .insertInto('bookings')
        .values({
          artist_id: demoArtistId,
          client_id: demoClientId,
          event_date: eventDate,
          event_duration: booking.duration,
          event_type: booking.eventType,
          venue: booking.venue,
          event_details: booking.eventDetails,
          rate_type: booking.rateType,
          total_amount_pesewas: totalPesewas,
          status: booking.status,
          created_at: daysAgo(now, booking.createdDaysAgo + 0.2),
          // Both sides confirmed the day after the event: it may be reviewed for 30 days.
          completed_at:
            booking.status === 'completed'
              ? eventAt(now, booking.daysFromNow + 1, booking.hour + booking.duration)
              : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Completed work was paid through escrow, released when both confirmed.
      if (booking.status === 'completed') {
        await seedPaidEngagement(trx, {
          ref: { type: 'booking', id: bookingId },
          payerId: demoClientId,
          payeeId: demoArtistUserId,
          amountPesewas: totalPesewas,
          paidAt: daysAgo(now, booking.createdDaysAgo - 1),
          releasedAt: eventAt(now, booking.daysFromNow + 1, booking.hour + booking.duration),
        });
      }
    }

    // Completed bookings of the artists by the seeded employers and job seekers, each with the
    // client's review; every artist's rating is the mean of them.
    const reviewers = [...Object.values(employerIds), ...Object.values(seekerIds)];
    for (const entry of reviewed) await seedReviews(trx, entry, reviewers, now);
  });
}

interface ReviewedArtist {
  artist: (typeof ARTISTS)[number];
  artistId: number;
  userId: number;
  isDemo: boolean;
}

/**
 * One completed booking per star of `artist.reviewStars`, each by another of `reviewers`, spread
 * over the last year, with the client's review a few days after completion; the demo artist
 * answers the newest. Then the artist's rating is computed from them, as a real review does.
 */
async function seedReviews(
  trx: Kysely<Database>,
  { artist, artistId, userId, isDemo }: ReviewedArtist,
  reviewers: readonly number[],
  now: Date,
): Promise<void> {
  const stars = artist.reviewStars;
  if (stars.length === 0) return;
  if (stars.length > reviewers.length) throw new Error(`${artist.stageName}: too few reviewers`);
  const rng = mulberry32(REVIEWS_SEED + artistId);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rng() * list.length)] as T;
  const offset = Math.floor(rng() * reviewers.length);
  for (const [index, rating] of stars.entries()) {
    // Oldest first, at least three weeks apart, the newest 40 to 60 days ago.
    const daysBefore = 40 + (stars.length - 1 - index) * 25 + Math.floor(rng() * 20);
    const hour = 12 + Math.floor(rng() * 7);
    const duration = 3 + Math.floor(rng() * 3);
    const hourly = artist.hourly !== undefined;
    const rateGhs = hourly ? (artist.hourly as number) : (artist.event as number);
    const event = pick(REVIEWED_EVENTS);
    const comment = rng() < 0.8 ? pick(REVIEW_COMMENTS[rating as 3 | 4 | 5]) : null;
    const clientId = reviewers[(offset + index) % reviewers.length] as number;
    const totalPesewas = hourly ? cedis(rateGhs) * duration : cedis(rateGhs);
    const { id: bookingId } = await trx
      .insertInto('bookings')
      .values({
        artist_id: artistId,
        client_id: clientId,
        event_date: eventAt(now, -daysBefore, hour),
        event_duration: duration,
        event_type: event.eventType,
        venue: event.venue,
        event_details: null,
        rate_type: hourly ? 'hourly' : 'event',
        total_amount_pesewas: totalPesewas,
        status: 'completed',
        created_at: daysAgo(now, daysBefore + 14),
        completed_at: daysAgo(now, daysBefore - 1),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await seedPaidEngagement(trx, {
      ref: { type: 'booking', id: bookingId },
      payerId: clientId,
      payeeId: userId,
      amountPesewas: totalPesewas,
      paidAt: daysAgo(now, daysBefore + 13),
      releasedAt: daysAgo(now, daysBefore - 1),
    });
    const newest = stars.length - 1 - index;
    const reply = isDemo ? DEMO_ARTIST_REPLIES[newest] : undefined;
    await trx
      .insertInto('reviews')
      .values({
        engagement_type: 'booking',
        engagement_id: bookingId,
        author_id: clientId,
        subject_id: userId,
        subject_side: 'artist',
        rating,
        comment,
        created_at: daysAgo(now, daysBefore - 3),
        reply: reply ?? null,
        replied_at: reply ? daysAgo(now, daysBefore - 4) : null,
      })
      .execute();
  }
  await refreshArtistRating(trx, userId);
}
