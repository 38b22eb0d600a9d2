import {
  type Artist,
  PERFORMANCE_TYPES,
  type PerformanceType,
} from '../../../contracts/artists.ts';
import { formatGhs } from '../../../contracts/money.ts';
import { REGIONS } from '../../../contracts/regions.ts';

export interface ArtistBrowseFilters {
  search: string;
  performanceType: PerformanceType | 'all';
  region: string;
}

export const EMPTY_ARTIST_FILTERS: ArtistBrowseFilters = {
  search: '',
  performanceType: 'all',
  region: 'all',
};

/** The browse filters as the URL holds them (?q=&type=&region=); unknown values mean 'all'. */
export function readArtistFilters(params: URLSearchParams): ArtistBrowseFilters {
  const type = params.get('type') ?? '';
  const region = params.get('region') ?? '';
  return {
    search: params.get('q') ?? '',
    performanceType: (PERFORMANCE_TYPES as readonly string[]).includes(type)
      ? (type as PerformanceType)
      : 'all',
    region: (REGIONS as readonly string[]).includes(region) ? region : 'all',
  };
}

/**
 * Whether an artist passes the browse filters, judged on the phone (offline, over the saved
 * artists): the search a case-insensitive part of the stage name or bio.
 */
export function artistMatches(artist: Artist, filters: ArtistBrowseFilters): boolean {
  const search = filters.search.trim().toLowerCase();
  return (
    (filters.performanceType === 'all' ||
      artist.performanceTypes.includes(filters.performanceType)) &&
    (filters.region === 'all' || artist.region === filters.region) &&
    (search === '' ||
      artist.stageName.toLowerCase().includes(search) ||
      (artist.bio ?? '').toLowerCase().includes(search))
  );
}

export function writeArtistFilters(filters: ArtistBrowseFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search) params.set('q', filters.search);
  if (filters.performanceType !== 'all') params.set('type', filters.performanceType);
  if (filters.region !== 'all') params.set('region', filters.region);
  return params;
}

/** 'From GHS 150.00 per hr', else 'From GHS 1,200.00 per event', else nothing. */
export function artistPriceLine(artist: Pick<Artist, 'hourlyRate' | 'eventRate'>): string | null {
  if (artist.hourlyRate !== null) return `From ${formatGhs(artist.hourlyRate)} per hr`;
  if (artist.eventRate !== null) return `From ${formatGhs(artist.eventRate)} per event`;
  return null;
}
