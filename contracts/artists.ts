import * as v from 'valibot';
import { optionalFilter } from './common.ts';
import { REGIONS } from './regions.ts';

export const PERFORMANCE_TYPES = ['DJ', 'Musician', 'MC', 'Dancer', 'Band', 'Comedian'] as const;
export type PerformanceType = (typeof PERFORMANCE_TYPES)[number];

export const PERFORMANCE_TYPE_LABELS: Record<PerformanceType, string> = {
  DJ: 'DJ',
  Musician: 'Musician',
  MC: 'MC/Host',
  Dancer: 'Dancer',
  Band: 'Band',
  Comedian: 'Comedian',
};

export const ArtistListQuerySchema = v.object({
  performanceType: optionalFilter(PERFORMANCE_TYPES, 'Please select a performance type'),
  region: optionalFilter(REGIONS, 'Please select a region'),
});
export type ArtistListQuery = v.InferOutput<typeof ArtistListQuerySchema>;

export interface Artist {
  id: number;
  userId: number;
  stageName: string;
  bio: string | null;
  region: string;
  performanceTypes: PerformanceType[];
  hourlyRate: string | null;
  eventRate: string | null;
  rating: number | null;
  portfolioImages: string[];
}

export interface AvailabilityEntry {
  date: string;
  timeSlot: string | null;
}

/** The next `limit` availability entries on or after `today` (YYYY-MM-DD), soonest first. */
export function upcomingAvailability(
  entries: readonly AvailabilityEntry[],
  today: string,
  limit = 5,
): AvailabilityEntry[] {
  return entries
    .filter((entry) => entry.date >= today)
    .sort((a, b) => a.date.localeCompare(b.date))
    .slice(0, limit);
}
