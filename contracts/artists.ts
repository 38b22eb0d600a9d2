import type { CancellationPolicy } from './engagements.ts';
import type { ArtistModeration } from './moderation.ts';

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

export interface Artist {
  id: number;
  userId: number;
  stageName: string;
  bio: string | null;
  region: string;
  performanceTypes: PerformanceType[];
  hourlyRate: string | null;
  eventRate: string | null;
  /** The mean of the reviews of their performances, to 1 decimal; null until the first. */
  rating: number | null;
  reviewCount: number;
  portfolioImages: string[];
  /** Whether the person behind the profile verified their phone. */
  phoneVerified: boolean;
  /** Whether it is shown; lists and profiles show only published artists. */
  moderation: ArtistModeration;
  /** What a client who cancels gets back (contracts/engagements.ts); `moderate` until chosen. */
  cancellationPolicy: CancellationPolicy;
}

/** GET /api/artists/:id: the profile with its "Paid through Ghana Gigs" count. */
export interface ArtistDetail extends Artist {
  paidGigs: number;
  /** Accepted bookings the artist cancelled or did not show for (an operator decided). */
  cancelledByArtist: number;
}

/** One portfolio picture, with the id the artist removes it by. */
export interface PortfolioPicture {
  id: number;
  url: string;
}

/**
 * The signed-in artist's own profile (GET/PUT /api/artists/me and the portfolio routes): the
 * public Artist plus the portfolio's pictures with their ids, in the order of portfolioImages.
 */
export interface MyArtist extends Artist {
  portfolio: PortfolioPicture[];
}

export interface AvailabilityEntry {
  date: string;
  timeSlot: string | null;
}

/** The next `limit` availability entries on or after `today` (YYYY-MM-DD), soonest first. */
export function upcomingAvailability<T extends AvailabilityEntry>(
  entries: readonly T[],
  today: string,
  limit = 5,
): T[] {
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
  availabilityWindow: 'Dates must be within the next two years',
  timeSlot: 'Time slots look like 18:00 - 23:00',
  timeSlotOrder: 'A time slot must end after it starts, as in 18:00 - 23:00',
  availabilityList: 'Availability must be a list of dates',
  repeatedDate: (date: string) => `${date} is listed twice: list each date once`,
  noRate: "This artist hasn't set a rate yet",
} as const;

/** An artist can be booked once they have at least one rate. */
export const isBookable = (artist: Pick<Artist, 'hourlyRate' | 'eventRate'>) =>
  artist.hourlyRate !== null || artist.eventRate !== null;

/** Upcoming dates an artist may list: the editor saves at most this many, the API lists no more. */
export const AVAILABILITY_MAX = 60;

export const PORTFOLIO_LIMITS = {
  maxImages: 8,
  maxBytes: 5 * 1024 * 1024,
  types: ['image/jpeg', 'image/png', 'image/webp'] as const,
} as const;
