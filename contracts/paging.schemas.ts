import * as v from 'valibot';
import { objectSchema } from './common.schemas.ts';
import { CURSOR_MESSAGE, MAX_PAGE_SIZE, SEARCH_MAX } from './paging.ts';
import { stripControls } from './text.ts';

const LIMIT_MESSAGE = `Limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`;

/** `limit` and `cursor` of any paged list: at most MAX_PAGE_SIZE items a page, whoever asks. */
export const pageEntries = {
  limit: v.optional(
    v.pipe(
      v.string(LIMIT_MESSAGE),
      v.regex(/^\d{1,3}$/, LIMIT_MESSAGE),
      v.transform(Number),
      v.minValue(1, LIMIT_MESSAGE),
      v.maxValue(MAX_PAGE_SIZE, LIMIT_MESSAGE),
    ),
  ),
  cursor: v.optional(
    v.pipe(v.string(CURSOR_MESSAGE), v.regex(/^[A-Za-z0-9_-]{1,200}$/, CURSOR_MESSAGE)),
  ),
};

/** The query of a paged list that has no filters. */
export const PageQuerySchema = objectSchema(pageEntries);

/** A searchable list: `q` plus the page. Control characters in a search become spaces. */
export const pagingEntries = {
  q: v.optional(
    v.pipe(
      v.string('Search must be text'),
      v.transform(stripControls),
      v.trim(),
      v.maxLength(SEARCH_MAX, `Search at most ${SEARCH_MAX} characters`),
      v.transform((text) => (text === '' ? undefined : text)),
    ),
  ),
  ...pageEntries,
};
