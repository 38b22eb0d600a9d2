import { type QueryClient, useIsFetching } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';

/** A screen whose data never comes (a stalled link) must not hold deferred work back for ever. */
const MAX_WAIT_MS = 10_000;

let screenShown = false;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

/** Rendered beside the routes inside their Suspense boundary: it commits with the first screen. */
export function ScreenShown(): null {
  useEffect(() => {
    if (screenShown) return;
    screenShown = true;
    notify();
  }, []);
  return null;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * True once the first screen is up: its chunk has rendered, the page has loaded, no query is
 * fetching, and the browser has had an idle moment. For code no screen needs to show itself
 * (the outbox's sender, the service worker), so it never competes with the first screen for a
 * slow link or a slow CPU. A write made sooner starts the outbox itself.
 */
export function useAfterFirstScreen(queryClient: QueryClient): boolean {
  const [started, setStarted] = useState(false);
  const [loaded, setLoaded] = useState(
    () => typeof document !== 'undefined' && document.readyState === 'complete',
  );
  const shown = useSyncExternalStore(
    subscribe,
    () => screenShown,
    () => false,
  );
  const fetching = useIsFetching({}, queryClient) > 0;

  useEffect(() => {
    if (loaded) return;
    const onLoad = () => setLoaded(true);
    window.addEventListener('load', onLoad, { once: true });
    return () => window.removeEventListener('load', onLoad);
  }, [loaded]);

  useEffect(() => {
    if (started) return;
    const timer = window.setTimeout(() => setStarted(true), MAX_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [started]);

  const settled = shown && loaded && !fetching;
  useEffect(() => {
    if (!settled || started) return;
    if (!window.requestIdleCallback) {
      const timer = window.setTimeout(() => setStarted(true), 200);
      return () => window.clearTimeout(timer);
    }
    const idle = window.requestIdleCallback(() => setStarted(true), { timeout: 2000 });
    return () => window.cancelIdleCallback(idle);
  }, [settled, started]);

  return started;
}
