import { createStore, del, get, set, type UseStore, values } from 'idb-keyval';
import type { OutboxItem, OutboxStorage } from './outbox-item.ts';

let store: UseStore | undefined;

/** Where the outbox keeps its items, one record each (read by every tab and the worker). */
function outboxStore(): UseStore {
  store ??= createStore('ghana-gigs-outbox', 'items');
  return store;
}

/** The items in IndexedDB: one record per item, so tabs never overwrite each other's. */
export function outboxStorage(): OutboxStorage {
  return {
    all: () => values<OutboxItem>(outboxStore()),
    get: (key) => get<OutboxItem>(key, outboxStore()),
    put: (item) => set(item.idempotencyKey, item, outboxStore()),
    remove: (key) => del(key, outboxStore()),
  };
}
