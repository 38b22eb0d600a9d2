import { describe, expect, test } from 'vitest';
import {
  backoffMs,
  classifyResponse,
  createLocalLock,
  createOutbox,
  type OutboxEvent,
} from './outbox.ts';
import { fakeServer, memoryStorage } from './outbox-fakes.ts';
import {
  EXPIRE_AFTER_MS,
  EXPIRED_MESSAGE,
  NETWORK_MESSAGE,
  newOutboxItem,
  OTHER_USER_MESSAGE,
  type OutboxDraft,
  type OutboxItem,
  SIGNED_OUT_MESSAGE,
} from './outbox-item.ts';

function setup(server = fakeServer(), start = 1_000_000) {
  const storage = memoryStorage();
  let clock = start;
  let keys = 0;
  const events: OutboxEvent[] = [];
  const outbox = createOutbox({
    storage,
    withLock: createLocalLock(),
    fetch: server.fetch,
    now: () => clock,
    random: () => 0.5,
  });
  outbox.subscribe((event) => events.push(event));
  return {
    outbox,
    storage,
    server,
    events,
    /** Stores a new write, as the app's controller does before the first try. */
    async add(overrides: Partial<OutboxDraft> = {}): Promise<OutboxItem> {
      const item = newOutboxItem(draft(overrides), clock, `key-${++keys}-abcdef`);
      await storage.put(item);
      return item;
    },
    advance(ms: number) {
      clock += ms;
    },
  };
}

const draft = (overrides: Partial<OutboxDraft> = {}): OutboxDraft => ({
  kind: 'application',
  method: 'POST',
  url: '/api/applications',
  body: { jobId: 3, coverLetter: 'Hello' },
  title: 'Application for Mason',
  ref: 3,
  userId: 7,
  ...overrides,
});

describe('classifyResponse', () => {
  test('2xx is sent, with the parsed answer', () => {
    expect(classifyResponse(201, '{"id":4}')).toEqual({
      type: 'sent',
      status: 201,
      data: { id: 4 },
    });
    expect(classifyResponse(204, '')).toEqual({ type: 'sent', status: 204, data: undefined });
  });

  test('401 waits for sign-in', () => {
    expect(classifyResponse(401, '{"message":"Not signed in"}')).toEqual({ type: 'signed-out' });
  });

  test('5xx, 408, 425 and 429 are tried again later, honouring Retry-After', () => {
    for (const status of [500, 502, 503, 504, 408, 425]) {
      expect(classifyResponse(status, '').type).toBe('retry');
    }
    expect(classifyResponse(429, '{}', '30')).toMatchObject({
      type: 'retry',
      retryAfterMs: 30_000,
    });
  });

  test('400, 403, 404, 409 and 422 are refusals carrying the server message', () => {
    for (const status of [400, 403, 404, 409, 422]) {
      const body = JSON.stringify({ message: `no (${status})`, errors: { coverLetter: 'x' } });
      expect(classifyResponse(status, body)).toEqual({
        type: 'refused',
        status,
        message: `no (${status})`,
        text: body,
        errors: { coverLetter: 'x' },
      });
    }
    expect(classifyResponse(409, 'Conflict')).toMatchObject({ message: 'Conflict' });
  });
});

test('backoff doubles from 5 s to at most 5 min, with jitter', () => {
  const mid = () => 0.5;
  expect([1, 2, 3, 4].map((attempts) => backoffMs(attempts, mid))).toEqual([
    5_000, 10_000, 20_000, 40_000,
  ]);
  expect(backoffMs(30, mid)).toBe(300_000);
  expect(backoffMs(1, () => 0)).toBe(4_000);
  expect(backoffMs(1, () => 1)).toBe(6_000);
});

test('a flush sends due items oldest first with their keys and removes them on 2xx', async () => {
  const { outbox, add, storage, server, events, advance } = setup();
  const first = await add();
  advance(10);
  const second = await add({ ref: 4, body: { jobId: 4, coverLetter: 'Hi' } });
  const result = await outbox.flush();
  expect(result).toEqual({ sent: 2, failed: 0, waiting: 0, stoppedBy: null });
  expect(server.calls.map((call) => call.key)).toEqual([
    first.idempotencyKey,
    second.idempotencyKey,
  ]);
  expect(server.calls[1]?.body).toEqual({ jobId: 4, coverLetter: 'Hi' });
  expect(storage.items.size).toBe(0);
  const sent = events.filter((event) => event.type === 'sent');
  expect(sent).toHaveLength(2);
  expect(sent[0]).toMatchObject({ background: true, data: { id: 1 } });
});

test('a refusal moves the item to the failed list with the server message', async () => {
  const server = fakeServer({
    replies: [{ status: 422, body: { message: 'This job is no longer accepting applications' } }],
  });
  const { outbox, add, storage, events } = setup(server);
  const item = await add();
  const result = await outbox.flush();
  expect(result).toMatchObject({ failed: 1, waiting: 0 });
  expect(storage.items.get(item.idempotencyKey)).toMatchObject({
    state: 'failed',
    lastError: 'This job is no longer accepting applications',
    attempts: 1,
  });
  expect(events.some((event) => event.type === 'failed')).toBe(true);
  // A failed item is never sent again, even when forced.
  await outbox.flush({ force: true });
  expect(server.calls).toHaveLength(1);
});

test('a network failure or a 5xx keeps the item, backs off, and holds back the rest', async () => {
  const server = fakeServer({ replies: ['network', { status: 503 }] });
  const { outbox, add, storage, advance } = setup(server, 0);
  const first = await add();
  const second = await add({ ref: 4 });

  expect(await outbox.flush()).toMatchObject({ sent: 0, waiting: 2, stoppedBy: 'network' });
  expect(server.calls).toHaveLength(1);
  expect(storage.items.get(first.idempotencyKey)).toMatchObject({
    state: 'pending',
    attempts: 1,
    nextAttemptAt: 5_000,
    lastError: NETWORK_MESSAGE,
  });
  expect(storage.items.get(second.idempotencyKey)).toMatchObject({
    attempts: 0,
    nextAttemptAt: 5_000,
  });

  // Not due yet: nothing is sent.
  advance(4_000);
  await outbox.flush();
  expect(server.calls).toHaveLength(1);

  // Due: the 503 doubles the wait.
  advance(1_000);
  expect(await outbox.flush()).toMatchObject({ stoppedBy: 'network' });
  expect(storage.items.get(first.idempotencyKey)).toMatchObject({
    attempts: 2,
    nextAttemptAt: 15_000,
  });

  // The connection returns (forced): both go, each with its own key, the first with the same one.
  expect(await outbox.flush({ force: true })).toMatchObject({ sent: 2, waiting: 0 });
  expect(server.calls.map((call) => call.key)).toEqual([
    first.idempotencyKey,
    first.idempotencyKey,
    first.idempotencyKey,
    second.idempotencyKey,
  ]);
});

test('the attempt is recorded before the request, so a send killed midway is resent', async () => {
  const storage = memoryStorage();
  let seenAttempts = -1;
  const outbox = createOutbox({
    storage,
    withLock: createLocalLock(),
    fetch: (async (_url: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'GET') return Response.json({ id: 7 });
      seenAttempts = storage.items.get('key-killed-1')?.attempts ?? -1;
      // The app dies here: the answer never comes.
      return new Promise<Response>(() => {});
    }) as typeof fetch,
  });
  await storage.put(newOutboxItem(draft(), Date.now(), 'key-killed-1'));
  void outbox.flush();
  await expect.poll(() => seenAttempts).toBe(1);
  expect(storage.items.get('key-killed-1')).toMatchObject({ state: 'pending', attempts: 1 });
});

test('signed out, everything waits with a sign-in message; a 401 on a write does too', async () => {
  const signedOut = setup(fakeServer({ user: null }));
  const item = await signedOut.add();
  expect(await signedOut.outbox.flush()).toMatchObject({ stoppedBy: 'signed-out', waiting: 1 });
  expect(signedOut.server.calls).toEqual([]);
  expect(signedOut.storage.items.get(item.idempotencyKey)?.lastError).toBe(SIGNED_OUT_MESSAGE);

  const expired = setup(fakeServer({ replies: [{ status: 401, body: { message: 'no' } }] }));
  const other = await expired.add();
  expect(await expired.outbox.flush()).toMatchObject({ stoppedBy: 'signed-out', waiting: 1 });
  expect(expired.storage.items.get(other.idempotencyKey)).toMatchObject({
    state: 'pending',
    lastError: SIGNED_OUT_MESSAGE,
  });
});

test("another account's items wait for that account; offline, nothing is sent", async () => {
  const { outbox, add, storage, server } = setup(fakeServer({ user: 8 }));
  const item = await add({ userId: 7 });
  await add({ userId: 8 });
  expect(await outbox.flush()).toMatchObject({ sent: 1, waiting: 1 });
  expect(server.calls).toHaveLength(1);
  expect(storage.items.get(item.idempotencyKey)?.lastError).toBe(OTHER_USER_MESSAGE);

  const offline = setup(fakeServer({ user: 'network' }));
  await offline.add();
  expect(await offline.outbox.flush()).toMatchObject({ stoppedBy: 'network', waiting: 1 });
  expect(offline.server.calls).toEqual([]);
});

test('sendNow answers the waiting form: a refusal is removed, not listed', async () => {
  const server = fakeServer({
    replies: [
      { status: 201, body: { id: 9 } },
      { status: 409, body: { message: 'You have already applied to this job' } },
      'network',
    ],
  });
  const { outbox, add, storage, events } = setup(server);
  const sent = await add();
  expect(await outbox.sendNow(sent.idempotencyKey)).toEqual({
    type: 'sent',
    status: 201,
    data: { id: 9 },
  });
  expect(events.find((event) => event.type === 'sent')).toMatchObject({ background: false });

  const refused = await add();
  expect(await outbox.sendNow(refused.idempotencyKey)).toMatchObject({
    type: 'refused',
    status: 409,
    message: 'You have already applied to this job',
  });
  expect(storage.items.has(refused.idempotencyKey)).toBe(false);

  const kept = await add();
  expect(await outbox.sendNow(kept.idempotencyKey)).toMatchObject({ type: 'retry' });
  expect(storage.items.get(kept.idempotencyKey)?.state).toBe('pending');

  expect(await outbox.sendNow('no-such-key')).toEqual({ type: 'gone' });
});

test('flushes that overlap run one after the other: each item is sent once', async () => {
  const { outbox, add, server } = setup();
  for (let index = 0; index < 5; index++) await add({ ref: index });
  await Promise.all([outbox.flush(), outbox.flush(), outbox.flush({ force: true })]);
  expect(server.calls).toHaveLength(5);
  expect(new Set(server.calls.map((call) => call.key)).size).toBe(5);
});

test('a flush leaves alone the items a form in this tab is sending itself', async () => {
  const { outbox, add, server } = setup();
  const mine = await add();
  const other = await add({ ref: 4 });
  expect(await outbox.flush({ skip: new Set([mine.idempotencyKey]) })).toMatchObject({
    sent: 1,
    waiting: 1,
  });
  expect(server.calls.map((call) => call.key)).toEqual([other.idempotencyKey]);
});

test('an item 30 days old is never sent: it is listed as failed with the expiry message', async () => {
  const { outbox, add, storage, server, events, advance } = setup(fakeServer({ user: 'network' }));
  const old = await add();
  advance(EXPIRE_AFTER_MS - 1);
  const young = await add({ ref: 4 });

  // A day short of 30 (by a millisecond) it still waits, even with no connection.
  expect(await outbox.flush()).toMatchObject({ failed: 0, waiting: 2, stoppedBy: 'network' });

  // At 30 days it expires without a request, offline or not, and says why.
  advance(1);
  expect(await outbox.flush({ force: true })).toMatchObject({ failed: 1, waiting: 1 });
  expect(storage.items.get(old.idempotencyKey)).toMatchObject({
    state: 'failed',
    lastError: EXPIRED_MESSAGE,
    attempts: 0,
  });
  expect(storage.items.get(young.idempotencyKey)?.state).toBe('pending');
  expect(events).toContainEqual({
    type: 'failed',
    item: expect.objectContaining({ idempotencyKey: old.idempotencyKey }),
  });
  expect(server.calls).toEqual([]);
});

test("an expired item is not sent by a form either, and other accounts' items expire too", async () => {
  const { outbox, add, storage, server, advance } = setup();
  const mine = await add();
  const theirs = await add({ userId: 8 });
  advance(EXPIRE_AFTER_MS);
  expect(await outbox.sendNow(mine.idempotencyKey)).toMatchObject({
    type: 'gone',
    item: { state: 'failed', lastError: EXPIRED_MESSAGE },
  });
  await outbox.flush();
  expect(storage.items.get(theirs.idempotencyKey)?.lastError).toBe(EXPIRED_MESSAGE);
  expect(server.calls).toEqual([]);
});
