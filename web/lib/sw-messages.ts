/** The messages the app and its service worker exchange. */
export const SW_MESSAGES = {
  /** The page asks a waiting worker to take over (workbox-window's messageSkipWaiting). */
  skipWaiting: 'SKIP_WAITING',
  /** Answered on the message port with the worker's build version. */
  getVersion: 'GET_VERSION',
} as const;

/** The Background Sync tag under which the worker sends the outbox when the link returns. */
export const OUTBOX_SYNC_TAG = 'ghana-gigs-outbox';
