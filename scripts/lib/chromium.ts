/**
 * The browser that the browser tests, `npm run bench:web` and the screenshot script drive:
 * Debian's Chromium, headless on a server or in a container (the scripts take CHROMIUM_PATH
 * to use another).
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** No sandbox (containers run as root), no GPU, and no traffic of Chrome's own to skew figures. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
