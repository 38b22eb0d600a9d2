const ONE_YEAR_S = 365 * 24 * 60 * 60;

/**
 * A choice made on this phone (language, data saver), kept a year in a readable cookie so the
 * server can answer the page in it. Not a secret: the server accepts only the values it knows.
 */
export function rememberInCookie(name: string, value: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is asynchronous and missing from older phones' browsers
  document.cookie = `${name}=${value}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax`;
}
