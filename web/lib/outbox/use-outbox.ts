import { useMemo, useSyncExternalStore } from 'react';
import { outbox } from './browser-outbox.ts';
import type { OutboxItem } from './outbox.ts';

/** What this tab last read from the outbox, re-read whenever it (or another tab) changes it. */
let snapshot: OutboxItem[] = [];
const listeners = new Set<() => void>();
let stopListening: (() => void) | null = null;

async function reload() {
  try {
    snapshot = await outbox.list();
  } catch {
    // Keep what we had.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!stopListening) {
    stopListening = outbox.subscribe((event) => {
      if (event.type === 'changed') void reload();
    });
    void reload();
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      stopListening?.();
      stopListening = null;
    }
  };
}

const EMPTY: OutboxItem[] = [];

export interface OutboxFilter {
  /** Only this user's items: nobody else's writes show on a shared phone. */
  userId: number | null | undefined;
  kind?: string;
  ref?: number;
}

/** The signed-in user's waiting and refused writes, optionally of one kind and about one thing. */
export function useOutbox({ userId, kind, ref }: OutboxFilter) {
  const items = useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => EMPTY,
  );
  return useMemo(() => {
    const mine = items.filter(
      (item) =>
        item.userId === userId &&
        (kind === undefined || item.kind === kind) &&
        (ref === undefined || item.ref === ref),
    );
    return {
      pending: mine.filter((item) => item.state === 'pending'),
      failed: mine.filter((item) => item.state === 'failed'),
      dismiss: (key: string) => outbox.dismiss(key),
    };
  }, [items, userId, kind, ref]);
}
