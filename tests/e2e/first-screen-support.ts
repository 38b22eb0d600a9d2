import { type BrowserContext, type ConsoleMessage, type Page, test } from '@playwright/test';

/**
 * Resolves once React has hydrated the page the server rendered: the screen's <main> is then
 * one of React's own nodes (it carries React's fiber), and its buttons and fields respond.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const main = document.querySelector('#root main');
    return main !== null && Object.keys(main).some((key) => key.startsWith('__reactFiber$'));
  });
}

/**
 * What React says in the console when hydration goes wrong: a mismatch between the server's
 * markup and the browser's first render (React 19 reports it as a recoverable error and draws
 * the screen again on the client), or a boundary that had to switch to client rendering.
 */
const HYDRATION_TROUBLE = /hydrat|mismatch|did not match|recoverable|switched to client rendering/i;
/**
 * The production build reports the same errors by number (react.dev/errors/N): 418 a mismatch,
 * 419 and 421 a boundary that fell back to client rendering, 422, 423 and 425 their older forms.
 */
const MINIFIED_HYDRATION_ERROR = /Minified React error #(418|419|421|422|423|425)\b/;

/** Collects what the page says about hydration in its console and as uncaught errors. */
export function collectHydrationTrouble(page: Page): string[] {
  const trouble: string[] = [];
  const note = (text: string) => {
    if (HYDRATION_TROUBLE.test(text) || MINIFIED_HYDRATION_ERROR.test(text)) trouble.push(text);
  };
  page.on('console', (message: ConsoleMessage) => {
    if (['error', 'warning'].includes(message.type())) note(message.text());
  });
  // React's default onRecoverableError reports through window's error event.
  page.on('pageerror', (error) => note(error.message));
  return trouble;
}

/** The Twi phone: its `lang` cookie, as the language picker leaves it, and the app's own record. */
export async function speakTwi(context: BrowserContext): Promise<void> {
  await context.addCookies([
    { name: 'lang', value: 'ak', url: test.info().project.use.baseURL ?? '' },
  ]);
  await context.addInitScript(() => localStorage.setItem('ghana-gigs:language', 'ak'));
}
