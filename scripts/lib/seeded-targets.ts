import { randomInt } from 'node:crypto';
import { formatAmount, toPesewas } from '../../contracts/money.ts';
import { api as apiPaths } from '../../contracts/paths.ts';
import { api } from './http-api.ts';

/** What load, crash and shutdown runs write to on a seeded server: its jobs and hourly artists. */

export interface SeededTargets {
  jobIds: number[];
  /**
   * Seeded artists with an hourly rate, for hourly bookings, with the days they are already
   * booked (a request for one of them is refused).
   */
  artists: { id: number; hourlyRate: string; bookedDays: string[] }[];
}

export async function seededTargets(baseUrl: string): Promise<SeededTargets> {
  const jobs = await api(baseUrl, 'GET', '/api/jobs');
  const artists = await api(baseUrl, 'GET', '/api/artists');
  const hourly = (artists.body as { id: number; hourlyRate: string | null }[]).filter(
    (artist) => artist.hourlyRate !== null,
  );
  const targets = {
    jobIds: (jobs.body as { id: number }[]).map((job) => job.id),
    artists: await Promise.all(
      hourly.map(async (artist) => ({
        id: artist.id,
        hourlyRate: artist.hourlyRate as string,
        bookedDays: (await api(baseUrl, 'GET', apiPaths.artistBookedDays(artist.id)))
          .body as string[],
      })),
    ),
  };
  if (targets.jobIds.length === 0 || targets.artists.length === 0) {
    throw new Error('The seeded database has no jobs or no artists with an hourly rate');
  }
  return targets;
}

/** A valid hourly booking: the amount is duration x the artist's hourly rate, as "450.00". */
export function bookingBody(
  artist: { id: number; hourlyRate: string; bookedDays: readonly string[] },
  duration: number,
  venue: string,
): Record<string, unknown> {
  let eventDate: Date;
  do {
    eventDate = new Date(Date.now() + randomInt(7, 120) * 86_400_000);
    eventDate.setUTCHours(18, 0, 0, 0);
  } while (artist.bookedDays.includes(eventDate.toISOString().slice(0, 10)));
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
