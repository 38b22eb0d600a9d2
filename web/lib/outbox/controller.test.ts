// @vitest-environment happy-dom
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, expect, test, vi } from 'vitest';
import type { User } from '../../../contracts/auth.ts';
import { USER_QUERY_KEY } from '../query-client.ts';
import {
  createOutboxController,
  type OutboxController,
  QUEUED_MESSAGES,
  sentSummary,
} from './controller.ts';
import { createLocalLock, createOutbox, type OutboxChannel } from './outbox.ts';
import { fakeServer, memoryStorage } from './outbox-fakes.ts';
import { EXPIRE_AFTER_MS, EXPIRED_MESSAGE, newOutboxItem } from './outbox-item.ts';
import type { Message, WriteKind } from './write-kind.ts';

/** A kind of write as a feature declares one. */
const note: WriteKind<{ text: string; about: number }> = {
  name: 'note',
  request: ({ text, about }) => ({
    method: 'POST',
    url: '/api/notes',
    body: { text },
    title: `Note: ${text}`,
    ref: about,
  }),
  sent: { title: 'Note Sent' },
  failed: { title: 'Note Failed', fallback: 'Failed to send the note.' },
  refreshes: [['notes']],
};

const signedIn = (id: number) => ({ id, firstName: 'Ama', lastName: 'Owusu' }) as User;
const running: OutboxController[] = [];
afterEach(() => {
  for (const controller of running.splice(0)) controller.stop();
});

function setup(
  options: {
    server?: ReturnType<typeof fakeServer>;
    online?: boolean;
    /** The sender's chunk arrives only when `release()` is called. */
    slowLoad?: boolean;
    channel?: OutboxChannel;
    storage?: ReturnType<typeof memoryStorage>;
    /** Shared by tabs, as a Web Lock is. */
    lock?: ReturnType<typeof createLocalLock>;
  } = {},
) {
  const server = options.server ?? fakeServer();
  const storage = options.storage ?? memoryStorage();
  const env = { online: options.online ?? true, clock: 1_000_000_000 };
  const queryClient = new QueryClient();
  queryClient.setQueryData(USER_QUERY_KEY, signedIn(7));
  const toasts: Message[] = [];
  let release = () => {};
  const arrived = options.slowLoad
    ? new Promise<void>((resolve) => {
        release = resolve;
      })
    : Promise.resolve();
  const sender = createOutbox({
    storage,
    withLock: options.lock ?? createLocalLock(),
    fetch: server.fetch,
    now: () => env.clock,
    random: () => 0.5,
    channel: options.channel,
  });
  let keys = 0;
  const controller = createOutboxController({
    queryClient,
    toast: (message) => toasts.push(message),
    loadKinds: async () => [note],
    loadSender: async () => {
      await arrived;
      return sender;
    },
    storage,
    now: () => env.clock,
    newKey: () => `key-${++keys}-abcdef`,
    isOnline: () => env.online,
    requestSync: async () => undefined,
  });
  running.push(controller);
  return {
    controller,
    storage,
    server,
    sender,
    queryClient,
    toasts,
    env,
    release,
    titles: () => toasts.map((toast) => toast.title),
    /** A write kept from an earlier visit. */
    async kept(text: string, options: { userId?: number; age?: number } = {}) {
      const draft = { ...note.request({ text, about: 1 }), kind: note.name, userId: 7 };
      const item = newOutboxItem(
        { ...draft, userId: options.userId ?? 7 },
        env.clock - (options.age ?? 60_000),
        `key-${text}-abcdef`,
      );
      await storage.put(item);
      return item;
    },
  };
}

test('a write is stored before the sender loads, and the start-up send leaves it to its form', async () => {
  const server = fakeServer({
    replies: [{ status: 201 }, { status: 409, body: { message: 'You already sent this note' } }],
  });
  const t = setup({ server, slowLoad: true });
  const earlier = await t.kept('earlier');

  const result = t.controller.submit(note, { text: 'now', about: 2 });
  // Nothing typed is lost: the write is on the phone while the sender is still loading.
  await vi.waitFor(() => expect(t.storage.items.size).toBe(2));
  expect(t.server.calls).toEqual([]);

  t.release();
  // The start-up send took only the earlier write; the form sent its own, and the refusal is
  // the form's to show (nothing kept, no "Couldn't send").
  expect(await result).toEqual({ status: 'failed', message: 'You already sent this note' });
  expect(t.server.calls.map((call) => call.key)).toEqual([earlier.idempotencyKey, 'key-1-abcdef']);
  expect(t.toasts).toEqual([
    { title: 'Note Sent' },
    { variant: 'destructive', title: 'Note Failed', description: 'You already sent this note' },
  ]);
  expect(t.storage.items.size).toBe(0);
});

test("a write sent at once gets its kind's message once, and refreshes through its prefix", async () => {
  const t = setup();
  t.queryClient.setQueryData(['notes', 'list', { q: 'x' }], ['a note']);
  t.queryClient.setQueryData(['bookings'], ['a booking']);
  expect(await t.controller.submit(note, { text: 'hello', about: 3 })).toEqual({
    status: 'sent',
  });
  expect(t.server.calls).toMatchObject([
    { method: 'POST', url: '/api/notes', key: 'key-1-abcdef', body: { text: 'hello' } },
  ]);
  expect(t.toasts).toEqual([{ title: 'Note Sent' }]);
  await vi.waitFor(() =>
    expect(t.queryClient.getQueryState(['notes', 'list', { q: 'x' }])?.isInvalidated).toBe(true),
  );
  expect(t.queryClient.getQueryState(['bookings'])?.isInvalidated).toBe(false);
});

test('a list first fetched while the write was on its way is fetched again once it lands', async () => {
  // A screen opened offline resumes its first fetch when the connection returns, racing the
  // outbox's own send: the answer it gets can predate the write. With no data yet, TanStack
  // hands a plain refresh that in-flight answer; the refresh must ask the server again.
  const t = setup();
  let serverHasNote = false;
  let fetches = 0;
  let releaseFirst = () => {};
  const firstAnswer = new Promise<void>((resolve) => {
    releaseFirst = resolve;
  });
  const observer = new QueryObserver(t.queryClient, {
    queryKey: ['notes', 'mine'],
    queryFn: async () => {
      fetches += 1;
      const snapshot = serverHasNote ? ['hello'] : [];
      if (fetches === 1) await firstAnswer; // it left before the write, and comes back late
      return snapshot;
    },
  });
  const unsubscribe = observer.subscribe(() => {});
  await vi.waitFor(() => expect(fetches).toBe(1));

  serverHasNote = true;
  expect(await t.controller.submit(note, { text: 'hello', about: 4 })).toEqual({ status: 'sent' });
  releaseFirst();
  await vi.waitFor(() => expect(t.queryClient.getQueryData(['notes', 'mine'])).toEqual(['hello']));
  unsubscribe();
});

test('offline, a write is kept with the offline message and goes once the connection returns', async () => {
  const server = fakeServer({ user: 'network' });
  const t = setup({ server, online: false });
  expect(await t.controller.submit(note, { text: 'later', about: 1 })).toEqual({
    status: 'queued',
    reason: 'offline',
  });
  expect(t.toasts).toEqual([QUEUED_MESSAGES.offline]);
  expect([...t.storage.items.values()]).toMatchObject([{ state: 'pending', title: 'Note: later' }]);

  server.setUser(7);
  t.env.online = true;
  window.dispatchEvent(new Event('online'));
  await vi.waitFor(() => expect(t.titles()).toContain('Note Sent'));
  expect(t.server.calls.map((call) => call.key)).toEqual(['key-1-abcdef']);
  expect(t.storage.items.size).toBe(0);
});

test('an expired write is listed as failed with the reason, told once, and Dismiss removes it', async () => {
  const t = setup();
  const expired = await t.kept('old', { age: EXPIRE_AFTER_MS });
  // Another account's write on this shared phone is refreshed for, never announced here.
  await t.kept('theirs', { userId: 8, age: EXPIRE_AFTER_MS + 1 });
  t.queryClient.setQueryData(['notes'], []);
  const seen = vi.fn();
  t.controller.subscribeToItems(seen);

  await t.controller.start();
  await vi.waitFor(() =>
    expect(t.controller.items().filter((item) => item.state === 'failed')).toHaveLength(2),
  );
  expect(t.server.calls).toEqual([]);
  expect(t.toasts).toEqual([
    {
      variant: 'destructive',
      title: "Couldn't send",
      description: `Note: old: ${EXPIRED_MESSAGE}`,
    },
  ]);
  expect(t.queryClient.getQueryState(['notes'])?.isInvalidated).toBe(true);

  await t.controller.dismiss(expired.idempotencyKey);
  await vi.waitFor(() => expect(t.controller.items()).toHaveLength(1));
  expect(t.storage.items.has(expired.idempotencyKey)).toBe(false);
});

test('signing in again releases the writes that waited for the session', async () => {
  const server = fakeServer({ replies: [{ status: 401, body: { message: 'Not signed in' } }] });
  const t = setup({ server });
  expect(await t.controller.submit(note, { text: 'mine', about: 1 })).toEqual({
    status: 'queued',
    reason: 'signed-out',
  });
  expect(t.toasts).toEqual([QUEUED_MESSAGES['signed-out']]);

  t.queryClient.setQueryData(USER_QUERY_KEY, null);
  t.queryClient.setQueryData(USER_QUERY_KEY, signedIn(7));
  await vi.waitFor(() => expect(t.titles()).toContain('Note Sent'));
  expect(t.server.calls.map((call) => call.key)).toEqual(['key-1-abcdef', 'key-1-abcdef']);
});

test('a send in another tab is refreshed for here, and announced only if no form there waited', async () => {
  const storage = memoryStorage();
  const lock = createLocalLock();
  const server = fakeServer();
  const name = `outbox-test-${Math.random()}`;
  const tab = () =>
    setup({
      storage,
      lock,
      server,
      channel: new BroadcastChannel(name) as unknown as OutboxChannel,
    });
  const here = tab();
  const there = tab();
  await here.controller.start();
  here.queryClient.setQueryData(['notes'], []);

  // A form in the other tab sends: that tab tells its user; this one only refreshes.
  await there.controller.submit(note, { text: 'from there', about: 1 });
  await vi.waitFor(() =>
    expect(here.queryClient.getQueryState(['notes'])?.isInvalidated).toBe(true),
  );
  expect(there.titles()).toEqual(['Note Sent']);
  expect(here.toasts).toEqual([]);

  // A write kept from earlier goes in the background when the connection returns: whichever
  // tab sends it, every tab tells its user, once.
  await there.kept('earlier');
  window.dispatchEvent(new Event('online'));
  await vi.waitFor(() => expect(here.titles()).toEqual(['Note Sent']));
  await vi.waitFor(() => expect(there.titles()).toEqual(['Note Sent', 'Note Sent']));
  expect(server.calls.map((call) => call.key)).toEqual(['key-1-abcdef', 'key-earlier-abcdef']);
});

test('a form that shows refusals itself gets the message, and no toast hides under it', async () => {
  const server = fakeServer({
    replies: [{ status: 409, body: { message: 'You have already applied to this job' } }],
  });
  const t = setup({ server });
  expect(
    await t.controller.submit(note, { text: 'again', about: 3 }, { showsRefusal: true }),
  ).toEqual({
    status: 'failed',
    message: 'You have already applied to this job',
  });
  expect(t.toasts).toEqual([]);
  expect(t.storage.items.size).toBe(0);
});

test('a kind that waits once per thing keeps no second write about it offline', async () => {
  const once: WriteKind<{ text: string; about: number }> = {
    ...note,
    oneWaitingPerRef: 'Your note about this is waiting to send',
  };
  // Offline: every send the controller tries fails on the network.
  const t = setup({ online: false, server: fakeServer({ replies: Array(9).fill('network') }) });
  expect(await t.controller.submit(once, { text: 'first', about: 4 })).toMatchObject({
    status: 'queued',
  });
  expect(await t.controller.submit(once, { text: 'second', about: 4 })).toEqual({
    status: 'failed',
    message: 'Your note about this is waiting to send',
  });
  // About something else, or of a kind without the rule, it is kept.
  expect(await t.controller.submit(once, { text: 'other', about: 5 })).toMatchObject({
    status: 'queued',
  });
  expect(await t.controller.submit(note, { text: 'plain', about: 4 })).toMatchObject({
    status: 'queued',
  });
  expect([...t.storage.items.values()].map((item) => item.title).sort()).toEqual([
    'Note: first',
    'Note: other',
    'Note: plain',
  ]);
});

test('several saved writes that go out together are told in one toast', async () => {
  const server = fakeServer({ user: 'network' });
  const t = setup({ server, online: false });
  for (const text of ['one', 'two', 'three', 'four']) {
    await t.controller.submit(note, { text, about: 1 });
  }
  expect(t.titles()).toEqual(Array(4).fill(QUEUED_MESSAGES.offline.title));

  server.setUser(7);
  t.env.online = true;
  window.dispatchEvent(new Event('online'));
  await vi.waitFor(() => expect(t.storage.items.size).toBe(0));
  await vi.waitFor(() => expect(t.toasts).toHaveLength(5));
  expect(t.toasts.at(-1)).toEqual({
    title: '4 saved actions were sent',
    description: 'Note: one, Note: two, Note: three and 1 more.',
  });
});

test('a summary of one write is its own message; of three, names them all', () => {
  const item = (title: string) =>
    newOutboxItem(
      { ...note.request({ text: title, about: 1 }), kind: note.name, userId: 7 },
      0,
      `k-${title}-abcdef`,
    );
  expect(sentSummary([{ message: { title: 'Note Sent' }, item: item('a') }])).toEqual({
    title: 'Note Sent',
  });
  expect(
    sentSummary(
      ['a', 'b', 'c'].map((text) => ({ message: { title: 'Note Sent' }, item: item(text) })),
    ),
  ).toEqual({ title: '3 saved actions were sent', description: 'Note: a, Note: b, Note: c.' });
});
