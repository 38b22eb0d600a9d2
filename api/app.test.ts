import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../tests/helpers/test-app.ts';

let dir: string;
let t: TestApp;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gigs-web-'));
  const webRoot = join(dir, 'dist');
  mkdirSync(join(webRoot, 'assets'), { recursive: true });
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Ghana Gigs</title>');
  writeFileSync(join(webRoot, 'assets', 'index-abc123.js'), 'console.log(1)');
  t = await createTestApp({ webRoot });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

test('any non-API path serves index.html, not cached, so the client router shows its 404', async () => {
  for (const url of ['/', '/jobs/12', '/no/such/page']) {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('<title>Ghana Gigs</title>');
    expect(response.headers['cache-control']).toBe('no-cache');
  }
});

test('hashed assets are cached for a year, immutable', async () => {
  const response = await t.app.inject({ url: '/assets/index-abc123.js' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
});

test('unknown API paths and non-GET methods answer JSON 404', async () => {
  const api = await t.app.inject({ url: '/api/unknown' });
  expect(api.statusCode).toBe(404);
  expect(api.json()).toEqual({ message: 'No such endpoint: GET /api/unknown' });
  const post = await t.app.inject({ method: 'POST', url: '/somewhere', payload: {} });
  expect(post.statusCode).toBe(404);
});

test('API answers over 1 KB are compressed for clients that accept it', async () => {
  const employer = await t.app.inject({
    method: 'POST',
    url: '/api/auth/send-code',
    payload: { phoneNumber: '+233245551234', deliveryMethod: 'sms' },
  });
  expect(employer.statusCode).toBe(200);
  const outbox = await t.app.inject({
    url: '/api/dev/outbox',
    headers: { 'accept-encoding': 'br, gzip' },
  });
  // A single short message is under the threshold: sent as is.
  expect(outbox.headers['content-encoding']).toBeUndefined();
  for (let i = 0; i < 20; i += 1) {
    await t.db
      .insertInto('message_outbox')
      .values({
        to_phone: '+233245551234',
        channel: 'sms',
        body: `Message number ${i} with some padding text`,
      })
      .execute();
  }
  const big = await t.app.inject({
    url: '/api/dev/outbox',
    headers: { 'accept-encoding': 'br, gzip' },
  });
  expect(big.headers['content-encoding']).toBe('br');
  const gzip = await t.app.inject({
    url: '/api/dev/outbox',
    headers: { 'accept-encoding': 'gzip' },
  });
  expect(gzip.headers['content-encoding']).toBe('gzip');
});

test('a repeat GET of unchanged data is a 304 with no body', async () => {
  const first = await t.app.inject({ url: '/api/jobs' });
  const etag = first.headers.etag;
  expect(etag).toBeDefined();
  const again = await t.app.inject({
    url: '/api/jobs',
    headers: { 'if-none-match': String(etag) },
  });
  expect(again.statusCode).toBe(304);
  expect(again.body).toBe('');
});

test('a missing hashed asset is a 404, not the page', async () => {
  const response = await t.app.inject({ url: '/assets/index-gone999.js' });
  expect(response.statusCode).toBe(404);
  expect(response.headers['content-type']).not.toMatch(/html/);
});

test('files added after start-up (a rebuild) are served at once', async () => {
  writeFileSync(join(dir, 'dist', 'assets', 'index-new456.js'), 'console.log(2)');
  const response = await t.app.inject({ url: '/assets/index-new456.js' });
  expect(response.statusCode).toBe(200);
  expect(response.body).toBe('console.log(2)');
});

test('a precompressed copy is sent to clients that accept it', async () => {
  const { brotliCompressSync, gzipSync } = await import('node:zlib');
  const script = `console.log(${JSON.stringify('x'.repeat(2000))})`;
  const file = join(dir, 'dist', 'assets', 'app-zip123.js');
  writeFileSync(file, script);
  writeFileSync(`${file}.br`, brotliCompressSync(script));
  writeFileSync(`${file}.gz`, gzipSync(script));
  const br = await t.app.inject({
    url: '/assets/app-zip123.js',
    headers: { 'accept-encoding': 'gzip, br' },
  });
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers['content-type']).toMatch(/javascript/);
  expect(br.rawPayload.length).toBeLessThan(200);
  const gz = await t.app.inject({
    url: '/assets/app-zip123.js',
    headers: { 'accept-encoding': 'gzip' },
  });
  expect(gz.headers['content-encoding']).toBe('gzip');
  const plain = await t.app.inject({ url: '/assets/app-zip123.js' });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body).toBe(script);
});
