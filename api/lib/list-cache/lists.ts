import type { ArtistListQuery } from '../../../contracts/artists.schemas.ts';
import type { JobListQuery } from '../../../contracts/jobs.schemas.ts';
import type { CachedList } from './list-cache.ts';

/**
 * The lists the web API keeps in the cache, and what each is computed from. A list that shows
 * something more (a new column, a table joined in) must name the data it comes from here, or
 * its cached pages would outlive changes to it.
 */

type Filter<Query> = Omit<Query, 'limit' | 'cursor'>;

/**
 * Jobs, with who posted each (`people`: a name or business name, phone verified). Browsing
 * shows no application counts; one employer's list (`employerId`) shows each job's. Either
 * count follows the jobs alone. `ownJobs` (the employer's own list, hidden jobs included) is a
 * list of its own.
 */
export function jobList(filter: Filter<JobListQuery> & { ownJobs?: boolean }): CachedList {
  return {
    id: `jobs ${JSON.stringify(filter)}`,
    page:
      filter.employerId === undefined
        ? ['jobs', 'people']
        : ['jobs', 'people', 'application_counts'],
    count: ['jobs'],
  };
}

/**
 * Artists with their performance types, pictures and whether their phone is verified (`people`);
 * not availability or bookings.
 */
export function artistList(filter: Filter<ArtistListQuery>): CachedList {
  return {
    id: `artists ${JSON.stringify(filter)}`,
    page: ['artists', 'people'],
    count: ['artists'],
  };
}
