import type { Kysely, Selectable } from 'kysely';
import type {
  Artist,
  ArtistListQuery,
  ArtistProfile,
  AvailabilityEntry,
  PerformanceType,
} from '../../contracts/artists.ts';
import { formatAmount } from '../../contracts/money.ts';
import type { ArtistsTable, Database } from '../db/database.ts';

const money = (pesewas: number | null) => (pesewas === null ? null : formatAmount(pesewas));

export function artistRowToArtist(row: Selectable<ArtistsTable>): Artist {
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
    portfolioImages: JSON.parse(row.portfolio_images) as string[],
  };
}

export async function listArtists(db: Kysely<Database>, query: ArtistListQuery): Promise<Artist[]> {
  let select = db.selectFrom('artists').selectAll().orderBy('rating', 'desc').orderBy('id', 'asc');
  if (query.region) select = select.where('region', '=', query.region);
  if (query.performanceType) {
    // performance_types is a JSON array; match the quoted value inside it.
    select = select.where('performance_types', 'like', `%"${query.performanceType}"%`);
  }
  return (await select.execute()).map(artistRowToArtist);
}

export async function findArtist(db: Kysely<Database>, id: number) {
  const row = await db.selectFrom('artists').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? artistRowToArtist(row) : undefined;
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
    .execute();
  return rows.map((row) => ({ date: row.date, timeSlot: row.time_slot }));
}

export async function findArtistByUser(db: Kysely<Database>, userId: number) {
  const row = await db
    .selectFrom('artists')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? artistRowToArtist(row) : undefined;
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

export async function setPortfolio(
  db: Kysely<Database>,
  artistId: number,
  images: readonly string[],
) {
  await db
    .updateTable('artists')
    .set({ portfolio_images: JSON.stringify(images) })
    .where('id', '=', artistId)
    .execute();
}
