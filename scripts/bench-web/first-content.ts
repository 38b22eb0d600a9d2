/**
 * First content on a cold phone (issue 26), for `npm run bench:web`: each screen in a fresh
 * browser context (no cache, no service worker), over an emulated link with the CPU slowed 4x,
 * timed from navigation start to the first animation frame in which the screen's content has a
 * box (the landing page's heading, the first job card, the job's title, the first artist card,
 * the sign-in form, the dashboard's heading), and to the load event (all script run). Each in
 * English and Twi, data saver off and on, at 256 and 400 kbit/s with 400 ms round trips.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import type { SignedInUser } from '../lib/sign-up.ts';

export interface Link {
  label: string;
  downKbps: number;
  latencyMs: number;
}

export const LINKS: Link[] = [
  { label: '256 kbit/s', downKbps: 256, latencyMs: 400 },
  { label: '400 kbit/s', downKbps: 400, latencyMs: 400 },
];

export const CPU_SLOWDOWN = 4;

export interface Setting {
  label: string;
  language: 'en-GH' | 'ak';
  dataSaver: boolean;
}

export const SETTINGS: Setting[] = [
  { label: 'English', language: 'en-GH', dataSaver: false },
  { label: 'Twi', language: 'ak', dataSaver: false },
  { label: 'English, data saver on', language: 'en-GH', dataSaver: true },
  { label: 'Twi, data saver on', language: 'ak', dataSaver: true },
];

/**
 * The columns measured: at 256 kbit/s (the regulator's floor for 3G) every setting of the
 * issue's table, at 400 kbit/s English. About 12 minutes at 3 runs.
 */
const COLUMNS: { link: string; setting: string }[] = [
  { link: '256 kbit/s', setting: 'English' },
  { link: '256 kbit/s', setting: 'Twi' },
  { link: '256 kbit/s', setting: 'English, data saver on' },
  { link: '256 kbit/s', setting: 'Twi, data saver on' },
  { link: '400 kbit/s', setting: 'English' },
];

export interface Screen {
  label: string;
  path: string;
  /** What counts as the screen's content. */
  selector: string;
  /** Whose session it is drawn for, if anyone's. */
  as?: 'employer' | 'jobSeeker' | 'artist';
}

export interface Visit {
  /** ms from navigation start to the content's first frame. */
  contentMs: number;
  /** ms from navigation start to the load event. */
  loadMs: number;
  /** Whether the server drew the page (it carried the drawn state). */
  drawn: boolean;
  /** The HTML document's bytes on the wire. */
  htmlBytes: number;
}

export interface Cell {
  screen: Screen;
  link: Link;
  setting: Setting;
  visits: Visit[];
}

const TIMEOUT_MS = 90_000;

/** Notes performance.now() at the first frame in which `selector` has a box, and at load. */
const markContent = (selector: string) => `(() => {
  const check = () => {
    const found = document.querySelector(${JSON.stringify(selector)});
    const box = found ? found.getBoundingClientRect() : null;
    if (box && box.width > 0 && box.height > 0) {
      window.__benchContentAt = performance.now();
      return;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
  addEventListener('load', () => { window.__benchLoadAt = performance.now(); });
})();`;

async function visit(
  browser: Browser,
  baseUrl: string,
  cell: Omit<Cell, 'visits'>,
  cookies: { name: string; value: string }[],
): Promise<Visit> {
  const context: BrowserContext = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 360, height: 740 },
    locale: cell.setting.language === 'ak' ? 'ak-GH' : 'en-GB',
    timezoneId: 'Africa/Accra',
    serviceWorkers: 'block',
  });
  try {
    const prefs = [
      ...cookies,
      { name: 'lang', value: cell.setting.language },
      { name: 'data-saver', value: cell.setting.dataSaver ? 'on' : 'off' },
    ];
    await context.addCookies(prefs.map((cookie) => ({ ...cookie, url: baseUrl })));
    await context.addInitScript(
      ([language, saver]) => {
        localStorage.setItem('ghana-gigs:language', language);
        localStorage.setItem('data-saver', saver);
      },
      [cell.setting.language, cell.setting.dataSaver ? 'on' : 'off'] as const,
    );
    await context.addInitScript(markContent(cell.screen.selector));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: cell.link.latencyMs,
      downloadThroughput: (cell.link.downKbps * 1000) / 8,
      uploadThroughput: (cell.link.downKbps * 1000) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(cell.screen.path, { waitUntil: 'commit', timeout: TIMEOUT_MS });
    const contentMs = await page
      .waitForFunction(() => window.__benchContentAt ?? null, undefined, { timeout: TIMEOUT_MS })
      .then((handle) => handle.jsonValue() as Promise<number>);
    const loadMs = await page
      .waitForFunction(() => window.__benchLoadAt ?? null, undefined, { timeout: TIMEOUT_MS })
      .then((handle) => handle.jsonValue() as Promise<number>);
    const { drawn, htmlBytes } = await page.evaluate(() => {
      const navigation = performance.getEntriesByType('navigation')[0] as
        | PerformanceNavigationTiming
        | undefined;
      return {
        drawn: document.getElementById('first-screen-state') !== null,
        htmlBytes: navigation?.transferSize ?? 0,
      };
    });
    return { contentMs, loadMs, drawn, htmlBytes };
  } finally {
    await context.close();
  }
}

declare global {
  interface Window {
    __benchContentAt?: number;
    __benchLoadAt?: number;
  }
}

/** Every cell of the table, `runs` cold visits each (the median is reported). */
export async function measureFirstContent({
  browser,
  baseUrl,
  screens,
  sessions,
  runs,
  links = LINKS,
  settings = SETTINGS,
  log,
}: {
  browser: Browser;
  baseUrl: string;
  screens: Screen[];
  sessions: Partial<Record<NonNullable<Screen['as']>, SignedInUser>>;
  runs: number;
  links?: Link[];
  settings?: Setting[];
  log: (message: string) => void;
}): Promise<Cell[]> {
  const cells: Cell[] = [];
  for (const link of links) {
    for (const setting of settings) {
      if (
        !COLUMNS.some((column) => column.link === link.label && column.setting === setting.label)
      ) {
        continue;
      }
      for (const screen of screens) {
        const session = screen.as ? sessions[screen.as] : undefined;
        const cookies = session
          ? session.cookie.split(/;\s*/).flatMap((pair) => {
              const [name = '', ...value] = pair.split('=');
              return name ? [{ name, value: value.join('=') }] : [];
            })
          : [];
        const cell: Cell = { screen, link, setting, visits: [] };
        for (let run = 0; run < runs; run++) {
          cell.visits.push(await visit(browser, baseUrl, cell, cookies));
        }
        const middle = medianVisit(cell.visits);
        log(
          `${link.label}, ${setting.label}, ${screen.label}: content ${(middle.contentMs / 1000).toFixed(2)} s, ` +
            `load ${(middle.loadMs / 1000).toFixed(2)} s${middle.drawn ? '' : ' (app shell)'}`,
        );
        cells.push(cell);
      }
    }
  }
  return cells;
}

export function medianVisit(visits: Visit[]): Visit {
  const ordered = [...visits].sort((a, b) => a.contentMs - b.contentMs);
  return ordered[Math.floor((ordered.length - 1) / 2)] as Visit;
}

const s = (value: number) => `${(value / 1000).toFixed(1)} s`;

/** The summary table: one row per screen, a column per link and setting. */
export function firstContentMarkdown(cells: Cell[], runs: number): string {
  const columns: { link: Link; setting: Setting }[] = [];
  for (const cell of cells) {
    if (!columns.some((c) => c.link === cell.link && c.setting === cell.setting)) {
      columns.push({ link: cell.link, setting: cell.setting });
    }
  }
  const screens = [...new Set(cells.map((cell) => cell.screen))];
  const header = `| Screen | ${columns.map((c) => `${c.link.label}, ${c.setting.label}`).join(' | ')} |`;
  const rule = `|---|${columns.map(() => '---|').join('')}`;
  const rows = screens.map((screen) => {
    const values = columns.map(({ link, setting }) => {
      const cell = cells.find(
        (item) => item.screen === screen && item.link === link && item.setting === setting,
      );
      if (!cell) return 'n/a';
      const middle = medianVisit(cell.visits);
      return `${s(middle.contentMs)}${middle.drawn ? '' : ' (shell)'}`;
    });
    return `| ${screen.label} | ${values.join(' | ')} |`;
  });
  const loads = cells.map((cell) => medianVisit(cell.visits).loadMs);
  return [
    header,
    rule,
    ...rows,
    '',
    `Median of ${runs} cold visits each: a fresh browser context (no cache, no service worker), ` +
      `400 ms round trips, CPU slowed ${CPU_SLOWDOWN}x, a 360 px phone; "content" is the first ` +
      'frame in which the screen shows its content (the heading, the first job or artist card, the ' +
      'sign-in form). (shell): the server sent the app shell, which the app then drew. The load ' +
      `event (every script run) came at ${s(Math.min(...loads))} to ${s(Math.max(...loads))}.`,
  ].join('\n');
}
