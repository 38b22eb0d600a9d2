/** Lists are paged so a screen costs what it shows, not the size of the marketplace. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/** Response headers of a paged list: the full match count and the cursor of the next page. */
export const TOTAL_COUNT_HEADER = 'x-total-count';
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

export const SEARCH_MAX = 100;

/** A cursor the server did not hand out, or one for another list. */
export const CURSOR_MESSAGE = 'Cursor must be the X-Next-Cursor of the page before';

/** One page of a list, as the web app reads it from the body and headers. */
export interface Page<T> {
  items: T[];
  total: number;
  nextCursor: string | null;
}
