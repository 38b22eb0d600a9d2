/** Data saver, as the web app and the server both read it. */

/** Items per page of a list while data saver is on (the server's default is 20). */
export const SAVER_PAGE_SIZE = 10;

/**
 * The person's Data saver choice, 'on' or 'off', for the server: a cold visit's page then leaves
 * out the list answers it would otherwise preload, which hold a full page the app won't ask for.
 */
export const DATA_SAVER_COOKIE = 'data-saver';
