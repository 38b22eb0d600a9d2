import { randomInt } from 'node:crypto';
import { formatAmount, toPesewas } from '../../contracts/money.ts';
import { api } from './http-api.ts';

/** What load, crash and shutdown runs write to on a seeded server: its jobs and hourly artists. */

export interface SeededTargets {
  jobIds: number[];
  /** Seeded artists with an hourly rate, for hourly bookings. */
  artists: { id: number; hourlyRate: string }[];
}

export async function seededTargets(baseUrl: string): Promise<SeededTargets> {
  const jobs = await api(baseUrl, 'GET', '/api/jobs');
  const artists = await api(baseUrl, 'GET', '/api/artists');
  const targets = {
    jobIds: (jobs.body as { id: number }[]).map((job) => job.id),
    artists: (artists.body as { id: number; hourlyRate: string | null }[])
      .filter((artist) => artist.hourlyRate !== null)
      .map((artist) => ({ id: artist.id, hourlyRate: artist.hourlyRate as string })),
  };
  if (targets.jobIds.length === 0 || targets.artists.length === 0) {
    throw new Error('The seeded database has no jobs or no artists with an hourly rate');
  }
  return targets;
}

/** A valid hourly booking: the amount is duration x the artist's hourly rate, as "450.00". */
export function bookingBody(
  artist: { id: number; hourlyRate: string },
  duration: number,
  venue: string,
): Record<string, unknown> {
  const eventDate = new Date(Date.now() + randomInt(7, 120) * 86_400_000);
  eventDate.setUTCHours(18, 0, 0, 0);
  return {
    artistId: artist.id,
    eventDate: eventDate.toISOString(),
    eventDuration: duration,
    eventType: 'Wedding',
    venue,
    eventDetails: null,
    rateType: 'hourly',
    totalAmount: formatAmount((toPesewas(artist.hourlyRate) ?? 0) * duration),
  };
}
