/// <reference lib="webworker" />
/**
 * The service worker: precaches the app shell and every route chunk, answers navigations with
 * the cached index.html (never /api/), keeps pictures in a bounded cache, waits to be told
 * before an update takes over, and sends the outbox on Background Sync. It knows nothing of
 * React; the outbox module it shares with the app uses no DOM.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  type PrecacheEntry,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { outbox } from '../web/lib/outbox/browser-outbox.ts';
import { OUTBOX_SYNC_TAG, SW_MESSAGES } from '../web/lib/sw-messages.ts';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (PrecacheEntry | string)[];
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The app shell for every page the client router knows; API calls, logout and pictures opened
// on their own go to the network.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [/^\/api(\/|$)/, /^\/uploads\//, /^\/images\//, /^\/icons\//],
  }),
);

// Portfolio pictures and icons: cache first (their names never change meaning), at most 60
// and for 30 days, dropped first when the phone runs short of space.
registerRoute(
  ({ request, sameOrigin }) => sameOrigin && request.destination === 'image',
  new CacheFirst({
    cacheName: 'images',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({
        maxEntries: 60,
        maxAgeSeconds: 30 * 24 * 60 * 60,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

self.addEventListener('message', (event) => {
  const type = (event.data as { type?: unknown } | null)?.type;
  // Sent when the user taps "Reload to update", never on its own.
  if (type === SW_MESSAGES.skipWaiting) void self.skipWaiting();
  if (type === SW_MESSAGES.getVersion) event.ports[0]?.postMessage(__APP_VERSION__);
});

// The first install controls the open page at once, so it works offline from the first visit.
// An update waits for skipWaiting above, then takes over every tab.
clientsClaim();

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== OUTBOX_SYNC_TAG) return;
  sync.waitUntil(
    outbox.flush({ force: true }).then((result) => {
      // A rejection asks the browser to fire the sync again later, with its own backoff.
      if (result.stoppedBy === 'network') throw new Error('The outbox is still waiting');
    }),
  );
});
