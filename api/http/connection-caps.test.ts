import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { loadConfig } from '../config.ts';
import { defaultConnectionCaps, openFileLimit } from './connection-caps.ts';

let t: TestApp | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await t?.close();
  t = undefined;
});

const lines: string[] = [];
/** The real server on a loopback port with small caps. */
async function listening(config: Parameters<typeof createTestApp>[0] = {}) {
  lines.length = 0;
  t = await createTestApp({
    connectionCaps: { total: 12, perAddressGroup: 4 },
    logStream: { write: (line) => lines.push(line) },
    ...config,
    config: { logLevel: 'warn', ...config.config },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return address.port;
}

/** A socket from `from` (any 127.x.y.z works on Linux), once connected. */
function open(port: number, from: string) {
  const socket = connect({ port, host: '127.0.0.1', localAddress: from });
  sockets.push(socket);
  socket.on('error', () => undefined);
  return new Promise<Socket>((done) => socket.once('connect', () => done(socket)));
}

/** What a GET on the socket brings: the status line, or 'closed' if the server cut it off. */
function ask(socket: Socket): Promise<string> {
  return new Promise((done) => {
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
      if (received.includes('\r\n')) done(received.split('\r\n')[0] ?? '');
    });
    socket.once('close', () => done(received ? (received.split('\r\n')[0] ?? '') : 'closed'));
    socket.write('GET /api/jobs HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  });
}

const alerts = (alert: string) =>
  lines.map((line) => JSON.parse(line)).filter((entry) => entry.alert === alert);
const settle = () => new Promise((done) => setTimeout(done, 100));

test('one address holds at most its share of connections; the next is cut off at once', async () => {
  const port = await listening();
  const held = await Promise.all(Array.from({ length: 4 }, () => open(port, '127.0.0.2')));
  const extra = await Promise.all(Array.from({ length: 3 }, () => open(port, '127.0.0.2')));
  for (const socket of extra) expect(await ask(socket)).toBe('closed');
  // The ones it holds are served, and so is everyone else.
  expect(await ask(held[0] as Socket)).toBe('HTTP/1.1 200 OK');
  expect(await ask(await open(port, '127.0.0.3'))).toBe('HTTP/1.1 200 OK');
  // One warning for the three refusals.
  await settle();
  expect(alerts('connections_per_group_refused')).toHaveLength(1);
  expect(alerts('connections_per_group_refused')[0]).toMatchObject({
    addressGroup: '127.0.0.2',
    cap: 4,
  });
  // A closed connection frees its place.
  (held[1] as Socket).destroy();
  await settle();
  expect(await ask(await open(port, '127.0.0.2'))).toBe('HTTP/1.1 200 OK');
});

test('all addresses together hold at most the total; the server keeps answering the rest', async () => {
  const port = await listening();
  const held: Socket[] = [];
  for (let i = 0; i < 12; i += 1) held.push(await open(port, `127.0.1.${1 + (i % 4)}`));
  await settle();
  const refused = await Promise.all(
    Array.from({ length: 5 }, (_, i) => open(port, `127.0.2.${i + 1}`)),
  );
  for (const socket of refused) expect(await ask(socket)).toBe('closed');
  expect(await ask(held[0] as Socket)).toBe('HTTP/1.1 200 OK');
  await settle();
  expect(alerts('connections_total_refused')).toHaveLength(1);
  expect(alerts('connections_total_refused')[0]).toMatchObject({ cap: 12 });
});

test("a trusted proxy's connections are not held to one address's share", async () => {
  const port = await listening({
    config: { trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy },
  });
  const through = await Promise.all(Array.from({ length: 8 }, () => open(port, '127.0.0.9')));
  for (const socket of through) expect(await ask(socket)).toBe('HTTP/1.1 200 OK');
});

test('the total is 80% of the open-file limit, within sane bounds', () => {
  expect(defaultConnectionCaps(20_000)).toEqual({ total: 16_000, perAddressGroup: 200 });
  expect(defaultConnectionCaps(1024)).toEqual({ total: 819, perAddressGroup: 200 });
  expect(defaultConnectionCaps(1_048_576).total).toBe(20_000);
  expect(defaultConnectionCaps(50)).toEqual({ total: 64, perAddressGroup: 64 });
  expect(defaultConnectionCaps(undefined).total).toBe(800);
  const dir = mkdtempSync(join(tmpdir(), 'gigs-limits-'));
  try {
    const limits = join(dir, 'limits');
    writeFileSync(
      limits,
      'Limit                     Soft Limit           Hard Limit           Units\nMax open files            4096                 524288               files\n',
    );
    expect(openFileLimit(limits)).toBe(4096);
    expect(openFileLimit(join(dir, 'missing'))).toBeUndefined();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the app sets the derived total on its server', async () => {
  t = await createTestApp();
  expect(t.app.server.maxConnections).toBe(defaultConnectionCaps(openFileLimit()).total);
});
