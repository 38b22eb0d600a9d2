import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { expect, test } from 'vitest';
import { postBody, signUp, testAppFor, validJob } from '../../tests/helpers/test-app.ts';

const t = testAppFor('each');

const count = async (table: 'jobs' | 'portfolio_pictures') =>
  (await t.db.selectFrom(table).select('id').execute()).length;

test('a compressed request body is refused, never unpacked: JSON and pictures alike', async () => {
  const employer = await signUp(t, 'employer');
  const jobs = await count('jobs');
  const gzip = { 'content-encoding': 'gzip' };
  const job = await postBody(
    t,
    employer,
    '/api/jobs',
    'application/json',
    gzipSync(JSON.stringify(validJob)),
    gzip,
  );
  expect(job.statusCode).toBe(415);
  expect(job.json()).toEqual({ message: 'Send the request body uncompressed' });
  expect(await count('jobs')).toBe(jobs);

  const artist = await signUp(t, 'artist');
  const picture = await sharp({
    create: { width: 64, height: 64, channels: 3, background: '#006b3f' },
  })
    .jpeg()
    .toBuffer();
  const upload = await postBody(
    t,
    artist,
    '/api/artists/me/portfolio',
    'image/jpeg',
    gzipSync(picture),
    gzip,
  );
  expect(upload.statusCode).toBe(415);
  expect(await count('portfolio_pictures')).toBe(0);

  // Identity is no encoding at all.
  const plain = await postBody(
    t,
    employer,
    '/api/jobs',
    'application/json',
    JSON.stringify(validJob),
    {
      'content-encoding': 'identity',
    },
  );
  expect(plain.statusCode).toBe(201);
});

test('the refusal comes before the body is read', async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  const socket = connect({ port: address.port, host: '127.0.0.1' });
  socket.on('error', () => undefined);
  const answer = new Promise<string>((done) => {
    socket.setEncoding('utf8');
    socket.once('data', (chunk: string) => done(chunk));
    setTimeout(() => done(''), 3_000);
  });
  // Headers of a 4.8 KB gzip body (5 MB unpacked), and not one byte of it.
  socket.write(
    'POST /api/artists/me/portfolio HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: image/png\r\nContent-Encoding: gzip\r\nContent-Length: 4879\r\n\r\n',
  );
  expect(await answer).toMatch(/^HTTP\/1\.1 415 /);
  socket.destroy();
});
