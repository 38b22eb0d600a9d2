import { type Kysely, type Selectable, sql } from 'kysely';
import type { ArtistListQuery, ArtistProfile } from '../../contracts/artists.schemas.ts';
import {
  type Artist,
  AVAILABILITY_MAX,
  type AvailabilityEntry,
  type MyArtist,
  type PerformanceType,
  type PortfolioPicture,
} from '../../contracts/artists.ts';
import { bookingDay } from '../../contracts/bookings.ts';
import type { CancellationPolicy } from '../../contracts/engagements.ts';
import type { ArtistModeration } from '../../contracts/moderation.ts';
import { formatAmount, PRICE_FLOORS } from '../../contracts/money.ts';
import { DEFAULT_PAGE_SIZE } from '../../contracts/paging.ts';
import type { ArtistsTable, Database } from '../db/database.ts';
import { matchesText } from '../db/dialect.ts';
import { type CountWith, countNow, type ListPage, type PageRequest } from '../lib/keyset-page.ts';
import { picturesOf } from './portfolio-repository.ts';

const money = (pesewas: number | null) => (pesewas === null ? null : formatAmount(pesewas));

/** An artist's row with whether the person behind it verified their phone (see `withPerson`). */
type ArtistRow = Selectable<ArtistsTable> & { phone_verified: number };

function artistRowToArtist(row: ArtistRow, pictures: readonly PortfolioPicture[]): Artist {
  return {
    id: row.id,
    userId: row.user_id,
    stageName: row.stage_name,
    bio: row.bio,
    region: row.region,
    performanceTypes: JSON.parse(row.performance_types) as PerformanceType[],
    hourlyRate: money(row.hourly_rate_pesewas),
    eventRate: money(row.event_rate_pesewas),
    rating: row.rating === null ? null : Math.round(row.rating * 10) / 10,
    reviewCount: row.review_count,
    portfolioImages: pictures.map((picture) => picture.url),
    phoneVerified: row.phone_verified === 1,
    moderation: row.moderation as ArtistModeration,
    cancellationPolicy: row.cancellation_policy as CancellationPolicy,
  };
}

/** Artists with their person's phone verification, as every card and profile shows it. */
function withPerson(db: Kysely<Database>) {
  return db
    .selectFrom('artists')
    .innerJoin('users', 'users.id', 'artists.user_id')
    .selectAll('artists')
    .select('users.phone_verified');
}

/** Artists with their portfolio pictures (one more query for all of them). */
async function withPictures(db: Kysely<Database>, rows: readonly ArtistRow[]) {
  const pictures = await picturesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => artistRowToArtist(row, pictures.get(row.id) ?? []));
}

/** Best rated first, unrated last; the sort key of the artists_rank index. */
const rank = sql<number>`coalesce(artists.rating, -1)`;

/** What a list of artists is filtered by: the list query without its page. */
export type ArtistListFilter = Omit<ArtistListQuery, 'limit' | 'cursor'>;

const ARTIST_SEARCH = {
  idColumn: 'artists.id',
  ftsTable: 'artists_fts',
  columns: ['artists.stage_name', 'artists.bio'],
};

/**
 * The artists a list query matches: those shown on Ghana Gigs, whose rates meet their floors (a
 * rate set below one before floors existed keeps them out of the lists until they edit it;
 * their profile still opens).
 */
function matchingArtists(db: Kysely<Database>, query: ArtistListFilter) {
  let select = db
    .selectFrom('artists')
    .where('artists.moderation', '=', 'published')
    .where((eb) =>
      eb.and([
        eb.or([
          eb('artists.hourly_rate_pesewas', 'is', null),
          eb('artists.hourly_rate_pesewas', '>=', PRICE_FLOORS.hourlyRate),
        ]),
        eb.or([
          eb('artists.event_rate_pesewas', 'is', null),
          eb('artists.event_rate_pesewas', '>=', PRICE_FLOORS.eventRate),
        ]),
      ]),
    );
  if (query.region) select = select.where('artists.region', '=', query.region);
  const type = query.performanceType;
  if (type) {
    select = select.where('artists.id', 'in', (eb) =>
      eb
        .selectFrom('artist_performance_types')
        .select('artist_id')
        .where('performance_type', '=', type),
    );
  }
  const text = query.q;
  if (text) {
    select = select.where((eb) => matchesText(db, eb, ARTIST_SEARCH, text));
  }
  return select;
}

/** An artist list's page key is the rank (a number) and the id of its last artist. */
export const ARTIST_PAGE_KEY = ['number', 'number'] as const;

/**
 * One page of artists with the full match count (computed through `countWith`); keyset paging
 * on (rank, id).
 */
export async function listArtists(
  db: Kysely<Database>,
  query: ArtistListFilter,
  { limit = DEFAULT_PAGE_SIZE, after }: PageRequest,
  countWith: CountWith = countNow,
): Promise<ListPage<Artist>> {
  let page = matchingArtists(db, query)
    .innerJoin('users', 'users.id', 'artists.user_id')
    .selectAll('artists')
    .select(['users.phone_verified', rank.as('rank')])
    .orderBy(rank, 'desc')
    .orderBy('artists.id', 'asc')
    .limit(limit + 1);
  if (after) {
    const [lastRank, lastId] = after as [number, number];
    page = page.where((eb) =>
      eb.or([
        eb(rank, '<', lastRank),
        eb.and([eb(rank, '=', lastRank), eb('artists.id', '>', lastId)]),
      ]),
    );
  }
  const rows = await page.execute();
  const hasMore = rows.length > limit;
  const pageRows = hasMore ? rows.slice(0, limit) : rows;
  const last = pageRows.at(-1);
  const total =
    !hasMore && after === undefined
      ? pageRows.length
      : await countWith(async () =>
          Number(
            (
              await matchingArtists(db, query)
                .select((eb) => eb.fn.countAll<number>().as('count'))
                .executeTakeFirstOrThrow()
            ).count,
          ),
        );
  return {
    items: await withPictures(db, pageRows),
    total,
    nextKey: hasMore && last ? [last.rank, last.id] : null,
  };
}

/** An artist shown on Ghana Gigs (published), as clients find and book them. */
export async function findArtist(db: Kysely<Database>, id: number): Promise<Artist | undefined> {
  const row = await withPerson(db)
    .where('artists.id', '=', id)
    .where('artists.moderation', '=', 'published')
    .executeTakeFirst();
  return row ? (await withPictures(db, [row]))[0] : undefined;
}

/** Whether an artist is shown, and whose profile it is, whatever its state; undefined if none. */
export async function findArtistModeration(
  db: Kysely<Database>,
  id: number,
): Promise<{ moderation: ArtistModeration; userId: number } | undefined> {
  const row = await db
    .selectFrom('artists')
    .select(['moderation', 'user_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { moderation: row.moderation as ArtistModeration, userId: row.user_id };
}

export async function listAvailability(
  db: Kysely<Database>,
  artistId: number,
  fromDate: string,
): Promise<AvailabilityEntry[]> {
  const rows = await db
    .selectFrom('artist_availability')
    .select(['date', 'time_slot'])
    .where('artist_id', '=', artistId)
    .where('date', '>=', fromDate)
    .orderBy('date', 'asc')
    .limit(AVAILABILITY_MAX)
    .execute();
  return rows.map((row) => ({ date: row.date, timeSlot: row.time_slot }));
}

/** The user's own artist profile, with the ids of its pictures. */
export async function findMyArtist(
  db: Kysely<Database>,
  userId: number,
): Promise<MyArtist | undefined> {
  const row = await withPerson(db).where('artists.user_id', '=', userId).executeTakeFirst();
  if (!row) return undefined;
  const portfolio = (await picturesOf(db, [row.id])).get(row.id) ?? [];
  return { ...artistRowToArtist(row, portfolio), portfolio };
}

export async function updateArtistProfile(
  db: Kysely<Database>,
  id: number,
  profile: ArtistProfile,
) {
  await db
    .updateTable('artists')
    .set({
      stage_name: profile.stageName,
      bio: profile.bio,
      performance_types: JSON.stringify(profile.performanceTypes),
      region: profile.region,
      hourly_rate_pesewas: profile.hourlyRate,
      event_rate_pesewas: profile.eventRate,
      ...(profile.cancellationPolicy ? { cancellation_policy: profile.cancellationPolicy } : {}),
    })
    .where('id', '=', id)
    .execute();
}

export async function replaceAvailability(
  db: Kysely<Database>,
  artistId: number,
  entries: readonly { date: string; timeSlot: string | null }[],
  fromDate: string,
) {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('artist_availability')
      .where('artist_id', '=', artistId)
      .where('date', '>=', fromDate)
      .execute();
    if (entries.length > 0) {
      await trx
        .insertInto('artist_availability')
        .values(
          entries.map((entry) => ({
            artist_id: artistId,
            date: entry.date,
            time_slot: entry.timeSlot,
          })),
        )
        .execute();
    }
  });
}

/**
 * Accepted bookings the artist of `artistId` called off, or did not show for (an operator
 * decided so): their profile's cancelledByArtist.
 */
export async function cancelledByArtist(db: Kysely<Database>, artistId: number): Promise<number> {
  const row = await db
    .selectFrom('bookings')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('artist_id', '=', artistId)
    .where('cancelled_by', 'in', ['payee', 'no_show'])
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The days from `fromDate` on that the artist has an accepted booking, soonest first. */
export async function listBookedDays(
  db: Kysely<Database>,
  artistId: number,
  fromDate: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('bookings')
    .select('event_date')
    .where('artist_id', '=', artistId)
    .where('status', '=', 'accepted')
    .where('event_date', '>=', `${fromDate}T00:00:00.000Z`)
    .orderBy('event_date')
    .execute();
  return [...new Set(rows.map((row) => bookingDay(row.event_date)))];
}
