/**
 * The sender as the app and the service worker use it: items in IndexedDB, a Web Lock shared
 * by every tab and the worker, and a BroadcastChannel so each of them hears about sends made by
 * another. The app loads this lazily, through its outbox controller (controller.ts).
 */
import { createLocalLock, createOutbox, OUTBOX_LOCK, type OutboxChannel } from './outbox.ts';
import { outboxStorage } from './outbox-store.ts';

function webLock(): <T>(task: () => Promise<T>) => Promise<T> {
  const locks = globalThis.navigator?.locks;
  if (!locks) return createLocalLock();
  return <T>(task: () => Promise<T>) => locks.request(OUTBOX_LOCK, task) as Promise<T>;
}

export const outbox = createOutbox({
  storage: outboxStorage(),
  withLock: webLock(),
  fetch: (input, init) => fetch(input, init),
  channel:
    typeof BroadcastChannel === 'function'
      ? (new BroadcastChannel('ghana-gigs-outbox') as unknown as OutboxChannel)
      : undefined,
});
