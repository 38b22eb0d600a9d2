/**
 * The query cache kept in IndexedDB, so what was last seen shows at once after a reload or a
 * cold start with no signal. See docs/decisions/006-offline-data-and-outbox.md.
 */
import {
  type PersistedClient,
  type Persister,
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
} from '@tanstack/query-persist-client-core';
import type { QueryClient } from '@tanstack/react-query';
import { createStore, del, get, set } from 'idb-keyval';
import { isDataSaverOn } from './data-saver.ts';
import { DRAWN_FORM_KEYS } from './drawn-page.ts';

export const CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * Bump when the shape of cached data or its keys change, so old data is dropped rather than
 * misread or left unused (v3: dashboard lists became pages, and the artist's own profile
 * carries its pictures' ids; v4: query keys form one hierarchy per domain; v5: jobs carry who
 * posted them, their town and whether they are shown, artists their phone verification).
 */
const CACHE_BUSTER = 'v5';
const CACHE_KEY = 'query-cache';
/** At most one write a second: a burst of cache events costs one IndexedDB write. */
const THROTTLE_MS = 1000;
const RESTORE_TIMEOUT_MS = 3000;

const store = createStore('ghana-gigs-cache', 'queries');

function throttledPersister(): Persister & { flush(): void } {
  let latest: PersistedClient | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastWrite = 0;
  const write = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!latest) return;
    lastWrite = Date.now();
    void set(CACHE_KEY, latest, store).catch(() => undefined);
    latest = undefined;
  };
  return {
    // The first change after a quiet second is written at once (the tab may be closed any
    // moment); the changes that follow within the second are written together after it.
    persistClient(client) {
      latest = client;
      timer ??= setTimeout(write, Math.max(0, lastWrite + THROTTLE_MS - Date.now()));
    },
    restoreClient: () => get<PersistedClient>(CACHE_KEY, store),
    removeClient: () => del(CACHE_KEY, store),
    /** Writes a pending save now (the page is being hidden and may never come back). */
    flush: write,
  };
}

const persister = throttledPersister();

const options = (queryClient: QueryClient) => ({
  queryClient,
  persister,
  buster: CACHE_BUSTER,
  maxAge: CACHE_MAX_AGE_MS,
  dehydrateOptions: {
    // Only data that arrived, and none older than a week. Writes live in the outbox instead.
    // The forms the server drew (the sign-in step with its code, a letter) are never kept.
    shouldDehydrateQuery: (query: {
      queryKey: readonly unknown[];
      state: { status: string; dataUpdatedAt: number };
    }) =>
      query.state.status === 'success' &&
      Date.now() - query.state.dataUpdatedAt < CACHE_MAX_AGE_MS &&
      !DRAWN_FORM_KEYS.includes(String(query.queryKey[1])),
    shouldDehydrateMutation: () => false,
  },
});

/**
 * Puts the saved data back into the cache and marks all of it stale: "never stale" (spec
 * section 4) would otherwise show week-old data for ever. Queries on screen refetch in the
 * background as soon as there is a connection (TanStack pauses them while offline); the rest
 * refetch when next shown. With data saver on, saved data is shown as it is until the person
 * taps Refresh (or a write of theirs changes it). Whatever happens, the app starts. Data that
 * arrived at or after `freshSince` (what a server-rendered page inlined) stays fresh, and saved
 * data never replaces it (restoring keeps the newer of two copies).
 */
export async function restoreQueryCache(
  queryClient: QueryClient,
  freshSince = Number.POSITIVE_INFINITY,
): Promise<void> {
  try {
    // A storage that never answers (it happens) must not keep the app from starting.
    await Promise.race([
      persistQueryClientRestore(options(queryClient)),
      new Promise((resolve) => setTimeout(resolve, RESTORE_TIMEOUT_MS)),
    ]);
  } catch {
    // Unreadable data was removed; start empty.
  }
  if (!isDataSaverOn()) {
    await queryClient.invalidateQueries({
      refetchType: 'none',
      predicate: (query) => query.state.dataUpdatedAt < freshSince,
    });
  }
}

/**
 * Saves the cache on every change (throttled) until the returned function is called; with
 * `saveNow`, at once too (the data a server-rendered page brought came before any change).
 */
export function persistQueryCache(
  queryClient: QueryClient,
  { saveNow = false }: { saveNow?: boolean } = {},
): () => void {
  const unsubscribe = persistQueryClientSubscribe(options(queryClient));
  if (saveNow) void persistQueryClientSave(options(queryClient)).catch(() => undefined);
  const onHide = () => {
    if (document.visibilityState === 'hidden') persister.flush();
  };
  document.addEventListener('visibilitychange', onHide);
  window.addEventListener('pagehide', persister.flush);
  return () => {
    unsubscribe();
    document.removeEventListener('visibilitychange', onHide);
    window.removeEventListener('pagehide', persister.flush);
  };
}

/** Forgets everything saved (on log out: the next person on this phone must not see it). */
export async function clearQueryCache(queryClient: QueryClient): Promise<void> {
  queryClient.clear();
  persister.flush();
  await persister.removeClient();
}
