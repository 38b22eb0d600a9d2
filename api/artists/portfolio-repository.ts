import { type Kysely, sql } from 'kysely';
import { PORTFOLIO_LIMITS, type PortfolioPicture } from '../../contracts/artists.ts';
import type { Database } from '../db/database.ts';
import { isUniqueViolation } from '../db/dialect.ts';

/** Each artist's pictures in upload order (an artist with none has no entry). */
export async function picturesOf(
  db: Kysely<Database>,
  artistIds: readonly number[],
): Promise<Map<number, PortfolioPicture[]>> {
  const byArtist = new Map<number, PortfolioPicture[]>();
  if (artistIds.length === 0) return byArtist;
  const rows = await db
    .selectFrom('portfolio_pictures')
    .select(['id', 'artist_id', 'url'])
    .where('artist_id', 'in', [...new Set(artistIds)])
    .orderBy('artist_id')
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const pictures = byArtist.get(row.artist_id) ?? [];
    pictures.push({ id: row.id, url: row.url });
    byArtist.set(row.artist_id, pictures);
  }
  return byArtist;
}

export async function countPictures(db: Kysely<Database>, artistId: number): Promise<number> {
  const row = await db
    .selectFrom('portfolio_pictures')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('artist_id', '=', artistId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The slots a picture can take, as a table: VALUES names its column column1 in SQLite and PostgreSQL. */
const SLOTS = sql.raw(
  `(VALUES ${Array.from({ length: PORTFOLIO_LIMITS.maxImages }, (_, slot) => `(${slot})`).join(', ')}) AS slots`,
);

/**
 * Adds a picture in the artist's lowest free slot, or returns null when all 8 are taken. One
 * statement reads the free slots and inserts, so the check and the write cannot be separated;
 * the unique (artist_id, slot) constraint keeps the cap even where statements run side by side
 * (PostgreSQL): of two inserts taking the same slot, one is refused, and it looks again for
 * the next free slot. Each refusal means another picture took a slot, so after 8 the
 * portfolio has been full.
 */
export async function addPicture(
  db: Kysely<Database>,
  artistId: number,
  url: string,
): Promise<PortfolioPicture | null> {
  for (let attempt = 0; attempt < PORTFOLIO_LIMITS.maxImages; attempt++) {
    try {
      const row = await db
        .insertInto('portfolio_pictures')
        .columns(['artist_id', 'slot', 'url'])
        .expression(
          sql`SELECT ${artistId}, slots.column1, ${url} FROM ${SLOTS}
            WHERE slots.column1 NOT IN (
              SELECT slot FROM portfolio_pictures WHERE artist_id = ${artistId}
            )
            ORDER BY slots.column1 LIMIT 1`,
        )
        .returning(['id', 'url'])
        .executeTakeFirst();
      return row ?? null;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return null;
}

/** Deletes one of the artist's pictures by id; its URL, or null when the artist has no such picture. */
export async function removePicture(
  db: Kysely<Database>,
  artistId: number,
  pictureId: number,
): Promise<string | null> {
  const row = await db
    .deleteFrom('portfolio_pictures')
    .where('id', '=', pictureId)
    .where('artist_id', '=', artistId)
    .returning('url')
    .executeTakeFirst();
  return row?.url ?? null;
}

/** Which of these picture URLs some artist still shows. */
export async function urlsInUse(
  db: Kysely<Database>,
  urls: readonly string[],
): Promise<Set<string>> {
  const used = new Set<string>();
  // Small batches keep each statement well under any bound-parameter limit.
  for (let start = 0; start < urls.length; start += 500) {
    const rows = await db
      .selectFrom('portfolio_pictures')
      .select('url')
      .where('url', 'in', urls.slice(start, start + 500))
      .execute();
    for (const row of rows) used.add(row.url);
  }
  return used;
}
