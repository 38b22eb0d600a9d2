import * as v from 'valibot';
import { MAX_PAGE_SIZE, SEARCH_MAX } from './paging.ts';

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
