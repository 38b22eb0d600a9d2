import * as v from 'valibot';
import { isRealDate, optionalFilter } from './common.ts';
import { moneySchema } from './money.ts';
import { pagingEntries } from './paging.ts';
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
  ...pagingEntries,
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

export const ARTIST_MESSAGES = {
  stageName: 'Stage name is required',
  performanceTypes: 'Choose at least one performance type',
  rate: 'Rates must be amounts above 0',
  availabilityDate: 'Dates must be today or later',
  timeSlot: 'Time slots look like 18:00 - 23:00',
  noRate: "This artist hasn't set a rate yet",
} as const;

const rateField = v.nullish(
  v.pipe(
    moneySchema(ARTIST_MESSAGES.rate),
    v.check((pesewas) => pesewas > 0, ARTIST_MESSAGES.rate),
  ),
  null,
);

/** PUT /api/artists/me: what an artist edits on the profile clients book from. */
export const ArtistProfileSchema = v.object({
  stageName: v.pipe(
    v.string(ARTIST_MESSAGES.stageName),
    v.trim(),
    v.nonEmpty(ARTIST_MESSAGES.stageName),
    v.maxLength(60, 'Stage name must be at most 60 characters'),
  ),
  bio: v.nullish(
    v.pipe(
      v.string('Bio must be text'),
      v.trim(),
      v.maxLength(1000, 'Bio must be at most 1000 characters'),
      v.transform((bio) => (bio === '' ? null : bio)),
    ),
    null,
  ),
  performanceTypes: v.pipe(
    v.array(
      v.picklist(PERFORMANCE_TYPES, ARTIST_MESSAGES.performanceTypes),
      ARTIST_MESSAGES.performanceTypes,
    ),
    v.minLength(1, ARTIST_MESSAGES.performanceTypes),
    v.transform((types) => [...new Set(types)]),
  ),
  region: v.picklist(REGIONS, 'Please select a region'),
  hourlyRate: rateField,
  eventRate: rateField,
});
export type ArtistProfileInput = v.InferInput<typeof ArtistProfileSchema>;
export type ArtistProfile = v.InferOutput<typeof ArtistProfileSchema>;

export const AvailabilitySchema = v.object({
  entries: v.pipe(
    v.array(
      v.object({
        date: v.pipe(
          v.string(ARTIST_MESSAGES.availabilityDate),
          v.check(isRealDate, ARTIST_MESSAGES.availabilityDate),
        ),
        timeSlot: v.nullish(
          v.pipe(
            v.string(ARTIST_MESSAGES.timeSlot),
            v.trim(),
            v.transform((slot) => (slot === '' ? null : slot)),
            v.nullable(
              v.pipe(
                v.string(),
                v.regex(
                  /^([01]\d|2[0-3]):[0-5]\d - ([01]\d|2[0-3]):[0-5]\d$/,
                  ARTIST_MESSAGES.timeSlot,
                ),
              ),
            ),
          ),
          null,
        ),
      }),
    ),
    v.maxLength(60, 'At most 60 dates'),
  ),
});
export type AvailabilityInput = v.InferInput<typeof AvailabilitySchema>;

/** An artist can be booked once they have at least one rate. */
export const isBookable = (artist: Pick<Artist, 'hourlyRate' | 'eventRate'>) =>
  artist.hourlyRate !== null || artist.eventRate !== null;

export const PORTFOLIO_LIMITS = {
  maxImages: 8,
  maxBytes: 5 * 1024 * 1024,
  types: ['image/jpeg', 'image/png', 'image/webp'] as const,
} as const;
