/** Where the screenshots go, the sizes they are taken at, and the browser contexts they use. */
import { type Browser, type BrowserContext, type Page, request } from 'playwright-core';
import { signIn } from '../lib/browser-sign-in.ts';

export const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:4180';
export const OUT = '.tmp/screens';
export const SIZES = [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
] as const;

export type Size = (typeof SIZES)[number];

export async function shot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(250);
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${OUT}/${name}-${width}.png`, fullPage: true });
}

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Signs a demo user in once (codes are 60 s apart per phone) and keeps the cookie. */
export async function demoSession(phone: string): Promise<StorageState> {
  const client = await request.newContext({ baseURL: BASE_URL });
  await signIn(client, phone);
  const state = await client.storageState();
  await client.dispose();
  return state;
}

export async function newContext(browser: Browser, size: Size, storageState?: StorageState) {
  return browser.newContext({
    baseURL: BASE_URL,
    storageState,
    viewport: size,
    locale: 'en-GB',
    timezoneId: 'Africa/Accra',
  });
}
