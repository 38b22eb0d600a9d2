import * as v from 'valibot';

/** Lists are paged so a screen costs what it shows, not the size of the marketplace. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/** Response headers of a paged list: the full match count and the cursor of the next page. */
export const TOTAL_COUNT_HEADER = 'x-total-count';
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

export const SEARCH_MAX = 100;

export const pagingEntries = {
  q: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(SEARCH_MAX, `Search at most ${SEARCH_MAX} characters`),
      v.transform((text) => (text === '' ? undefined : text)),
    ),
  ),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, `Limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`),
      v.transform(Number),
      v.minValue(1, `Limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`),
      v.maxValue(MAX_PAGE_SIZE, `Limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`),
    ),
  ),
  cursor: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,200}$/, 'Invalid cursor'))),
};

/** One page of a list, as the web app reads it from the body and headers. */
export interface Page<T> {
  items: T[];
  total: number;
  nextCursor: string | null;
}
