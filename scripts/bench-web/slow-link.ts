/**
 * The first job card on `/jobs` over a slow link for `npm run bench:web` (Playwright and CDP:
 * 400 kbit/s down and up, 400 ms latency, CPU slowed 4x): cold (a fresh context), warm (the
 * service worker installed and controlling, then a reload) and offline (the same context
 * offline, then a reload).
 */
import type { Browser, CDPSession, Page } from 'playwright-core';
import { seconds } from './format.ts';

/** The slow link: a weak 3G/2G signal in a Ghanaian town. */
export const SLOW_LINK = {
  downKbps: 400,
  upKbps: 400,
  latencyMs: 400,
  cpuSlowdown: 4,
} as const;

/** Per wait on the slow link; a cold visit there takes seconds, not minutes. */
const SLOW_LINK_TIMEOUT_MS = 60_000;

export interface VisitTiming {
  /** From navigation start to the first job card painted, measured in the page. */
  inPageMs: number;
  /** From the navigation call to Playwright seeing the card visible (includes its polling). */
  observedMs: number;
}

export interface SlowLinkRun {
  cold: VisitTiming;
  warm: VisitTiming;
  offline: VisitTiming;
  /** How long the /api/jobs request of the warm visit took, to show the link was throttled. */
  warmApiMs: number | null;
  offlineBanner: boolean;
  /** What the cold visit fetched up to its first job card, in the order it asked. */
  coldRequests: Request[];
}

export interface Request {
  path: string;
  startMs: number;
  endMs: number;
  /** Bytes on the wire (headers and compressed body), as Resource Timing reports them. */
  bytes: number;
}

declare global {
  interface Window {
    __benchFirstCardAt?: number;
  }
}

/**
 * Runs in every document before the app: notes performance.now() (ms since navigation start) at
 * the first animation frame in which an article (a job card) has a box, as Playwright's
 * `visible` means it. A string, so tsx's helpers (`__name`) never reach the page.
 */
const MARK_FIRST_CARD = `(() => {
  const check = () => {
    const card = document.querySelector('article, [role="article"]');
    const box = card ? card.getBoundingClientRect() : null;
    if (box && box.width > 0 && box.height > 0) {
      window.__benchFirstCardAt = performance.now();
      return;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

/**
 * The slow link on the page's own CDP session. Offline is set here too: the last
 * emulateNetworkConditions on any session wins, and Playwright's setOffline alone would leave
 * this session's `offline: false` in force (navigator.onLine stays true).
 */
async function throttle(cdp: CDPSession, offline = false) {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline,
    latency: SLOW_LINK.latencyMs,
    downloadThroughput: (SLOW_LINK.downKbps * 1000) / 8,
    uploadThroughput: (SLOW_LINK.upKbps * 1000) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_LINK.cpuSlowdown });
}

async function timeFirstCard(
  visit: string,
  page: Page,
  navigate: () => Promise<unknown>,
): Promise<VisitTiming> {
  const started = performance.now();
  await navigate();
  try {
    await page.getByRole('article').first().waitFor({
      state: 'visible',
      timeout: SLOW_LINK_TIMEOUT_MS,
    });
  } catch (error) {
    const shown = await page
      .evaluate(() => document.body?.innerText ?? '')
      .catch((reason: unknown) => `(page unreadable: ${String(reason)})`);
    throw new Error(
      `${visit} visit: no job card within ${seconds(SLOW_LINK_TIMEOUT_MS)} at ${page.url()}; ` +
        `the page showed: ${JSON.stringify(shown.slice(0, 600))}`,
      { cause: error },
    );
  }
  const observedMs = performance.now() - started;
  // A card the server drew is in the page (and has a box) before the stylesheet lets the page
  // paint; the page notes it at the first animation frame, which comes with that paint.
  const inPageMs = await page
    .waitForFunction(() => window.__benchFirstCardAt ?? null, undefined, {
      timeout: SLOW_LINK_TIMEOUT_MS,
    })
    .then((handle) => handle.jsonValue())
    .catch(() => null);
  if (inPageMs === null) throw new Error('The page did not note its first job card');
  return { inPageMs, observedMs };
}

/** Whether the app has saved a jobs list to IndexedDB (what an offline start shows). */
function savedJobs(page: Page): Promise<boolean> {
  return page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('ghana-gigs-cache');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('queries')) {
            db.close();
            resolve(false);
            return;
          }
          const request = db.transaction('queries').objectStore('queries').getAll();
          request.onsuccess = () => {
            db.close();
            resolve(JSON.stringify(request.result).includes('"queryKey":["jobs"'));
          };
          request.onerror = () => {
            db.close();
            resolve(false);
          };
        };
      }),
  );
}

/**
 * Polls from here: page.waitForFunction would take the predicate's Promise itself as truthy and
 * return at once, before anything is saved.
 */
async function waitForSavedJobs(page: Page) {
  const deadline = Date.now() + SLOW_LINK_TIMEOUT_MS;
  while (!(await savedJobs(page))) {
    if (Date.now() > deadline) {
      throw new Error(
        `The jobs list was not saved on the phone within ${seconds(SLOW_LINK_TIMEOUT_MS)}`,
      );
    }
    await page.waitForTimeout(250);
  }
}

export async function slowLinkRun(browser: Browser, baseUrl: string): Promise<SlowLinkRun> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 360, height: 740 },
    locale: 'en-GB',
    timezoneId: 'Africa/Accra',
    serviceWorkers: 'allow',
  });
  try {
    await context.addInitScript(MARK_FIRST_CARD);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await throttle(cdp);

    // Cold: a fresh context, nothing cached, no service worker.
    const cold = await timeFirstCard('cold', page, () =>
      page.goto('/jobs', { waitUntil: 'commit' }),
    );
    const coldRequests = await page.evaluate((until) => {
      const entries = [
        ...performance.getEntriesByType('navigation'),
        ...performance.getEntriesByType('resource'),
      ] as PerformanceResourceTiming[];
      return entries
        .filter((entry) => entry.startTime <= until)
        .map((entry) => ({
          path: new URL(entry.name).pathname + new URL(entry.name).search,
          startMs: entry.startTime,
          endMs: entry.responseEnd,
          bytes: entry.transferSize,
        }))
        .sort((a, b) => a.startMs - b.startMs);
    }, cold.inPageMs);

    // Warm: once the service worker has installed (shell and route chunks precached) and
    // controls the page, and the list is saved on the phone.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: SLOW_LINK_TIMEOUT_MS,
    });
    await waitForSavedJobs(page);
    const warm = await timeFirstCard('warm', page, () => page.reload({ waitUntil: 'commit' }));
    const warmApiMs = await page.evaluate(() => {
      const entry = performance
        .getEntriesByType('resource')
        .find((resource) => new URL(resource.name).pathname === '/api/jobs');
      return entry ? entry.duration : null;
    });
    await waitForSavedJobs(page);

    // Offline: no network at all; the service worker and the saved list.
    // The context offline covers the service worker; the page session's conditions go offline too.
    await context.setOffline(true);
    await throttle(cdp, true);
    const offline = await timeFirstCard('offline', page, () =>
      page.reload({ waitUntil: 'commit' }),
    );
    const offlineBanner = await page
      .getByText("You're offline. Showing saved data.")
      .waitFor({ state: 'visible', timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    return { cold, warm, offline, warmApiMs, offlineBanner, coldRequests };
  } finally {
    await context.close();
  }
}
