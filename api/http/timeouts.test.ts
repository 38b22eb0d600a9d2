import { connect, type Socket } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { CONNECTION_LIMITS, type ConnectionLimits } from '../app.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/**
 * A raw connection to the real server on a loopback port, with short limits so the test takes
 * seconds (keep-alive 5 s, checked every 100 ms); `closed` is what the server sent until it
 * closed the connection, and when.
 */
async function connectionWith(limits: Pick<ConnectionLimits, 'idleMs' | 'requestMs'>) {
  t = await createTestApp({
    connectionLimits: { ...limits, keepAliveMs: 5_000, checkEveryMs: 100 },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  const socket = connect({ port: address.port, host: '127.0.0.1' });
  return { socket, closed: untilClosed(socket) };
}

/** Everything the server sends until it closes the socket, and when it closed. */
function untilClosed(socket: Socket) {
  const started = Date.now();
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    received += chunk;
  });
  return new Promise<{ received: string; afterMs: number }>((done) => {
    socket.once('close', () => done({ received, afterMs: Date.now() - started }));
    socket.on('error', () => undefined);
  });
}

test('the production limits are set on the server', async () => {
  t = await createTestApp();
  expect(t.app.server.requestTimeout).toBe(CONNECTION_LIMITS.requestMs);
  expect(t.app.server.keepAliveTimeout).toBe(CONNECTION_LIMITS.keepAliveMs);
  expect(t.app.server.timeout).toBe(CONNECTION_LIMITS.idleMs);
  expect(t.app.server.headersTimeout).toBeLessThanOrEqual(CONNECTION_LIMITS.requestMs);
  expect(CONNECTION_LIMITS.requestMs).toBeLessThanOrEqual(60_000);
});

test('a body trickled in a byte at a time is cut off at the request limit with 408', async () => {
  const { socket, closed } = await connectionWith({ idleMs: 5_000, requestMs: 1_000 });
  socket.write(
    'POST /api/jobs HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
  );
  // One byte every 100 ms: never idle, never finished.
  const trickle = setInterval(() => {
    if (!socket.destroyed) socket.write(' ');
  }, 100);
  const { received, afterMs } = await closed;
  clearInterval(trickle);
  expect(received).toMatch(/^HTTP\/1\.1 408 /);
  expect(afterMs).toBeLessThan(3_000);
});

test('a connection that sends nothing is closed at the idle limit', async () => {
  const { socket, closed } = await connectionWith({ idleMs: 500, requestMs: 10_000 });
  socket.write('GET /api/jobs HTTP/1.1\r\nHost: 127.0.0.1\r\n');
  const { afterMs } = await closed;
  expect(afterMs).toBeLessThan(2_000);
});
