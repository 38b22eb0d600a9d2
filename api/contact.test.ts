import { expect, test } from 'vitest';
import {
  acceptedApplication,
  bookingParties,
  call,
  requestBooking,
} from '../tests/helpers/escrow-world.ts';
import { postJob, signUp, testAppFor } from '../tests/helpers/test-app.ts';

const t = testAppFor('each');

/** The `contact` each side reads from its own list, as the web app reads it. */
async function applicationContacts(
  seeker: { cookie: string },
  employer: { cookie: string },
  jobId: number,
) {
  const mine = await t.app.inject({
    url: '/api/applications/user',
    headers: { cookie: seeker.cookie },
  });
  const theirs = await t.app.inject({
    url: `/api/applications/job/${jobId}`,
    headers: { cookie: employer.cookie },
  });
  return { seeker: mine.json()[0].contact, employer: theirs.json()[0].contact };
}

async function bookingContacts(client: { cookie: string }, artist: { cookie: string }) {
  const mine = await t.app.inject({
    url: '/api/bookings/client',
    headers: { cookie: client.cookie },
  });
  const theirs = await t.app.inject({
    url: '/api/bookings/artist',
    headers: { cookie: artist.cookie },
  });
  return { client: mine.json()[0].contact, artist: theirs.json()[0].contact };
}

test('an application shows no number until the employer accepts; then each side sees the other', async () => {
  const employer = await signUp(t, 'employer', { firstName: 'Kwame', lastName: 'Mensah' });
  const seeker = await signUp(t, 'job_seeker', { firstName: 'Kofi', lastName: 'Boateng' });
  const job = await postJob(t, employer);
  const applied = await call(t, seeker, 'POST', '/api/applications', {
    jobId: job.id,
    coverLetter: 'I have fixed pipes for 10 years.',
  });
  expect(applied.json().contact).toBeNull();
  expect(await applicationContacts(seeker, employer, job.id)).toEqual({
    seeker: null,
    employer: null,
  });

  const accepted = await call(t, employer, 'PATCH', `/api/applications/${applied.json().id}`, {
    status: 'accepted',
  });
  const seekerSide = { firstName: 'Kofi', lastName: 'Boateng', phoneNumber: seeker.phone };
  const employerSide = { firstName: 'Kwame', lastName: 'Mensah', phoneNumber: employer.phone };
  // The decision's answer goes to the employer: it carries the applicant's number.
  expect(accepted.json().contact).toEqual(seekerSide);
  expect(await applicationContacts(seeker, employer, job.id)).toEqual({
    seeker: employerSide,
    employer: seekerSide,
  });
});

test('a rejected application never shows a number', async () => {
  const employer = await signUp(t, 'employer');
  const seeker = await signUp(t, 'job_seeker');
  const job = await postJob(t, employer);
  const applied = await call(t, seeker, 'POST', '/api/applications', {
    jobId: job.id,
    coverLetter: 'Available from Monday.',
  });
  const rejected = await call(t, employer, 'PATCH', `/api/applications/${applied.json().id}`, {
    status: 'rejected',
  });
  expect(rejected.json().contact).toBeNull();
  expect(await applicationContacts(seeker, employer, job.id)).toEqual({
    seeker: null,
    employer: null,
  });
});

test('cancelled work hides both numbers again', async () => {
  const { employer, seeker, id, jobId } = await acceptedApplication(t);
  expect((await applicationContacts(seeker, employer, jobId)).seeker).not.toBeNull();
  const cancelled = await call(t, seeker, 'POST', `/api/applications/${id}/cancel`);
  expect(cancelled.statusCode).toBe(200);
  expect(cancelled.json().contact).toBeNull();
  expect(await applicationContacts(seeker, employer, jobId)).toEqual({
    seeker: null,
    employer: null,
  });
});

test('a booking shows no number until the artist accepts; then client and artist see each other', async () => {
  const { artist, client, artistId } = await bookingParties(t);
  const id = await requestBooking(t, client, artistId);
  expect(await bookingContacts(client, artist)).toEqual({ client: null, artist: null });

  const accepted = await call(t, artist, 'PATCH', `/api/bookings/${id}`, { status: 'accepted' });
  const clientSide = { firstName: 'Ama', lastName: 'Owusu', phoneNumber: client.phone };
  const artistSide = { firstName: 'Kofi', lastName: 'Kasa', phoneNumber: artist.phone };
  expect(accepted.json().contact).toEqual(clientSide);
  expect(await bookingContacts(client, artist)).toEqual({ client: artistSide, artist: clientSide });

  const cancelled = await call(t, client, 'POST', `/api/bookings/${id}/cancel`);
  expect(cancelled.statusCode).toBe(200);
  expect(cancelled.json().contact).toBeNull();
  expect(await bookingContacts(client, artist)).toEqual({ client: null, artist: null });
});

test("the job page's question: the visitor's own application to one job, with its contact", async () => {
  const { employer, seeker, jobId } = await acceptedApplication(t);
  const other = await postJob(t, employer, {
    title: 'Electrician for a shop',
    description: 'Wire a new shop in Adum and fit the lights and sockets.',
    category: 'skilled_trades',
    region: 'Ashanti',
    jobType: 'fixed',
    hourlyRate: null,
    fixedPrice: '300.00',
    estimatedHours: null,
    requiredSkills: ['Wiring'],
    startDate: null,
  });
  const forJob = await t.app.inject({
    url: `/api/applications/user?jobId=${jobId}`,
    headers: { cookie: seeker.cookie },
  });
  expect(forJob.json()).toHaveLength(1);
  expect(forJob.json()[0]).toMatchObject({
    jobId,
    status: 'accepted',
    contact: { firstName: 'Kwesi', lastName: 'Appiah', phoneNumber: employer.phone },
  });
  expect(forJob.headers['x-total-count']).toBe('1');
  const none = await t.app.inject({
    url: `/api/applications/user?jobId=${other.id}`,
    headers: { cookie: seeker.cookie },
  });
  expect(none.json()).toEqual([]);
  // Someone else asking about the same job sees only their own (none).
  const stranger = await signUp(t, 'job_seeker');
  const theirs = await t.app.inject({
    url: `/api/applications/user?jobId=${jobId}`,
    headers: { cookie: stranger.cookie },
  });
  expect(theirs.json()).toEqual([]);
  const bad = await t.app.inject({
    url: '/api/applications/user?jobId=abc',
    headers: { cookie: seeker.cookie },
  });
  expect(bad.statusCode).toBe(400);
});
