import { connect, type Socket } from 'node:net';
import sharp from 'sharp';
import { afterEach, expect, test } from 'vitest';
import {
  createTestApp,
  type SignedInUser,
  signUp,
  type TestApp,
} from '../../tests/helpers/test-app.ts';
import { PICTURE_BODIES_AT_ONCE, USAGE_CAPS } from '../lib/caps.ts';

/**
 * Who may upload a picture, and whether the server has room for one more body, is settled when
 * the headers are in, before a byte of the body is read: a crowd of uploads (with or without an
 * account) costs the server sockets, not memory, and one artist cannot hold the decodes others
 * wait for.
 */
const { perArtistHour, perArtistDay } = USAGE_CAPS.pictureUploads;

let t: TestApp;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await t.close();
});

const tinyJpeg = (shade: number) =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: { r: shade, g: 60, b: 30 } } })
    .jpeg()
    .toBuffer();

const upload = (who: SignedInUser, picture: Buffer) =>
  t.app.inject({
    method: 'POST',
    url: '/api/artists/me/portfolio',
    headers: { cookie: who.cookie, 'content-type': 'image/jpeg' },
    payload: picture,
  });

/** Uploads a picture and removes it again, so the portfolio never fills: answers the status. */
async function uploadAndRemove(who: SignedInUser, shade = 10): Promise<number> {
  const answer = await upload(who, await tinyJpeg(shade));
  if (answer.statusCode === 201) {
    const added = answer
      .json()
      .portfolio.find((picture: { url: string }) => picture.url === answer.headers.location);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/artists/me/portfolio/${added.id}`,
      headers: { cookie: who.cookie },
    });
  }
  return answer.statusCode;
}

async function listening(): Promise<number> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return address.port;
}

/**
 * An upload over a real socket: the headers, for a body of `length` bytes, then only `sent` of
 * them. `answer` is the status line the server sends (empty if none comes within 3 s); `finish`
 * sends the rest of the body.
 */
function startUpload(
  port: number,
  cookie: string,
  body: Buffer,
  sent = Math.floor(body.length / 2),
) {
  const socket = connect({ port, host: '127.0.0.1' });
  sockets.push(socket);
  socket.on('error', () => undefined);
  socket.setEncoding('utf8');
  let received = '';
  socket.on('data', (chunk: string) => {
    received += chunk;
  });
  socket.write(
    `POST /api/artists/me/portfolio HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nContent-Type: image/jpeg\r\nContent-Length: ${body.length}\r\n\r\n`,
  );
  socket.write(body.subarray(0, sent));
  const statusLine = async (withinMs = 3_000) => {
    for (let waited = 0; waited < withinMs && !received.includes('\r\n'); waited += 10) {
      await new Promise((done) => setTimeout(done, 10));
    }
    return received.split('\r\n')[0] ?? '';
  };
  return {
    socket,
    statusLine,
    received: () => received,
    finish: () => socket.write(body.subarray(sent)),
  };
}

const uploadActions = async (who: SignedInUser) =>
  (
    await t.db
      .selectFrom('user_actions')
      .select('id')
      .where('user_id', '=', who.id)
      .where('action', '=', 'picture_upload')
      .execute()
  ).length;

test('a guest, or someone who is not an artist, is refused before the body is read', async () => {
  t = await createTestApp();
  const port = await listening();
  const seeker = await signUp(t, 'job_seeker');
  const fiveMegabytes = Buffer.alloc(5 * 1024 * 1024 - 10);
  // Headers and 10 bytes of a 5 MB body: the answer comes without the rest.
  for (const [cookie, status] of [
    ['', 401],
    [seeker.cookie, 403],
  ] as const) {
    const guest = startUpload(port, cookie, fiveMegabytes, 10);
    expect(await guest.statusLine()).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
  }
  // Refusals give their places back: a crowd of guests leaves room for an artist.
  const crowd = Array.from({ length: 2 * PICTURE_BODIES_AT_ONCE }, () =>
    startUpload(port, '', fiveMegabytes, 10),
  );
  for (const guest of crowd) expect(await guest.statusLine()).toMatch(/^HTTP\/1\.1 401 /);
  const artist = await signUp(t, 'artist');
  expect(await uploadAndRemove(artist)).toBe(201);
});

test('an artist uploads at most 20 pictures an hour and 60 a day, counted in the database and before the body is read', async () => {
  t = await createTestApp();
  const artist = await signUp(t, 'artist');
  for (let hour = 0; hour < perArtistDay / perArtistHour; hour++) {
    for (let i = 0; i < perArtistHour; i++) expect(await uploadAndRemove(artist, i)).toBe(201);
    const refused = await upload(artist, await tinyJpeg(200));
    expect(refused.statusCode).toBe(429);
    if (hour === 0) {
      expect(refused.json().message).toMatch(
        /^You can upload at most 20 pictures an hour\. Please try again in \d+ minutes?\.$/,
      );
      const wait = Number(refused.headers['retry-after']);
      expect(wait).toBeGreaterThan(3000);
      expect(wait).toBeLessThanOrEqual(3600);
      // A second server on the same database counts the same uploads.
      const second = await createTestApp({ sameDataAs: t });
      const there = await second.app.inject({
        method: 'POST',
        url: '/api/artists/me/portfolio',
        headers: { cookie: artist.cookie, 'content-type': 'image/jpeg' },
        payload: await tinyJpeg(201),
      });
      await second.close();
      expect(there.statusCode).toBe(429);
    }
    t.advance(3601);
  }
  expect(await uploadActions(artist)).toBe(perArtistDay);
  // The day is full, whatever the hour says; the refusal costs the headers alone.
  const port = await listening();
  const refused = startUpload(port, artist.cookie, Buffer.alloc(5 * 1024 * 1024 - 10), 10);
  expect(await refused.statusLine()).toMatch(/^HTTP\/1\.1 429 /);
  expect(await uploadActions(artist)).toBe(perArtistDay);
}, 60_000);

test('an artist uploads one picture at a time; other artists are not held up by it', async () => {
  t = await createTestApp();
  const port = await listening();
  const [busy, other] = [await signUp(t, 'artist'), await signUp(t, 'artist')];
  const picture = await tinyJpeg(90);
  const first = startUpload(port, busy.cookie, picture);
  for (let waited = 0; (await uploadActions(busy)) === 0 && waited < 3_000; waited += 10) {
    await new Promise((done) => setTimeout(done, 10));
  }
  const second = await upload(busy, picture);
  expect(second.statusCode).toBe(429);
  expect(second.json().message).toBe(
    'Your last picture is still uploading. Please wait for it to finish.',
  );
  expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
  expect(await uploadAndRemove(other)).toBe(201);

  first.finish();
  expect(await first.statusLine()).toMatch(/^HTTP\/1\.1 201 /);
  expect((await upload(busy, await tinyJpeg(91))).statusCode).toBe(201);

  // An upload whose connection drops ends too.
  const dropped = startUpload(port, busy.cookie, picture);
  for (let waited = 0; (await uploadActions(busy)) < 3 && waited < 3_000; waited += 10) {
    await new Promise((done) => setTimeout(done, 10));
  }
  dropped.socket.destroy();
  let after = 0;
  for (let tries = 0; tries < 100; tries++) {
    after = (await upload(busy, await tinyJpeg(92))).statusCode;
    if (after !== 429) break;
    await new Promise((done) => setTimeout(done, 20));
  }
  expect(after).toBe(201);
});

test('one artist uploading as fast as they can does not make another artist wait', async () => {
  t = await createTestApp();
  const [hog, honest] = [await signUp(t, 'artist'), await signUp(t, 'artist')];
  const large = await sharp({
    create: { width: 4000, height: 3000, channels: 3, background: '#fcd116' },
  })
    .png()
    .toBuffer();
  // As many uploads at once as the decodes and their queue hold, then an honest artist's.
  const hogging = Array.from({ length: 14 }, () =>
    t.app.inject({
      method: 'POST',
      url: '/api/artists/me/portfolio',
      headers: { cookie: hog.cookie, 'content-type': 'image/png' },
      payload: large,
    }),
  );
  await new Promise((done) => setTimeout(done, 50));
  const honestAnswer = await upload(honest, await tinyJpeg(30));
  const hogAnswers = await Promise.all(hogging);
  expect(honestAnswer.statusCode).toBe(201);
  expect(hogAnswers.filter((answer) => answer.statusCode === 201).length).toBeLessThanOrEqual(
    USAGE_CAPS.pictureUploads.atOncePerArtist + 1,
  );
});

test('the server holds at most 16 picture bodies at once: the next upload is refused before it is read, with Retry-After', async () => {
  t = await createTestApp();
  const port = await listening();
  const artists: SignedInUser[] = [];
  for (let i = 0; i <= PICTURE_BODIES_AT_ONCE; i++) artists.push(await signUp(t, 'artist'));
  const picture = await tinyJpeg(120);
  const admitted = artists
    .slice(0, PICTURE_BODIES_AT_ONCE)
    .map((artist) => startUpload(port, artist.cookie, picture));
  // Each admitted upload is counted against its artist when it is admitted.
  const counted = async () => (await t.db.selectFrom('user_actions').select('id').execute()).length;
  for (let waited = 0; (await counted()) < PICTURE_BODIES_AT_ONCE && waited < 5_000; waited += 10) {
    await new Promise((done) => setTimeout(done, 10));
  }
  expect(await counted()).toBe(PICTURE_BODIES_AT_ONCE);

  const late = artists[PICTURE_BODIES_AT_ONCE] as SignedInUser;
  const refused = startUpload(port, late.cookie, Buffer.alloc(5 * 1024 * 1024 - 10), 10);
  expect(await refused.statusLine()).toMatch(/^HTTP\/1\.1 503 /);
  expect(refused.received()).toMatch(/\r\nretry-after: 5\r\n/i);
  expect(await uploadActions(late)).toBe(0); // a refusal for room does not count

  // Places come back when an answer is sent and when a connection drops.
  for (const [index, open] of admitted.entries()) {
    if (index % 2 === 0) open.finish();
    else open.socket.destroy();
  }
  for (const open of admitted.filter((_, index) => index % 2 === 0)) {
    expect(await open.statusLine()).toMatch(/^HTTP\/1\.1 201 /);
  }
  let status = 0;
  for (let tries = 0; tries < 100; tries++) {
    status = await uploadAndRemove(late);
    if (status !== 503) break;
    await new Promise((done) => setTimeout(done, 20));
  }
  expect(status).toBe(201);
});
