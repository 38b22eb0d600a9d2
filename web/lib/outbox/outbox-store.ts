import { createStore, keys } from 'idb-keyval';

/** Where the outbox keeps its items, one record each (read by every tab and the worker). */
export const outboxStore = createStore('ghana-gigs-outbox', 'items');

/**
 * Whether anything waits in the outbox, read without loading the outbox itself: the app
 * then starts its runner at once instead of after the first screen, so the send and its
 * "sent" message (from this tab or the worker) are never missed.
 */
export async function outboxHasItems(): Promise<boolean> {
  try {
    return (await keys(outboxStore)).length > 0;
  } catch {
    return false;
  }
}
