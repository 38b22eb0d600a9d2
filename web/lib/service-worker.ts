/**
 * Registers the service worker (a module import, nothing inline: the CSP allows no inline
 * script) and tracks whether an update is waiting. An update never takes over on its own: the
 * user taps "Reload to update", so a half-filled form is never lost to a reload.
 */
import { isDataSaverOn } from './data-saver.ts';
import { OUTBOX_SYNC_TAG, SW_MESSAGES } from './sw-messages.ts';

const SW_URL = '/sw.js';
/**
 * How often an open app asks whether a new version is out (besides each start and return).
 * Data saver asks only when the browser does (at each start): a new version found means its
 * whole precache downloads in the background.
 */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

let updateWaiting = false;
const listeners = new Set<() => void>();

function setUpdateWaiting(value: boolean) {
  if (updateWaiting === value) return;
  updateWaiting = value;
  for (const listener of listeners) listener();
}

export function subscribeToUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isUpdateWaiting(): boolean {
  return updateWaiting;
}

export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  void import('workbox-window').then(({ Workbox }) => {
    const workbox = new Workbox(SW_URL, { scope: '/' });
    // Fires for a worker installed while the app is open and for one already waiting at start.
    workbox.addEventListener('waiting', () => setUpdateWaiting(true));
    void workbox.register().then((registration) => {
      if (!registration) return;
      const check = () => {
        if (navigator.onLine && !isDataSaverOn()) {
          void registration.update().catch(() => undefined);
        }
      };
      setInterval(check, UPDATE_CHECK_MS);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') check();
      });
    });
  });
}

/** "Reload to update": let the waiting worker take over, then reload into the new version. */
export async function applyUpdate(): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration();
  const waiting = registration?.waiting;
  if (!waiting) {
    // Another tab already applied it: this one only needs the reload.
    window.location.reload();
    return;
  }
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  waiting.postMessage({ type: SW_MESSAGES.skipWaiting });
}

/** Asks the worker to send the outbox when the connection returns, even if the app is closed. */
export async function requestOutboxSync(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    const sync = (registration as { sync?: { register(tag: string): Promise<void> } } | undefined)
      ?.sync;
    await sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // No Background Sync here (or no permission): the app sends when it is next open.
  }
}
