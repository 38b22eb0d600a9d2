import { existsSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterEach, beforeEach, expect, test } from 'vitest';
import {
  createTestApp,
  type SignedInUser,
  signUp,
  type TestApp,
} from '../../tests/helpers/test-app.ts';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { engineOf } from '../db/dialect.ts';
import { diskPictureStore } from '../storage/disk-store.ts';
import { ORPHAN_GRACE_MS, sweepOrphanPictures } from './portfolio-files.ts';
import { addPicture } from './portfolio-repository.ts';

let t: TestApp;
let artist: SignedInUser;
beforeEach(async () => {
  t = await createTestApp();
  artist = await signUp(t, 'artist');
});
afterEach(async () => {
  await t.close();
});

const jpeg = (red: number) =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: { r: red, g: 90, b: 40 } } })
    .jpeg()
    .toBuffer();

const upload = (payload: Buffer, type = 'image/jpeg', who = artist) =>
  t.app.inject({
    method: 'POST',
    url: '/api/artists/me/portfolio',
    headers: { cookie: who.cookie, 'content-type': type },
    payload,
  });

const remove = (pictureId: number, who = artist) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/artists/me/portfolio/${pictureId}`,
    headers: { cookie: who.cookie },
  });

async function rows() {
  return t.db
    .selectFrom('portfolio_pictures')
    .innerJoin('artists', 'artists.id', 'portfolio_pictures.artist_id')
    .select(['portfolio_pictures.id', 'portfolio_pictures.url', 'portfolio_pictures.slot'])
    .where('artists.user_id', '=', artist.id)
    .orderBy('portfolio_pictures.id')
    .execute();
}

const files = () => readdirSync(t.uploadsDir).sort();
const fileOf = (url: string) => url.replace(/^\/uploads\//, '');

test('16 requests at once, uploads racing deletes: nothing acknowledged is lost, nothing deleted returns', async () => {
  // A server admits one upload of an artist at a time, but servers on one database do not share
  // that: the race the pictures table must survive is run here with the per-user caps lifted.
  await t.close();
  t = await createTestApp({ config: { userWriteCaps: false } });
  artist = await signUp(t, 'artist');
  // Six pictures to start with, uploaded one by one.
  const first: { id: number; url: string }[] = [];
  for (let index = 0; index < 6; index++) {
    const answer = await upload(await jpeg(index * 20));
    expect(answer.statusCode).toBe(201);
    first.push(answer.json().portfolio.at(-1));
  }
  // A file an upload cut short left behind: no row points at it.
  const stray = `${'ab'.repeat(16)}.webp`;
  writeFileSync(join(t.uploadsDir, stray), 'not a row');

  const [a, b, c, d] = first as [
    (typeof first)[0],
    (typeof first)[0],
    (typeof first)[0],
    (typeof first)[0],
  ];
  const bodies = await Promise.all(
    Array.from({ length: 10 }, (_, index) => jpeg(150 + index * 10)),
  );
  // Ten uploads and six deletes (one of them twice) interleaved, all in flight together.
  const requests = [
    ...bodies.slice(0, 3).map((body) => ({ kind: 'upload' as const, send: () => upload(body) })),
    { kind: 'delete' as const, id: a.id, send: () => remove(a.id) },
    { kind: 'delete' as const, id: b.id, send: () => remove(b.id) },
    ...bodies.slice(3, 6).map((body) => ({ kind: 'upload' as const, send: () => upload(body) })),
    { kind: 'delete' as const, id: c.id, send: () => remove(c.id) },
    { kind: 'delete' as const, id: a.id, send: () => remove(a.id) },
    ...bodies.slice(6).map((body) => ({ kind: 'upload' as const, send: () => upload(body) })),
    { kind: 'delete' as const, id: d.id, send: () => remove(d.id) },
    { kind: 'delete' as const, id: 999_999, send: () => remove(999_999) },
  ];
  expect(requests).toHaveLength(16);
  const answers = await Promise.all(requests.map((request) => request.send()));

  const uploads = answers.filter((_, index) => requests[index]?.kind === 'upload');
  const acknowledged = uploads.filter((answer) => answer.statusCode === 201);
  for (const answer of uploads) {
    // Either kept, or refused because the portfolio was full at that moment.
    expect([201, 422]).toContain(answer.statusCode);
  }
  const deleted = requests
    .map((request, index) => ({ request, answer: answers[index] }))
    .filter(({ request, answer }) => request.kind === 'delete' && answer?.statusCode === 200)
    .map(({ request }) => (request.kind === 'delete' ? request.id : 0));
  expect(deleted.sort()).toEqual([a.id, b.id, c.id, d.id].sort());

  const after = await rows();
  expect(after.length).toBeLessThanOrEqual(8);
  expect(after.length).toBe(6 - 4 + acknowledged.length);
  expect(new Set(after.map((row) => row.slot)).size).toBe(after.length);
  // Every acknowledged upload is a row and a file.
  for (const answer of acknowledged) {
    const url = answer.headers.location as string;
    expect(after.map((row) => row.url)).toContain(url);
    expect(existsSync(join(t.uploadsDir, fileOf(url)))).toBe(true);
  }
  // No deleted picture came back, as a row or as a file.
  for (const gone of [a, b, c, d]) {
    expect(after.map((row) => row.id)).not.toContain(gone.id);
    expect(existsSync(join(t.uploadsDir, fileOf(gone.url)))).toBe(false);
  }
  // The artist sees exactly the rows, in upload order.
  const me = (
    await t.app.inject({ url: '/api/artists/me', headers: { cookie: artist.cookie } })
  ).json();
  expect(me.portfolio).toEqual(after.map(({ id, url }) => ({ id, url })));
  expect(me.portfolioImages).toEqual(after.map((row) => row.url));

  // Every row has its file; once the sweep has run, every file has its row.
  for (const row of after) expect(files()).toContain(fileOf(row.url));
  t.advance(ORPHAN_GRACE_MS / 1000 + 1);
  expect(await sweepOrphanPictures(t.db, diskPictureStore(t.uploadsDir), t.now())).toBe(1);
  expect(files()).toEqual(after.map((row) => fileOf(row.url)).sort());
});

test('the cap holds: the ninth picture is refused and leaves no file', async () => {
  for (let index = 0; index < 8; index++) {
    expect((await upload(await jpeg(index * 30))).statusCode).toBe(201);
  }
  const before = files();
  const ninth = await upload(await jpeg(255));
  expect(ninth.statusCode).toBe(422);
  expect(ninth.json().message).toBe('You can show at most 8 pictures');
  expect(files()).toEqual(before);
  expect(await rows()).toHaveLength(8);
});

test("an artist cannot remove another artist's picture", async () => {
  const added = await upload(await jpeg(10));
  const [picture] = added.json().portfolio;
  const other = await signUp(t, 'artist');
  const refused = await remove(picture.id, other);
  expect(refused.statusCode).toBe(404);
  expect(await rows()).toHaveLength(1);
  expect(existsSync(join(t.uploadsDir, fileOf(picture.url)))).toBe(true);
  expect((await remove(0)).statusCode).toBe(400);
});

test('the sweep removes only old files without a row', async () => {
  const kept = (await upload(await jpeg(40))).json().portfolio[0].url as string;
  const young = `${'cd'.repeat(16)}.webp`;
  const old = `${'ef'.repeat(16)}.webp`;
  const notOurs = 'notes.txt';
  for (const name of [young, old, notOurs]) writeFileSync(join(t.uploadsDir, name), 'x');
  const longAgo = new Date(t.now().getTime() - ORPHAN_GRACE_MS - 60_000);
  utimesSync(join(t.uploadsDir, old), longAgo, longAgo);
  utimesSync(join(t.uploadsDir, fileOf(kept)), longAgo, longAgo);
  expect(await sweepOrphanPictures(t.db, diskPictureStore(t.uploadsDir), t.now())).toBe(1);
  expect(files()).toEqual([fileOf(kept), young, notOurs].sort());
});

test('two pictures racing for the same free slot are both kept: the one refused takes the next', async () => {
  const { id: artistId } = await t.db
    .selectFrom('artists')
    .select('id')
    .where('user_id', '=', artist.id)
    .executeTakeFirstOrThrow();
  // Another process's upload has taken slot 0 and not yet committed when this one looks.
  let commit = () => {};
  const committing = new Promise<void>((resolve) => {
    commit = resolve;
  });
  let taken = () => {};
  const slotTaken = new Promise<void>((resolve) => {
    taken = resolve;
  });
  const other = t.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('portfolio_pictures')
      .values({ artist_id: artistId, slot: 0, url: '/uploads/other.webp' })
      .execute();
    taken();
    await committing;
  });
  await slotTaken;
  const adding = addPicture(t.db, artistId, '/uploads/mine.webp');
  if (engineOf(t.db) === 'postgres') {
    // Until this insert waits on the other's slot 0 (SQLite: it waits for the write lock).
    await expect
      .poll(async () => {
        const { rows } = await sql<{ waiting: number }>`SELECT count(*) AS waiting
          FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(
          t.db,
        );
        return Number(rows[0]?.waiting);
      })
      .toBe(1);
  }
  commit();
  await other;
  expect(await adding).toMatchObject({ url: '/uploads/mine.webp' });
  expect((await rows()).map((row) => [row.url, row.slot])).toEqual([
    ['/uploads/other.webp', 0],
    ['/uploads/mine.webp', 1],
  ]);
});

test('a server sweeps orphan files when it starts', async () => {
  const orphan = `${'0f'.repeat(16)}.webp`;
  writeFileSync(join(t.uploadsDir, orphan), 'left by a crash');
  const longAgo = new Date(Date.now() - ORPHAN_GRACE_MS - 60_000);
  utimesSync(join(t.uploadsDir, orphan), longAgo, longAgo);
  // A second server on the same data, as after a restart; closing waits for its sweep.
  const restarted = await buildApp(testConfig({ databasePath: t.databasePath }), {
    db: t.db,
    webRoot: join(t.uploadsDir, 'no-web-build'),
  });
  await restarted.ready();
  await restarted.close();
  expect(files()).toEqual([]);
});

test('the artists list shows a new first picture at once, though it is cached', async () => {
  const list = async () =>
    (await t.app.inject({ url: '/api/artists' }))
      .json()
      .find((item: { userId: number }) => item.userId === artist.id);
  expect((await list()).portfolioImages).toEqual([]);
  expect((await list()).portfolioImages).toEqual([]); // now from the cache
  const added = await upload(await jpeg(70));
  const [picture] = added.json().portfolio;
  expect((await list()).portfolioImages).toEqual([picture.url]);
  await remove(picture.id);
  expect((await list()).portfolioImages).toEqual([]);
});

test('pictures are judged by their content: only JPEG, PNG and WebP', async () => {
  const base = () => sharp({ create: { width: 64, height: 48, channels: 3, background: '#123' } });
  const refused = {
    gif: await base().gif().toBuffer(),
    tiff: await base().tiff().toBuffer(),
    avif: await base().avif().toBuffer(),
    svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="48"/>'),
  };
  for (const [format, body] of Object.entries(refused)) {
    // Declared as a PNG, which the route accepts: the content decides.
    const answer = await upload(body, 'image/png');
    expect(answer.statusCode, format).toBe(415);
    expect(answer.json().message).toBe('Upload a JPEG, PNG or WebP picture');
  }
  for (const body of [await base().png().toBuffer(), await base().webp().toBuffer()]) {
    expect((await upload(body, 'image/jpeg')).statusCode).toBe(201);
  }
  expect(await rows()).toHaveLength(2);
  expect(files()).toHaveLength(2);
});

test('a picture over 24 megapixels is refused before it is decoded', async () => {
  const huge = await sharp({
    create: { width: 6000, height: 4001, channels: 3, background: '#456' },
  })
    .png({ compressionLevel: 9 })
    .toBuffer();
  const answer = await upload(huge, 'image/png');
  expect(answer.statusCode).toBe(413);
  expect(answer.json().message).toBe('That picture is too large: at most 24 megapixels');
  expect(await rows()).toHaveLength(0);
  expect(files()).toHaveLength(0);
});
