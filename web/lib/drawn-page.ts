/**
 * What a page drawn on the server was drawn with (ADR 031): the phone's data saver setting and
 * the way the server reads the API while it draws. The server renderer (web/entry-server.tsx)
 * sets them for each page it draws; the browser sets the data saver setting from the page it
 * hydrates (web/main.tsx), so hooks whose server value is this one hydrate as the server drew.
 */

let drawnWithDataSaver = false;
let serverFetch: typeof fetch | undefined;

/** Data saver as the page was drawn: the server value of useDataSaver. */
export function dataSaverOfDrawnPage(): boolean {
  return drawnWithDataSaver;
}

export function setDrawnDataSaver(on: boolean): void {
  drawnWithDataSaver = on;
}

/**
 * How the app reads the API: the browser's fetch, or, while the server draws a page, the
 * server's own routes (answered in-process with the person's cookie, through every hook and
 * check an API request goes through).
 */
export function apiFetch(url: string, init?: RequestInit): Promise<Response> {
  return serverFetch ? serverFetch(url, init) : fetch(url, init);
}

export function setServerFetch(fetcher: typeof fetch | undefined): void {
  serverFetch = fetcher;
}

/** Whether this code runs in the server renderer rather than a browser. */
export const onServer = typeof window === 'undefined';

/**
 * The sign-in screen's step as the server drew it after a form post (ADR 031): seeded, never
 * fetched, never kept on the phone (it may hold the code).
 */
export const LOGIN_FORM_QUERY_KEY = ['auth', 'login-form'] as const;

/**
 * A job page's Apply form as the server drew it after a form post (ADR 031): the letter and the
 * refusal. Seeded, never fetched, never kept on the phone.
 */
export const APPLY_FORM_QUERY_KEY = ['drawn', 'apply-form'] as const;

/** Queries the server seeds for one page only: never saved on the phone. */
export const DRAWN_FORM_KEYS: readonly string[] = [
  LOGIN_FORM_QUERY_KEY[1],
  APPLY_FORM_QUERY_KEY[1],
];
