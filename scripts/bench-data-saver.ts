/**
 * Data saver benchmark: the bytes a typical visit costs a phone, with data saver off and on.
 *
 *   npm run bench:data-saver                          # builds, then about a minute
 *   npm run bench:data-saver -- --no-build --no-docs  # the current dist/, docs untouched
 *
 * 1. Builds the web app unless --no-build, and starts the real server on a temporary database
 *    seeded with the demo data. The seeded artists' drawings (SVGs of about 1 KB) are replaced
 *    through the upload API by photo-like pictures, which the server keeps as 640 px WebP, as
 *    it does an artist's phone photos: otherwise the pictures would cost next to nothing.
 * 2. Debian's Chromium (playwright-core) walks one session per mode, each in a fresh browser
 *    profile with the service worker allowed, through a proxy that counts every byte between
 *    the browser and the server (page, API, pictures and the service worker's own downloads):
 *    a cold visit to /, Jobs, Load more once, a job, Artists scrolled to the end, an artist's
 *    profile and its Portfolio tab (with data saver, one picture tapped), the signal dropping
 *    and returning, the app hidden and shown again an hour later, back to Jobs; then the app
 *    opened again in a new tab. "On" is a phone that asks to save data (Android's data saver:
 *    `navigator.connection.saveData` and `Save-Data: on`), which turns the switch on.
 * 3. Prints the figures step by step and writes their summary over docs/PERFORMANCE.md's
 *    section "## Data saver (npm run bench:data-saver)"
 *    (bench-data-saver/data-saver-section.ts), leaving every other section as it was.
 *
 * Flags: --no-build --no-docs --chromium <path> (/usr/bin/chromium)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import sharp from 'sharp';
import { ARTISTS } from '../api/dev/seed/seed-data.ts';
import { api as paths } from '../contracts/paths.ts';
import {
  DATA_SAVER_HEADING,
  dataSaverSection,
  kb,
  type Mode,
  percent,
  type SessionBytes,
} from './bench-data-saver/data-saver-section.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lib/chromium.ts';
import { api } from './lib/http-api.ts';
import { writePerformanceSection } from './lib/performance-doc.ts';
import { type ServerProcess, sleep, startServer, stopServer } from './lib/server-process.ts';
import { signInUser } from './lib/sign-up.ts';
import { ensureWebBuild } from './lib/web-build.ts';

/** No byte between browser and server for this long: the step is over. */
const QUIET_MS = 1_500;
const STEP_TIMEOUT_MS = 60_000;

const log = (message: string) => console.log(`[bench:data-saver] ${message}`);

// ---------------------------------------------------------------------------------------------
// Counting bytes

interface ByteCounter {
  port: number;
  /** Bytes from the server to the browser, and from the browser to the server. */
  down: number;
  up: number;
  /** When a byte last went either way (Date.now()). */
  lastByteAt: number;
  close(): Promise<void>;
}

/** A TCP proxy in front of the server that counts what crosses it, headers and all. */
async function byteCountingProxy(targetPort: number): Promise<ByteCounter> {
  const sockets = new Set<Socket>();
  const counter: ByteCounter = {
    port: 0,
    down: 0,
    up: 0,
    lastByteAt: Date.now(),
    close: () =>
      new Promise((done) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => done());
      }),
  };
  const server: Server = createServer((browserSide) => {
    const serverSide = connect(targetPort, '127.0.0.1');
    for (const socket of [browserSide, serverSide]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        browserSide.destroy();
        serverSide.destroy();
      });
    }
    browserSide.on('data', (chunk: Buffer) => {
      counter.up += chunk.length;
      counter.lastByteAt = Date.now();
    });
    serverSide.on('data', (chunk: Buffer) => {
      counter.down += chunk.length;
      counter.lastByteAt = Date.now();
    });
    browserSide.pipe(serverSide);
    serverSide.pipe(browserSide);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  counter.port = typeof address === 'object' && address ? address.port : 0;
  return counter;
}

/** Waits until nothing has crossed the proxy for QUIET_MS (the service worker included). */
async function quiet(counter: ByteCounter): Promise<void> {
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  while (Date.now() - counter.lastByteAt < QUIET_MS) {
    if (Date.now() > deadline) throw new Error('The network never went quiet');
    await sleep(200);
  }
}

// ---------------------------------------------------------------------------------------------
// Pictures like an artist's phone photos

/** A photo-like JPEG: soft shapes and colour plus fine grain, as a camera makes them. */
async function photo(): Promise<Buffer> {
  const [width, height] = [1600, 1200];
  const shapes = await sharp(randomBytes(40 * 30 * 3), {
    raw: { width: 40, height: 30, channels: 3 },
  })
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  const grain = randomBytes(shapes.length);
  for (let index = 0; index < shapes.length; index++) {
    const value = (shapes[index] ?? 0) + ((grain[index] ?? 0) % 25) - 12;
    shapes[index] = Math.max(0, Math.min(255, value));
  }
  return sharp(shapes, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/**
 * Each seeded artist with pictures signs in and swaps them for as many photos, uploaded as an
 * artist does; the server shrinks them to WebP. Answers the mean size of a stored picture.
 */
async function givePhotosToArtists(
  baseUrl: string,
): Promise<{ pictures: number; meanBytes: number }> {
  let pictures = 0;
  let bytes = 0;
  for (const artist of ARTISTS.filter((seed) => seed.images.length > 0)) {
    const { cookie } = await signInUser(baseUrl, artist.person.phone);
    const me = await api(baseUrl, 'GET', paths.myArtist, { cookie });
    const drawings = (me.body as { portfolio: { id: number }[] }).portfolio;
    for (const drawing of drawings) {
      const removed = await api(baseUrl, 'DELETE', paths.myPortfolioPicture(drawing.id), {
        cookie,
      });
      if (removed.status >= 300) throw new Error(`Removing a drawing: ${removed.status}`);
    }
    for (let index = 0; index < drawings.length; index++) {
      const response = await fetch(`${baseUrl}${paths.myPortfolio}`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'image/jpeg' },
        body: new Uint8Array(await photo()),
      });
      if (!response.ok)
        throw new Error(`Uploading a photo: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
    }
    const after = await api(baseUrl, 'GET', paths.myArtist, { cookie });
    for (const picture of (after.body as { portfolio: { url: string }[] }).portfolio) {
      const file = await fetch(`${baseUrl}${picture.url}`);
      bytes += (await file.arrayBuffer()).byteLength;
      pictures++;
    }
  }
  return { pictures, meanBytes: pictures ? Math.round(bytes / pictures) : 0 };
}

// ---------------------------------------------------------------------------------------------
// The session

interface Step {
  label: string;
  run(page: Page, context: BrowserContext, mode: Mode): Promise<void>;
}

/** Scrolls to the end of the page a screen at a time, as a thumb does. */
async function scrollToEnd(page: Page) {
  for (let pass = 0; pass < 40; pass++) {
    const atEnd = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight * 0.8);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    });
    await sleep(150);
    if (atEnd) return;
  }
}

/**
 * Hidden, then shown again: another app in front for a while, and the focus back. A script
 * string, since the bundler's helpers do not exist in the page.
 */
async function hideAndShow(page: Page) {
  await page.evaluate(`(() => {
    for (const state of ['hidden', 'visible']) {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => state === 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
      window.dispatchEvent(new Event(state === 'hidden' ? 'blur' : 'focus'));
    }
  })()`);
}

const header = (page: Page) => page.getByRole('banner');
/** The links of the job cards and the artist cards on a list. */
const jobCards = (page: Page) => page.getByRole('link', { name: /^View Details/ });
const artistCards = (page: Page) => page.getByRole('link', { name: /^View Profile/ });

/** Jobs from the header, until its first card shows. */
async function openJobs(page: Page) {
  await header(page).getByRole('link', { name: 'Jobs' }).click();
  await jobCards(page).first().waitFor();
}

const SESSION: Step[] = [
  {
    label: 'Cold visit to / (the app, its service worker and precache)',
    run: async (page) => {
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
    },
  },
  {
    label: 'Jobs',
    run: openJobs,
  },
  {
    label: 'Load more, once',
    run: async (page) => {
      const cards = jobCards(page);
      const before = await cards.count();
      await scrollToEnd(page);
      await page.getByRole('button', { name: 'Load more' }).click();
      await page.waitForFunction(
        (count) => document.querySelectorAll('a[aria-label^="View Details"]').length > count,
        before,
      );
    },
  },
  {
    label: 'A job',
    run: async (page) => {
      const link = jobCards(page).first();
      const title = (await link.getAttribute('aria-label'))?.replace('View Details: ', '') ?? '';
      await link.click();
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
    },
  },
  {
    label: 'Artists, scrolled to the end',
    run: async (page) => {
      await header(page).getByRole('link', { name: 'Artists' }).click();
      await artistCards(page).first().waitFor();
      await scrollToEnd(page);
    },
  },
  {
    label: "An artist's profile and Portfolio (saver: one picture tapped)",
    run: async (page, _context, mode) => {
      await artistCards(page).first().click();
      await page.getByRole('tab', { name: 'Portfolio' }).click();
      await page.getByRole('tabpanel').waitFor();
      if (mode === 'on') {
        await page.getByRole('button', { name: /^Tap to load picture: .* portfolio 1$/ }).click();
      }
      await scrollToEnd(page);
    },
  },
  {
    label: 'Signal lost and back; hidden and shown an hour later',
    run: async (page, context) => {
      await context.setOffline(true);
      await sleep(500);
      await context.setOffline(false);
      await page.clock.fastForward('01:01:00');
      await hideAndShow(page);
    },
  },
  {
    label: 'Back to Jobs',
    run: openJobs,
  },
  {
    label: 'The app opened again (a new tab, saved data)',
    run: async (page, context) => {
      await page.close();
      const again = await context.newPage();
      await again.goto('/jobs');
      await jobCards(again).first().waitFor();
    },
  },
];

async function runSession(
  browser: Browser,
  counter: ByteCounter,
  mode: Mode,
): Promise<{ steps: { down: number; up: number }[]; down: number; up: number }> {
  const context = await browser.newContext({
    baseURL: `http://127.0.0.1:${counter.port}`,
    viewport: { width: 360, height: 740 },
    locale: 'en-GB',
    timezoneId: 'Africa/Accra',
  });
  if (mode === 'on') {
    await context.setExtraHTTPHeaders({ 'save-data': 'on' });
    // A string: the bundler's helpers (keepNames) do not exist in the page.
    await context.addInitScript(`
      Object.defineProperty(Object.getPrototypeOf(navigator.connection), 'saveData', {
        get: () => true,
      });
    `);
  }
  if (process.env.BENCH_DEBUG) {
    context.on('requestfinished', (request) => log(`  ${request.method()} ${request.url()}`));
  }
  const page = await context.newPage();
  // The page's clock runs as usual until a step moves it on.
  await page.clock.install();
  await quiet(counter);
  const start = { down: counter.down, up: counter.up };
  const steps: { down: number; up: number }[] = [];
  try {
    for (const step of SESSION) {
      const before = { down: counter.down, up: counter.up };
      const current = context.pages().at(-1) ?? page;
      await step.run(current, context, mode);
      await quiet(counter);
      steps.push({ down: counter.down - before.down, up: counter.up - before.up });
      log(`${mode}: ${step.label}: ${kb(counter.down - before.down)} down`);
    }
  } finally {
    await context.close();
  }
  return { steps, down: counter.down - start.down, up: counter.up - start.up };
}

// ---------------------------------------------------------------------------------------------
// Report

/** The full report, step by step, for the terminal. */
function report(
  results: Record<Mode, SessionBytes>,
  photos: { pictures: number; meanBytes: number },
  load: { before: number[]; after: number[] },
): string {
  const rows = SESSION.map((step, index) => {
    const off = results.off.steps[index]?.down ?? 0;
    const on = results.on.steps[index]?.down ?? 0;
    return `| ${step.label} | ${kb(off)} | ${kb(on)} | ${kb(off - on)} |`;
  });
  const saved = results.off.down - results.on.down;
  const loads = (values: number[]) => values.map((value) => value.toFixed(2)).join(' / ');
  return [
    '# Data saver: the full report',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)}: one session per mode in Debian's Chromium at 360x740,`,
    'a fresh profile each with the service worker allowed, every byte between browser and server counted',
    'by a proxy (headers, the service worker and its precache included). "On" is a phone that asks to save',
    "data (`navigator.connection.saveData`, `Save-Data: on`), which turns the switch on. The seeded artists'",
    `pictures are replaced by ${photos.pictures} photo-like uploads, kept by the server as 640 px WebP of ${kb(photos.meanBytes)} on average.`,
    '',
    '| Step | Data saver off | Data saver on | Saved |',
    '|---|---|---|---|',
    ...rows,
    `| **Session, server to phone** | **${kb(results.off.down)}** | **${kb(results.on.down)}** | **${kb(saved)} (${percent(saved, results.off.down)})** |`,
    `| Session, phone to server | ${kb(results.off.up)} | ${kb(results.on.up)} | ${kb(results.off.up - results.on.up)} |`,
    '',
    `Load average (1/5/15 min) before: ${loads(load.before)}; after: ${loads(load.after)} (2 cores, shared`,
    'with other work: bytes do not depend on it, times would).',
    '',
    'Where the saving comes from: pictures wait for a tap (cards, the profile and its portfolio); lists',
    'ask for 10 items a page instead of 20 (Load more still works); a cold visit preloads no list',
    'answer; saved data is not refetched when the app opens again. What it costs either way: the app',
    "itself and the service worker's precache (kept for offline use, and saving every later visit).",
    '',
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const { values } = parseArgs({
    options: {
      'no-build': { type: 'boolean', default: false },
      'no-docs': { type: 'boolean', default: false },
      chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? CHROMIUM_PATH },
    },
  });
  ensureWebBuild({ build: !values['no-build'], log });
  const loadBefore = loadavg();
  const tempDir = mkdtempSync(join(tmpdir(), 'bench-data-saver-'));
  let server: ServerProcess | undefined;
  let counter: ByteCounter | undefined;
  let browser: Browser | undefined;
  try {
    server = await startServer({ databasePath: join(tempDir, 'app.db') });
    log(`server on ${server.baseUrl}; giving the artists photos`);
    const photos = await givePhotosToArtists(server.baseUrl);
    log(`${photos.pictures} photos, ${kb(photos.meanBytes)} each on average`);
    counter = await byteCountingProxy(server.port);
    browser = await chromium.launch({ executablePath: values.chromium, args: CHROMIUM_FLAGS });
    const off = await runSession(browser, counter, 'off');
    const on = await runSession(browser, counter, 'on');
    console.log(`\n${report({ off, on }, photos, { before: loadBefore, after: loadavg() })}`);
    if (!values['no-docs']) {
      writePerformanceSection(DATA_SAVER_HEADING, dataSaverSection({ off, on }));
      log('docs/PERFORMANCE.md updated');
    }
  } finally {
    await browser?.close();
    await counter?.close();
    if (server) await stopServer(server);
    rmSync(tempDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
