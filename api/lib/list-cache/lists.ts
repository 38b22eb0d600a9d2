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
 * Jobs. Browsing shows the jobs alone; an employer's own list (`employerId`) also shows each
 * job's application count. Either count follows the jobs alone.
 */
export function jobList(filter: Filter<JobListQuery>): CachedList {
  return {
    id: `jobs ${JSON.stringify(filter)}`,
    page: filter.employerId === undefined ? ['jobs'] : ['jobs', 'application_counts'],
    count: ['jobs'],
  };
}

/** Artists with their performance types and pictures (not availability, bookings or users). */
export function artistList(filter: Filter<ArtistListQuery>): CachedList {
  return { id: `artists ${JSON.stringify(filter)}`, page: ['artists'], count: ['artists'] };
}
