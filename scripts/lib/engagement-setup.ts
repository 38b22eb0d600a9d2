/**
 * The work a browser test or a screenshot starts from, set up through the API as the people
 * concerned (each signed in on their own request client): an artist's profile, a job and an
 * application to it, a booking. Every step throws with the server's answer when it is refused,
 * so a test fails where its setup did.
 */
import type { APIRequestContext, APIResponse } from 'playwright-core';
import type { Application } from '../../contracts/applications.ts';
import type { Artist } from '../../contracts/artists.ts';
import type { Booking } from '../../contracts/bookings.ts';
import type { CreateJobInput } from '../../contracts/jobs.schemas.ts';
import type { Job } from '../../contracts/jobs.ts';
import { api } from '../../contracts/paths.ts';

/** The answer's body; throws with the server's answer unless it is a success (`status` if named). */
async function answer<T>(response: APIResponse, what: string, status?: number): Promise<T> {
  const refused = status === undefined ? !response.ok() : response.status() !== status;
  if (refused) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The signed-in artist's profile: a DJ in Greater Accra at GHS 245 an hour unless told. */
export function saveArtistProfile(
  artist: APIRequestContext,
  stageName: string,
  profile: { performanceTypes?: string[]; region?: string; hourlyRate?: string } = {},
): Promise<Artist> {
  return artist
    .put(api.myArtist, {
      data: {
        stageName,
        bio: null,
        performanceTypes: ['DJ'],
        region: 'Greater Accra',
        hourlyRate: '245',
        eventRate: null,
        ...profile,
      },
    })
    .then((response) => answer<Artist>(response, 'artist profile'));
}

/** A fixed-price painting job in Cape Coast: what an employer posts unless told otherwise. */
const PAINTING_JOB = {
  description: 'Paint four rooms and the veranda of a family house in Cape Coast.',
  category: 'skilled_trades',
  region: 'Central',
  jobType: 'fixed',
  hourlyRate: null,
  fixedPrice: '900',
  estimatedHours: null,
  requiredSkills: ['Painting'],
  startDate: null,
} as const satisfies Omit<CreateJobInput, 'title'>;

/** A job the signed-in employer posts (201): the painting job with `job`'s fields over it. */
export function postJob(
  employer: APIRequestContext,
  job: Partial<CreateJobInput> & { title: string },
): Promise<Job> {
  return employer
    .post(api.jobs, { data: { ...PAINTING_JOB, ...job } })
    .then((response) => answer<Job>(response, 'job', 201));
}

/** A fixed-price job the signed-in employer posts: GHS 2,500 of masonry in Central unless told. */
export function postFixedPriceJob(
  employer: APIRequestContext,
  job: { title: string; description?: string; requiredSkills?: string[] },
): Promise<Job> {
  return postJob(employer, {
    description: 'Build a block wall and plaster it, in Cape Coast.',
    requiredSkills: ['Masonry'],
    ...job,
    fixedPrice: '2500',
  });
}

/** The signed-in job seeker applies to `jobId`. */
export function applyToJob(
  seeker: APIRequestContext,
  jobId: number,
  coverLetter = 'I have built walls in Elmina for 8 years.',
): Promise<Application> {
  return seeker
    .post(api.applications, { data: { jobId, coverLetter } })
    .then((response) => answer<Application>(response, 'application'));
}

/** The signed-in client books `hours` hours of an artist at their hourly rate (`totalAmount`). */
export function requestBooking(
  client: APIRequestContext,
  booking: {
    artistId: number;
    eventDate: Date;
    hours: number;
    totalAmount: string;
    venue: string;
    eventType?: string;
  },
): Promise<Booking> {
  const { eventDate, hours, ...rest } = booking;
  return client
    .post(api.bookings, {
      data: {
        ...rest,
        eventDate: eventDate.toISOString(),
        eventDuration: hours,
        rateType: 'hourly',
      },
    })
    .then((response) => answer<Booking>(response, 'booking'));
}

/** The artist accepts a booking, or the employer an application. */
export async function accept(
  decider: APIRequestContext,
  engagement: { booking: number } | { application: number },
): Promise<void> {
  const url =
    'booking' in engagement
      ? api.booking(engagement.booking)
      : api.application(engagement.application);
  await answer(await decider.patch(url, { data: { status: 'accepted' } }), 'accept');
}
