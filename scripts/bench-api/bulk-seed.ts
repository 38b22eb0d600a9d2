/**
 * Databases for the benchmark: migrated the way the server does, then filled with as many
 * deterministic, Ghanaian, seed-like jobs, people, applications and artists as a size asks for
 * (the style of api/dev/seed/seed.ts, at scale).
 */
import { statSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import { openDatabase } from '../../api/db/database.ts';
import { migrateToLatest } from '../../api/db/migrate.ts';
import { mulberry32 } from '../../api/dev/seed/seeded-random.ts';
import { encodeCursor } from '../../api/http/paging.ts';
import type { PerformanceType } from '../../contracts/artists.ts';
import type { Category } from '../../contracts/jobs.ts';
import type { Region } from '../../contracts/regions.ts';
import { GENERIC_LINES, LANDMARKS, WEEKDAYS } from './bulk-data/generic-lines.ts';
import { FIRST_NAMES, LAST_NAMES } from './bulk-data/people.ts';
import { REGION_WEIGHTS, TOWNS } from './bulk-data/places.ts';
import { TRADE_WEIGHTS, TRADES } from './bulk-data/trades.ts';

const DAY_MS = 86_400_000;

interface Random {
  next: () => number;
  int: (min: number, max: number) => number;
  pick: <T>(items: readonly T[]) => T;
  weighted: <T>(items: readonly (readonly [T, number])[]) => T;
}

function random(seed: number): Random {
  const next = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T,
    weighted: <T>(items: readonly (readonly [T, number])[]) => {
      const total = items.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [item, weight] of items) {
        roll -= weight;
        if (roll < 0) return item;
      }
      return (items.at(-1) as readonly [T, number])[0];
    },
  };
}

function fill(text: string, rng: Random, town: string): string {
  return text
    .replaceAll('{town}', town)
    .replaceAll('{rooms}', String(rng.int(2, 5)))
    .replaceAll('{n}', String(rng.int(2, 12)))
    .replaceAll('{guests}', String(rng.int(4, 30) * 10))
    .replaceAll('{days}', String(rng.int(2, 21)))
    .replaceAll('{hour}', String(rng.int(6, 9)))
    .replaceAll('{weekday}', rng.pick(WEEKDAYS))
    .replaceAll('{landmark}', rng.pick(LANDMARKS));
}

/** Sentences until a length picked in [min, max] is reached, never over max. */
function paragraph(
  rng: Random,
  town: string,
  first: string,
  pool: readonly string[],
  min: number,
  max: number,
): string {
  const target = rng.int(min, max);
  let text = fill(first, rng, town);
  const order = [...pool].sort(() => rng.next() - 0.5);
  for (const line of order) {
    if (text.length >= target) break;
    const next = `${text} ${fill(line, rng, town)}`;
    if (next.length <= max) text = next;
  }
  return text;
}

const cedis = (ghs: number) => Math.round(ghs * 100);
const money = (rng: Random, [min, max]: readonly [number, number], step: number) =>
  cedis(Math.round((min + rng.next() * (max - min)) / step) * step);
const phone = (prefix: string, index: number) => `+233${prefix}${2_000_000 + index}`;

export interface SeedSpec {
  jobs: number;
  artists: number;
  employers: number;
  seekers: number;
}

export interface SeedResult {
  path: string;
  spec: SeedSpec;
  ms: number;
  activeJobIds: number[];
  jobIds: number[];
  /** A "Load more" cursor just after each active job: pages deep in the list, rarely cached. */
  activeCursors: string[];
  applications: number;
  activeJobs: number;
  /** The database file after seeding (the FTS trigram index is most of it). */
  bytes: number;
}

/**
 * Migrates a new database the way the server does, then fills it with raw prepared statements
 * in one transaction. The FTS and performance-type triggers fire as they would in production.
 */
export async function seedDatabase(
  path: string,
  spec: SeedSpec,
  seed: number,
): Promise<SeedResult> {
  const started = performance.now();
  const kysely = openDatabase(path);
  await migrateToLatest(kysely);
  await kysely.destroy();

  const rng = random(seed);
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const sqlite = new SQLite(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  const insertUser = sqlite.prepare(
    `INSERT INTO users (phone_number, first_name, last_name, role, region, email, phone_verified, created_at)
     VALUES (?, ?, ?, ?, ?, ?, 1, ?)`,
  );
  const insertJob = sqlite.prepare(
    `INSERT INTO jobs (employer_id, title, description, category, region, job_type, hourly_rate_pesewas,
       fixed_price_pesewas, estimated_hours, required_skills, start_date, is_active, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertApplication = sqlite.prepare(
    `INSERT OR IGNORE INTO applications (job_id, applicant_id, cover_letter, status, created_at)
     VALUES (?, ?, ?, ?, ?)`,
  );
  const insertArtist = sqlite.prepare(
    `INSERT INTO artists (user_id, stage_name, bio, region, performance_types, hourly_rate_pesewas,
       event_rate_pesewas, rating, review_count, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertPicture = sqlite.prepare(
    'INSERT INTO portfolio_pictures (artist_id, slot, url) VALUES (?, ?, ?)',
  );
  const insertAvailability = sqlite.prepare(
    'INSERT INTO artist_availability (artist_id, date, time_slot) VALUES (?, ?, ?)',
  );

  const person = (prefix: string, index: number, role: string, joinedDaysAgo: number) => {
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const region = rng.weighted(REGION_WEIGHTS);
    const email =
      rng.next() < 0.4
        ? `${first}.${last}${index}@example.com`.toLowerCase().replaceAll(' ', '')
        : null;
    const result = insertUser.run(
      phone(prefix, index),
      first,
      last,
      role,
      region,
      email,
      iso(now - joinedDaysAgo * DAY_MS),
    );
    return { id: Number(result.lastInsertRowid), first, region };
  };

  const tradesByCategory = (Object.keys(TRADE_WEIGHTS) as Category[]).map(
    (category) => [TRADES.filter((t) => t.category === category), TRADE_WEIGHTS[category]] as const,
  );
  const jobIds: number[] = [];
  const activeJobIds: number[] = [];
  const activeCursors: string[] = [];
  let applications = 0;

  sqlite.transaction(() => {
    const employers = Array.from(
      { length: spec.employers },
      (_, i) => person('24', i, 'employer', rng.int(60, 900)).id,
    );
    const seekers = Array.from(
      { length: spec.seekers },
      (_, i) => person('20', i, 'job_seeker', rng.int(10, 700)).id,
    );

    // Two years of postings, more of them recent, inserted oldest first as a live site would:
    // ids grow with created_at, so the newest jobs sit together at the end of the table.
    const postedTimes = Array.from(
      { length: spec.jobs },
      () => now - rng.next() ** 2 * 730 * DAY_MS - rng.int(0, 59_999),
    ).sort((a, b) => a - b);
    for (let i = 0; i < spec.jobs; i++) {
      const chosen = rng.pick(rng.weighted(tradesByCategory));
      const region = rng.weighted(REGION_WEIGHTS);
      const town = rng.pick(TOWNS[region]);
      const title = fill(rng.pick(chosen.titles), rng, town);
      const description = paragraph(
        rng,
        town,
        `${title}.`,
        [...chosen.lines, ...GENERIC_LINES],
        150,
        400,
      );
      const postedMs = postedTimes[i] as number;
      const isHourly = rng.next() < 0.5;
      const active = rng.next() >= 0.1;
      const skills = [...chosen.skills]
        .sort(() => rng.next() - 0.5)
        .slice(0, rng.int(0, chosen.skills.length));
      const result = insertJob.run(
        rng.pick(employers),
        title,
        description,
        chosen.category,
        region,
        isHourly ? 'hourly' : 'fixed',
        isHourly ? money(rng, chosen.hourly, 1) : null,
        isHourly ? null : money(rng, chosen.fixed, 50),
        isHourly && rng.next() < 0.7 ? rng.int(4, 160) : null,
        JSON.stringify(skills),
        rng.next() < 0.45 ? iso(postedMs + rng.int(3, 35) * DAY_MS).slice(0, 10) : null,
        active ? 1 : 0,
        iso(postedMs),
      );
      const id = Number(result.lastInsertRowid);
      jobIds.push(id);
      if (active) {
        activeJobIds.push(id);
        activeCursors.push(encodeCursor([iso(postedMs), id]));
      }
      if (rng.next() < 0.3) {
        const count = rng.int(1, 6);
        for (let a = 0; a < count; a++) {
          const sentMs = postedMs + rng.next() * Math.min(now - postedMs, 14 * DAY_MS);
          applications += insertApplication.run(
            id,
            rng.pick(seekers),
            `I have ${rng.int(1, 15)} years of experience and live in ${town}. I can start on ${rng.pick(WEEKDAYS)}.`,
            rng.weighted([
              ['pending', 6],
              ['accepted', 2],
              ['rejected', 2],
            ] as const),
            iso(sentMs),
          ).changes;
        }
      }
    }

    const types: readonly PerformanceType[] = [
      'DJ',
      'Musician',
      'MC',
      'Dancer',
      'Band',
      'Comedian',
    ];
    const images = ['turntable', 'sound-waves', 'stage-lights', 'guitar', 'microphone', 'dancer'];
    for (let i = 0; i < spec.artists; i++) {
      const joined = rng.int(20, 900);
      const user = person('27', i, 'artist', joined);
      const town = rng.pick(TOWNS[user.region as Region]);
      const main = rng.pick(types);
      const second = rng.next() < 0.3 ? rng.pick(types) : main;
      const performanceTypes = [...new Set([main, second])];
      const stageName = {
        DJ: () =>
          `DJ ${rng.pick(['Kasa', 'Sahel', 'Blaq', 'Vibes', 'Rokzy', 'Akwaaba', user.first])}`,
        Musician: () => `${user.first} ${rng.pick(['Soul', 'Palmwine', 'Praise', 'Keys'])}`,
        MC: () => `MC ${user.first}`,
        Dancer: () => `${town} ${rng.pick(['Adowa Queens', 'Kete Troupe', 'Dance Crew'])}`,
        Band: () => `${town} ${rng.pick(['Highlife Band', 'Brass Ensemble', 'Vibes Band'])}`,
        Comedian: () => `${user.first} ${rng.pick(['Laughs', 'Tickles', 'the Comic'])}`,
      }[main]();
      const bio = paragraph(
        rng,
        town,
        `${rng.pick(['Based in', 'From', 'Performing across'])} {town}, ${main === 'Band' || main === 'Dancer' ? 'we play' : 'I play'} ${rng.pick(['highlife', 'Afrobeats', 'gospel', 'hiplife', 'amapiano', 'traditional'])} for weddings, funerals and corporate events.`,
        [
          'Available for church programmes, naming ceremonies and durbars.',
          'We come with our own PA system and a sound engineer.',
          'Over {n} years on stage across the region and beyond.',
          'Performing in Twi, Ewe, Ga and English.',
          'Clean, family-friendly shows for all ages.',
        ],
        80,
        300,
      );
      const hourlyRate = rng.next() < 0.8 ? money(rng, [100, 600], 10) : null;
      const eventRate =
        hourlyRate === null || rng.next() < 0.8 ? money(rng, [1000, 10000], 100) : null;
      // A rating stands for reviews (none here: the bench reads lists, not reviews); the count
      // is drawn from no random number, so the rest of the data is as before.
      const rating = rng.next() < 0.15 ? null : Math.round((3 + rng.next() * 2) * 10) / 10;
      const result = insertArtist.run(
        user.id,
        stageName,
        bio,
        user.region,
        JSON.stringify(performanceTypes),
        hourlyRate,
        eventRate,
        rating,
        rating === null ? 0 : 1 + (user.id % 40),
        iso(now - joined * DAY_MS),
      );
      const artistId = Number(result.lastInsertRowid);
      for (const [slot, name] of images.slice(0, rng.int(0, 3)).entries()) {
        insertPicture.run(artistId, slot, `/images/portfolio/${name}.svg`);
      }
      const days = new Set(Array.from({ length: rng.int(3, 6) }, () => rng.int(1, 60)));
      for (const day of days) {
        insertAvailability.run(
          artistId,
          iso(now + day * DAY_MS).slice(0, 10),
          rng.next() < 0.6 ? rng.pick(['Morning', 'Afternoon', 'Evening']) : null,
        );
      }
    }
  })();
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  sqlite.close();
  return {
    path,
    spec,
    ms: performance.now() - started,
    jobIds,
    activeJobIds,
    activeCursors,
    applications,
    activeJobs: activeJobIds.length,
    bytes: statSync(path).size,
  };
}
