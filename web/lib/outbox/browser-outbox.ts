/**
 * The outbox as the app and the service worker use it: items in IndexedDB (one record per
 * item, so tabs never overwrite each other's), a Web Lock shared by every tab and the worker,
 * and a BroadcastChannel so each of them hears about sends made by another.
 */
import { del, get, set, values } from 'idb-keyval';
import { newIdempotencyKey } from '../idempotency-key.ts';
import {
  createLocalLock,
  createOutbox,
  OUTBOX_LOCK,
  type OutboxChannel,
  type OutboxItem,
  type OutboxStorage,
} from './outbox.ts';
import { outboxStore } from './outbox-store.ts';

function idbStorage(): OutboxStorage {
  return {
    all: () => values<OutboxItem>(outboxStore),
    get: (key) => get<OutboxItem>(key, outboxStore),
    put: (item) => set(item.idempotencyKey, item, outboxStore),
    remove: (key) => del(key, outboxStore),
  };
}

function webLock(): <T>(task: () => Promise<T>) => Promise<T> {
  const locks = globalThis.navigator?.locks;
  if (!locks) return createLocalLock();
  return <T>(task: () => Promise<T>) => locks.request(OUTBOX_LOCK, task) as Promise<T>;
}

export const outbox = createOutbox({
  storage: idbStorage(),
  withLock: webLock(),
  fetch: (input, init) => fetch(input, init),
  newKey: newIdempotencyKey,
  channel:
    typeof BroadcastChannel === 'function'
      ? (new BroadcastChannel('ghana-gigs-outbox') as unknown as OutboxChannel)
      : undefined,
});
