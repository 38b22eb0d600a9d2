import { describe, expect, test } from 'vitest';
import { readJobFilters, searchJobs, visibleSkills, writeJobFilters } from './filters.ts';

const jobs = [
  { title: 'Plumber needed in Tema', description: 'Fix a leaking pipe in a kitchen.' },
  { title: 'Wedding DJ', description: 'Play HIGHLIFE and afrobeats for four hours.' },
  { title: 'Bookkeeper', description: 'Monthly accounts for a small shop in Kumasi.' },
];

describe('searchJobs', () => {
  test('matches title or description, case-insensitively', () => {
    expect(searchJobs(jobs, 'plumber').map((job) => job.title)).toEqual(['Plumber needed in Tema']);
    expect(searchJobs(jobs, 'highlife').map((job) => job.title)).toEqual(['Wedding DJ']);
    expect(searchJobs(jobs, 'KUMASI').map((job) => job.title)).toEqual(['Bookkeeper']);
  });

  test('a blank search keeps every job; no match gives an empty list', () => {
    expect(searchJobs(jobs, '   ')).toHaveLength(3);
    expect(searchJobs(jobs, 'astronaut')).toEqual([]);
  });
});

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
