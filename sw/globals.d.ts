/** Set by vite.config.ts: the app version this worker was built with. */
declare const __APP_VERSION__: string;
