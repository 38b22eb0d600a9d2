import { CATEGORIES, type Category, type JobListing } from '../../../contracts/jobs.ts';
import { REGIONS } from '../../../contracts/regions.ts';

export interface JobBrowseFilters {
  search: string;
  category: Category | 'all';
  region: string;
}

export const EMPTY_JOB_FILTERS: JobBrowseFilters = { search: '', category: 'all', region: 'all' };

/** The browse filters as the URL holds them (?q=&category=&region=); unknown values mean 'all'. */
export function readJobFilters(params: URLSearchParams): JobBrowseFilters {
  const category = params.get('category') ?? '';
  const region = params.get('region') ?? '';
  return {
    search: params.get('q') ?? '',
    category: (CATEGORIES as readonly string[]).includes(category) ? (category as Category) : 'all',
    region: (REGIONS as readonly string[]).includes(region) ? region : 'all',
  };
}

/** The filters back into URL parameters, leaving out the empty ones. */
export function writeJobFilters(filters: JobBrowseFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search) params.set('q', filters.search);
  if (filters.category !== 'all') params.set('category', filters.category);
  if (filters.region !== 'all') params.set('region', filters.region);
  return params;
}

/**
 * Whether a job passes the browse filters, judged on the phone (offline, over the saved jobs) as
 * the server does online: the search a case-insensitive part of the title or description.
 */
export function jobMatches(job: JobListing, filters: JobBrowseFilters): boolean {
  const search = filters.search.trim().toLowerCase();
  return (
    (filters.category === 'all' || job.category === filters.category) &&
    (filters.region === 'all' || job.region === filters.region) &&
    (search === '' ||
      job.title.toLowerCase().includes(search) ||
      job.description.toLowerCase().includes(search))
  );
}

/** Up to `max` skills to show as badges, and how many more there are ('+N'). */
export function visibleSkills(
  skills: readonly string[],
  max = 3,
): { shown: string[]; more: number } {
  return { shown: skills.slice(0, max), more: Math.max(0, skills.length - max) };
}
