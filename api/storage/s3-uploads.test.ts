import { existsSync, readdirSync } from 'node:fs';
import { HeadObjectCommand, S3Client, type S3ServiceException } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from 'vitest';
import { type FakeS3, S3_TEST_CREDENTIALS, startFakeS3 } from '../../tests/fixtures/s3-server.ts';
import {
  createTestApp,
  type SignedInUser,
  signUp,
  type TestApp,
} from '../../tests/helpers/test-app.ts';
import { ORPHAN_GRACE_MS, sweepOrphanPictures } from '../artists/portfolio-files.ts';
import type { Config } from '../config.ts';
import { type ObjectStorageSettings, s3PictureStore } from './s3-store.ts';

/**
 * With S3_BUCKET set, portfolio pictures live in the bucket, spoken to by the real AWS SDK: here
 * a loopback S3 that checks every signature. Nothing is written to the disk.
 */
let s3: FakeS3;
beforeAll(async () => {
  s3 = await startFakeS3();
});
afterAll(async () => {
  await s3.close();
});

const storage = (overrides: Partial<ObjectStorageSettings> = {}): ObjectStorageSettings => ({
  bucket: s3.bucket,
  endpoint: s3.url,
  region: S3_TEST_CREDENTIALS.region,
  accessKeyId: S3_TEST_CREDENTIALS.accessKeyId,
  secretAccessKey: S3_TEST_CREDENTIALS.secretAccessKey,
  forcePathStyle: true,
  ...overrides,
});
const onS3 = (overrides: Partial<ObjectStorageSettings> = {}): Partial<Config> => ({
  objectStorage: storage(overrides),
});

let t: TestApp;
let artist: SignedInUser;
beforeEach(async () => {
  s3.objects.clear();
  s3.fail('none');
  t = await createTestApp({ config: onS3() });
  artist = await signUp(t, 'artist');
});
afterEach(async () => {
  await t.close();
});

const jpeg = (red = 120) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: { r: red, g: 60, b: 30 } } })
    .jpeg()
    .toBuffer();

const upload = async (app = t.app, who = artist) =>
  app.inject({
    method: 'POST',
    url: '/api/artists/me/portfolio',
    headers: { cookie: who.cookie, 'content-type': 'image/jpeg' },
    payload: await jpeg(),
  });

const keyOf = (url: string) => `uploads/${url.replace(/^\/uploads\//, '')}`;
const pictureRows = () => t.db.selectFrom('portfolio_pictures').select('url').execute();

/** HeadObject's answer for a picture's key, or the name of the error it met. */
async function head(url: string) {
  const sdk = new S3Client({
    endpoint: s3.url,
    forcePathStyle: true,
    region: S3_TEST_CREDENTIALS.region,
    credentials: S3_TEST_CREDENTIALS,
    maxAttempts: 1,
  });
  return sdk
    .send(new HeadObjectCommand({ Bucket: s3.bucket, Key: keyOf(url) }))
    .then(
      (answer) => ({ contentType: answer.ContentType, size: answer.ContentLength }),
      (error: S3ServiceException) => error.name,
    )
    .finally(() => sdk.destroy());
}

test('an upload lands in the bucket, is served with the same caching as from disk, and a delete removes it', async () => {
  const added = await upload();
  expect(added.statusCode).toBe(201);
  const url = added.headers.location as string;
  expect(url).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
  expect(await head(url)).toEqual({ contentType: 'image/webp', size: expect.any(Number) });
  // Nothing on this machine's disk: another instance could not have read it.
  expect(existsSync(t.uploadsDir) ? readdirSync(t.uploadsDir) : []).toEqual([]);

  const served = await t.app.inject({ url });
  expect(served.statusCode).toBe(200);
  expect(served.headers['content-type']).toBe('image/webp');
  expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(served.rawPayload).toEqual(s3.objects.get(keyOf(url))?.body);
  expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
  const etag = served.headers.etag as string;
  expect(etag).toMatch(/^W\//);
  const again = await t.app.inject({ url, headers: { 'if-none-match': etag } });
  expect(again.statusCode).toBe(304);

  const [{ id }] = added.json().portfolio;
  const removed = await t.app.inject({
    method: 'DELETE',
    url: `/api/artists/me/portfolio/${id}`,
    headers: { cookie: artist.cookie },
  });
  expect(removed.statusCode).toBe(200);
  expect(await head(url)).toBe('NotFound');
  expect((await t.app.inject({ url })).statusCode).toBe(404);
  expect(
    s3.requests.every((request) => request.error === undefined || request.error === 'NoSuchKey'),
  ).toBe(true);
});

test('a second instance on another machine serves the picture the first one stored', async () => {
  const url = (await upload()).headers.location as string;
  // Its own database and its own disk: only the bucket is shared.
  const other = await createTestApp({ config: onS3() });
  try {
    const served = await other.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(s3.objects.get(keyOf(url))?.body);
  } finally {
    await other.close();
  }
});

test('a bucket that refuses our signature answers 503 with a retry hint, and saves no row', async () => {
  await t.close();
  const lines: string[] = [];
  t = await createTestApp({
    config: { ...onS3({ secretAccessKey: 'not-the-bucket-secret' }), logLevel: 'error' },
    logStream: { write: (line) => lines.push(line) },
  });
  artist = await signUp(t, 'artist');
  const refused = await upload();
  expect(refused.statusCode).toBe(503);
  expect(refused.headers['retry-after']).toBe('60');
  expect(refused.json()).toEqual({
    message: "We couldn't save that just now. Please try again in a minute.",
  });
  expect(s3.requests.at(-1)).toMatchObject({
    method: 'PUT',
    status: 403,
    error: 'SignatureDoesNotMatch',
  });
  expect(s3.objects.size).toBe(0);
  expect(await pictureRows()).toEqual([]);
  const logged = lines.join('\n');
  expect(logged).toContain('PICTURE_STORE_FAILED');
  expect(logged).toContain('SignatureDoesNotMatch');
  expect(logged).not.toContain('not-the-bucket-secret');
});

test('a bucket that is down: uploads and pictures answer 503 and nothing is half saved', async () => {
  const url = (await upload()).headers.location as string;
  const rowsBefore = await pictureRows();
  s3.fail('unavailable');
  const refused = await upload();
  expect(refused.statusCode).toBe(503);
  expect(await pictureRows()).toEqual(rowsBefore);
  const picture = await t.app.inject({ url });
  expect(picture.statusCode).toBe(503);
  s3.fail('none');
  expect((await t.app.inject({ url })).statusCode).toBe(200);
});

test('the sweep removes old pictures without a row from the bucket, page after page of them', async () => {
  const kept = (await upload()).headers.location as string;
  // More than a page of ListObjectsV2 (1,000 keys) that are not pictures of ours, sorted first,
  // then the strays an upload cut short left behind, on the second page, and someone else's
  // object beside our prefix.
  const notOurs = Array.from({ length: 1_020 }, (_, index) => `uploads/00-notes-${index}.txt`);
  const stray = Array.from({ length: 5 }, (_, index) => `uploads/${String(index).repeat(32)}.webp`);
  const body = Buffer.from('left by a crash');
  for (const key of [...notOurs, ...stray, 'backups/app.db']) {
    s3.objects.set(key, { body, contentType: 'image/webp', etag: '"x"', lastModified: new Date() });
  }
  const requestsBefore = s3.requests.length;
  const store = s3PictureStore(storage());
  try {
    // Too young: an upload may still be on its way to insert the row.
    expect(await sweepOrphanPictures(t.db, store, t.now())).toBe(0);
    t.advance(ORPHAN_GRACE_MS / 1000 + 1);
    expect(await sweepOrphanPictures(t.db, store, t.now())).toBe(stray.length);
  } finally {
    await store.close();
  }
  expect([...s3.objects.keys()].sort()).toEqual([...notOurs, 'backups/app.db', keyOf(kept)].sort());
  // Two sweeps, each reading both pages of the listing.
  const listings = s3.requests
    .slice(requestsBefore)
    .filter(({ method, path }) => method === 'GET' && path.replace(/\/$/, '') === `/${s3.bucket}`);
  expect(listings).toHaveLength(4);
  expect((await t.app.inject({ url: kept })).statusCode).toBe(200);
});
