import { expect, test } from 'vitest';
import { authorizationWorldFor, cookieOf, type Who } from './helpers/authorization-world.ts';
import { testAppFor } from './helpers/test-app.ts';

/** What each person may read, they read, and it holds only their own rows; public reads are open. */
const t = testAppFor('file');
const world = authorizationWorldFor(t);
const read = (url: string, who: Who) =>
  t.app.inject({ url, headers: { cookie: cookieOf(world(), who) } });

test("the owner reads their job's applicants; others' lists never include them", async () => {
  const owner = await read(`/api/applications/job/${world().jobId}`, 'employer');
  expect(owner.statusCode).toBe(200);
  expect(owner.json()).toHaveLength(1);
  expect((await read('/api/applications/user', 'otherEmployer')).json()).toEqual([]);
});

test('each artist sees only their own bookings', async () => {
  expect((await read('/api/bookings/artist', 'artist')).json()).toHaveLength(1);
  for (const who of ['otherArtist', 'seeker', 'employer'] as const) {
    const response = await read('/api/bookings/artist', who);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  }
});

test("each dashboard's figures count only the signed-in user's own rows", async () => {
  const figures = async (url: string, who: Who) => (await read(url, who)).json();
  expect(await figures('/api/jobs/summary', 'employer')).toEqual({
    activeJobs: 1,
    inactiveJobs: 0,
    totalApplications: 1,
  });
  expect(await figures('/api/jobs/summary', 'otherEmployer')).toEqual({
    activeJobs: 0,
    inactiveJobs: 0,
    totalApplications: 0,
  });
  expect((await figures('/api/applications/user/summary', 'seeker')).pending).toBe(1);
  expect((await figures('/api/applications/user/summary', 'employer')).pending).toBe(0);
  expect((await figures('/api/bookings/artist/summary', 'artist')).pending).toBe(1);
  expect((await figures('/api/bookings/artist/summary', 'otherArtist')).pending).toBe(0);
});

test('public reads need no sign-in', async () => {
  const { jobId, artistId } = world();
  for (const url of [
    '/api/jobs',
    `/api/jobs/${jobId}`,
    '/api/artists',
    `/api/artists/${artistId}`,
    `/api/artists/${artistId}/availability`,
  ]) {
    expect((await read(url, 'guest')).statusCode).toBe(200);
  }
});

test('the payer reads their own payment', async () => {
  const { chargeReference } = world();
  const own = await read(`/api/payments/${chargeReference}`, 'employer');
  expect(own.statusCode).toBe(200);
  expect(own.json()).toMatchObject({ reference: chargeReference, status: 'send_otp' });
});

test('a forged or revoked session cookie is a guest', async () => {
  const forged = await t.app.inject({
    url: '/api/auth/user',
    headers: { cookie: 'sid=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
  });
  expect(forged.statusCode).toBe(401);
});
