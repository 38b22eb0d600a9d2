import { describe, expect, test } from 'vitest';
import { readJobFilters, visibleSkills, writeJobFilters } from './filters.ts';

describe('job filters in the URL', () => {
  test('reads known values and treats anything else as all', () => {
    expect(readJobFilters(new URLSearchParams('q=dj&category=entertainment&region=Volta'))).toEqual(
      {
        search: 'dj',
        category: 'entertainment',
        region: 'Volta',
      },
    );
    expect(readJobFilters(new URLSearchParams('category=space&region=Mars'))).toEqual({
      search: '',
      category: 'all',
      region: 'all',
    });
  });

  test('writes only the filters that are set', () => {
    expect(writeJobFilters({ search: '', category: 'all', region: 'Ashanti' }).toString()).toBe(
      'region=Ashanti',
    );
    expect(writeJobFilters({ search: '', category: 'all', region: 'all' }).toString()).toBe('');
  });
});

test('visibleSkills shows three and counts the rest', () => {
  expect(visibleSkills(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
  expect(visibleSkills(['a'])).toEqual({ shown: ['a'], more: 0 });
});
