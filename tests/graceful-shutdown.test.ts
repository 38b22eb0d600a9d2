import { once } from 'node:events';
import { existsSync, statSync } from 'node:fs';
import http from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { expect, test } from 'vitest';
import { seededTargets } from '../scripts/lib/seeded-targets.ts';
import { sleep } from '../scripts/lib/server-process.ts';
import { signUpUsers } from '../scripts/lib/sign-up.ts';
import { scratchDir, serverForTest } from './helpers/scratch.ts';

interface Answer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
  endedAt: number;
}

function collect(request: http.ClientRequest): Promise<Answer> {
  return new Promise((resolve, reject) => {
    request.once('error', reject);
    request.once('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.once('error', reject);
      response.once('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          body,
          headers: response.headers,
          endedAt: performance.now(),
        }),
      );
    });
  });
}

/** ECONNREFUSED, or 'accepted' when something still listens on the port. */
function tryConnect(port: number): Promise<'accepted' | 'refused' | string> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.setTimeout(2_000, () => {
      socket.destroy();
      resolve('timeout');
    });
    socket.once('connect', () => {
      socket.destroy();
      resolve('accepted');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      resolve(error.code === 'ECONNREFUSED' ? 'refused' : (error.code ?? error.message));
    });
  });
}

test('SIGTERM lets in-flight requests finish, refuses new connections, exits 0 and checkpoints the WAL', async () => {
  const dir = scratchDir('gigs-shutdown-');
  const databasePath = join(dir, 'app.db');
  const server = await serverForTest({ databasePath });
  const { port } = server;
  const [user] = await signUpUsers(server.baseUrl, 1);
  if (!user) throw new Error('no user');
  const { jobIds } = await seededTargets(server.baseUrl);

  // An idle keep-alive connection: shutdown must close it rather than wait for its timeout.
  const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const warmUp = http.request({ host: '127.0.0.1', port, path: '/api/jobs', agent: keepAlive });
  const idleSocketClosed = new Promise<void>((resolve) => {
    warmUp.once('socket', (socket) => socket.once('close', () => resolve()));
  });
  warmUp.end();
  expect((await collect(warmUp)).status).toBe(200);

  // A write whose body is still arriving when SIGTERM comes. `Expect: 100-continue` makes the
  // server answer "100 Continue" as it dispatches the request, so the test knows it is in flight.
  const coverLetter = 'Sent across a graceful shutdown: half before SIGTERM, half after.';
  const payload = JSON.stringify({ jobId: jobIds[0], coverLetter });
  const slowWrite = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/applications',
    agent: false,
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(payload),
      cookie: user.cookie,
      'idempotency-key': 'graceful-shutdown-write',
      expect: '100-continue',
    },
  });
  const slowAnswer = collect(slowWrite);
  slowWrite.flushHeaders();
  await once(slowWrite, 'continue');
  const half = Math.floor(payload.length / 2);
  slowWrite.write(payload.slice(0, half));

  // Many concurrent reads, each on its own connection. SIGTERM comes as soon as 20 of them have
  // been dispatched (100 Continue), so the rest race the shutdown.
  let sigtermAt = Number.POSITIVE_INFINITY;
  const reads = Array.from({ length: 200 }, (_, index) => {
    const request = http.request({
      host: '127.0.0.1',
      port,
      path: index % 2 === 0 ? '/api/jobs' : '/api/artists',
      agent: false,
      headers: { expect: '100-continue' },
    });
    const read = {
      dispatchedAt: Number.POSITIVE_INFINITY,
      dispatched: once(request, 'continue').then(() => {
        read.dispatchedAt = performance.now();
      }),
      answer: collect(request).catch((error: NodeJS.ErrnoException) => error.code ?? 'error'),
    };
    read.dispatched.catch(() => {});
    request.end();
    return read;
  });
  for (let waited = 0; waited < 10_000; waited += 5) {
    if (reads.filter((read) => read.dispatchedAt < Number.POSITIVE_INFINITY).length >= 20) break;
    await sleep(5);
  }
  sigtermAt = performance.now();
  server.child.kill('SIGTERM');

  // New connections are refused while the slow write is still being drained. A connection that
  // was still in the listen queue when the server stopped listening is reset (ECONNRESET): it
  // raced the close, so try again.
  const raced = (outcome: string) => outcome === 'accepted' || outcome === 'ECONNRESET';
  let connection = 'accepted';
  for (let attempt = 0; attempt < 100 && raced(connection); attempt++) {
    connection = await tryConnect(port);
    if (raced(connection)) await sleep(20);
  }
  expect(connection).toBe('refused');
  expect(server.child.exitCode).toBeNull(); // refused because it drains, not because it is gone

  await idleSocketClosed;
  await sleep(100);
  expect(server.child.exitCode).toBeNull(); // still waiting for the slow write

  slowWrite.end(payload.slice(half));
  const written = await slowAnswer;
  expect(written.status, written.body).toBe(201);
  const applicationId = (JSON.parse(written.body) as { id: number }).id;

  const answers = await Promise.all(reads.map((read) => read.answer));
  const outcomes: Record<string, number> = {};
  let inFlightAtSigterm = 0;
  let finishedAfterSigterm = 0;
  let answeredAfterSigterm = 0;
  reads.forEach((read, index) => {
    const answer = answers[index] as Answer | string;
    const outcome = typeof answer === 'string' ? answer : String(answer.status);
    if (typeof answer !== 'string' && answer.endedAt > sigtermAt) answeredAfterSigterm++;
    if (read.dispatchedAt < sigtermAt) {
      // Dispatched before SIGTERM: it must complete, with a whole body.
      inFlightAtSigterm++;
      expect(outcome).toBe('200');
      expect(Array.isArray(JSON.parse((answer as Answer).body))).toBe(true);
      if ((answer as Answer).endedAt > sigtermAt) finishedAfterSigterm++;
    } else {
      // Not yet dispatched: served, shed with 503, or its connection never got to the server.
      expect(['200', '503', 'ECONNRESET', 'ECONNREFUSED']).toContain(outcome);
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    }
  });
  console.log(
    `graceful shutdown: ${reads.length} concurrent reads, ${answeredAfterSigterm} answered after ` +
      `SIGTERM was sent; ${inFlightAtSigterm} known dispatched before it, all 200 ` +
      `(${finishedAfterSigterm} of them finished after it); the others: ${JSON.stringify(outcomes)}; ` +
      'slow write across the shutdown: 201',
  );
  expect(inFlightAtSigterm).toBeGreaterThanOrEqual(20);
  expect(answeredAfterSigterm).toBeGreaterThan(0); // the reads really did race the shutdown

  const exit = await Promise.race([server.exited, sleep(10_000).then(() => 'timeout' as const)]);
  expect(exit).toEqual({ code: 0, signal: null });
  keepAlive.destroy();

  // db.destroy() ran: the WAL was checkpointed into the main file and removed.
  const wal = `${databasePath}-wal`;
  expect(existsSync(wal) ? statSync(wal).size : 0).toBe(0);
  const sqlite = new SQLite(databasePath, { readonly: true });
  try {
    expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
    const row = sqlite
      .prepare('SELECT job_id, applicant_id, cover_letter FROM applications WHERE id = ?')
      .get(applicationId);
    expect(row).toEqual({ job_id: jobIds[0], applicant_id: user.id, cover_letter: coverLetter });
  } finally {
    sqlite.close();
  }
}, 60_000);
