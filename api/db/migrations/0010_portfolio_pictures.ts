import { type Kysely, sql } from 'kysely';

// Frozen in time: this file never imports application code.
//
// Portfolio pictures become rows of their own instead of a JSON list on the artist, so an
// upload and a delete never rewrite each other's list: each picture is inserted and deleted by
// its id. The 8-picture cap is a constraint: a picture takes one of 8 numbered slots, unique per
// artist, so it holds whatever runs the inserts and however many at once.

const MAX_PICTURES = 8;

export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  await db.schema
    .createTable('portfolio_pictures')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('artist_id', 'integer', (col) =>
      col.notNull().references('artists.id').onDelete('cascade'),
    )
    .addColumn('slot', 'integer', (col) =>
      col.notNull().check(sql`slot >= 0 AND slot < ${sql.lit(MAX_PICTURES)}`),
    )
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(now))
    .addUniqueConstraint('portfolio_pictures_artist_slot', ['artist_id', 'slot'])
    .execute();
  // The orphan sweep asks which files still have a row.
  await db.schema
    .createIndex('portfolio_pictures_url')
    .on('portfolio_pictures')
    .column('url')
    .execute();

  // The JSON lists are read here, not with json_each, so the move runs on PostgreSQL too. A list
  // longer than the cap (only a race could make one) keeps its first 8; the rest are orphan
  // files the server's sweep removes.
  const artists = await db
    .selectFrom('artists')
    .select(['id', 'portfolio_images'])
    .where('portfolio_images', '!=', '[]')
    .orderBy('id')
    .execute();
  for (const artist of artists) {
    const urls = (JSON.parse(artist.portfolio_images) as unknown[])
      .filter((url): url is string => typeof url === 'string')
      .slice(0, MAX_PICTURES);
    if (urls.length === 0) continue;
    await db
      .insertInto('portfolio_pictures')
      .values(urls.map((url, slot) => ({ artist_id: artist.id, slot, url })))
      .execute();
  }
  await db.schema.alterTable('artists').dropColumn('portfolio_images').execute();

  // The artists list shows each artist's first picture, so a cached list must change with them.
  for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
    await sql`CREATE TRIGGER ${sql.id(`portfolio_pictures_version_${event.toLowerCase()}`)} AFTER ${sql.raw(event)} ON portfolio_pictures BEGIN
      UPDATE data_versions SET version = version + 1 WHERE name = 'artists';
    END`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const event of ['insert', 'update', 'delete']) {
    await sql`DROP TRIGGER IF EXISTS ${sql.id(`portfolio_pictures_version_${event}`)}`.execute(db);
  }
  await db.schema
    .alterTable('artists')
    .addColumn('portfolio_images', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute();
  const pictures = await db
    .selectFrom('portfolio_pictures')
    .select(['artist_id', 'url'])
    .orderBy('artist_id')
    .orderBy('id')
    .execute();
  const byArtist = new Map<number, string[]>();
  for (const picture of pictures) {
    byArtist.set(picture.artist_id, [...(byArtist.get(picture.artist_id) ?? []), picture.url]);
  }
  for (const [artistId, urls] of byArtist) {
    await db
      .updateTable('artists')
      .set({ portfolio_images: JSON.stringify(urls) })
      .where('id', '=', artistId)
      .execute();
  }
  await db.schema.dropTable('portfolio_pictures').execute();
}
