import { beforeAll, expect, test } from 'vitest';
import { type SignedInUser, signUp, testAppFor, validJob } from './helpers/test-app.ts';

/**
 * Every list a signed-in user reads is paged like the public ones (20 by default, at most 100,
 * `cursor` for the next page, the full count in X-Total-Count), however long it grows; the
 * dashboards' figures come from count queries, so they stay right when only a page is shown.
 */
const t = testAppFor('file');
let employer: SignedInUser;
let seeker: SignedInUser;
let artistUser: SignedInUser;
let jobId: number;
let artistId: number;
const MANY = 130;
const DAY_MS = 86_400_000;

/** What each seeded row's status is: a mix, counted by the summaries. */
const statusOf = (i: number) =>
  i % 10 === 0 ? 'completed' : i % 4 === 0 ? 'accepted' : i % 7 === 0 ? 'rejected' : 'pending';

beforeAll(async () => {
  employer = await signUp(t, 'employer');
  seeker = await signUp(t, 'job_seeker');
  artistUser = await signUp(t, 'artist');
  artistId = (
    await t.db
      .selectFrom('artists')
      .select('id')
      .where('user_id', '=', artistUser.id)
      .executeTakeFirstOrThrow()
  ).id;
  const now = t.now().getTime();
  const at = (i: number) => new Date(now - (MANY - i) * 60_000).toISOString();
  const jobs = await t.db
    .insertInto('jobs')
    .values(
      Array.from({ length: MANY }, (_, i) => ({
        employer_id: employer.id,
        title: `Carpenter number ${i} in Kumasi`,
        description: validJob.description,
        category: 'skilled_trades',
        region: 'Ashanti',
        job_type: 'hourly',
        hourly_rate_pesewas: 4000,
        required_skills: '[]',
        created_at: at(i),
      })),
    )
    .returning('id')
    .execute();
  jobId = jobs[0]?.id ?? 0;
  // With the seeker, MANY applicants to the first job.
  const others = await t.db
    .insertInto('users')
    .values(
      Array.from({ length: MANY - 1 }, (_, i) => ({
        phone_number: `+23320${String(i).padStart(7, '0')}`,
        first_name: 'Kojo',
        last_name: `Antwi ${i}`,
        role: 'job_seeker',
        region: 'Ashanti',
      })),
    )
    .returning('id')
    .execute();
  // The seeker applied to every job; every other user applied to the first job.
  await t.db
    .insertInto('applications')
    .values(
      jobs.map((job, i) => ({
        job_id: job.id,
        applicant_id: seeker.id,
        cover_letter: `Application ${i}`,
        status: statusOf(i),
        created_at: at(i),
      })),
    )
    .execute();
  await t.db
    .insertInto('applications')
    .values(
      others.map((user, i) => ({
        job_id: jobId,
        applicant_id: user.id,
        cover_letter: `Applicant ${i}`,
        created_at: at(i),
      })),
    )
    .execute();
  // The seeker booked the artist MANY times; half the events are past, half to come.
  await t.db
    .insertInto('bookings')
    .values(
      Array.from({ length: MANY }, (_, i) => ({
        artist_id: artistId,
        client_id: seeker.id,
        event_date: new Date(now + (i % 2 === 0 ? 1 : -1) * (i + 1) * DAY_MS).toISOString(),
        event_duration: 2,
        venue: `Venue ${i}`,
        rate_type: 'hourly',
        total_amount_pesewas: 20000,
        status: statusOf(i),
        created_at: at(i),
      })),
    )
    .execute();
  await t.db
    .insertInto('artist_availability')
    .values(
      Array.from({ length: 200 }, (_, i) => ({
        artist_id: artistId,
        date: new Date(now + (i + 1) * DAY_MS).toISOString().slice(0, 10),
        time_slot: null,
      })),
    )
    .execute();
});

const get = (url: string, user: SignedInUser) =>
  t.app.inject({ url, headers: { cookie: user.cookie } });

/** Follows the cursors from the first page to the last: every item once, no page over limit. */
async function walk(url: string, user: SignedInUser, limit = 20) {
  const ids: number[] = [];
  let next: string | undefined = url;
  let total: string | undefined;
  while (next) {
    const response = await get(next, user);
    expect(response.statusCode, next).toBe(200);
    const items = response.json<{ id: number }[]>();
    expect(items.length).toBeLessThanOrEqual(limit);
    ids.push(...items.map((item) => item.id));
    total ??= String(response.headers['x-total-count']);
    const cursor = response.headers['x-next-cursor'];
    next =
      typeof cursor === 'string'
        ? `${url}${url.includes('?') ? '&' : '?'}cursor=${cursor}`
        : undefined;
  }
  expect(new Set(ids).size).toBe(ids.length);
  return { ids, total: Number(total) };
}

const lists = () => [
  { url: '/api/applications/user', user: seeker },
  { url: `/api/applications/job/${jobId}`, user: employer },
  { url: '/api/bookings/artist', user: artistUser },
  { url: '/api/bookings/client', user: seeker },
];

test('every signed-in list answers 20 by default, at most 100, and walks to the end by cursor', async () => {
  for (const { url, user } of lists()) {
    const first = await get(url, user);
    expect(first.statusCode, url).toBe(200);
    expect(first.json(), url).toHaveLength(20);
    expect(first.headers['x-total-count'], url).toBe(String(MANY));
    const walked = await walk(url, user);
    expect(walked.ids, url).toHaveLength(MANY);
    expect((await get(`${url}?limit=100`, user)).json(), url).toHaveLength(100);
    const refused = await get(`${url}?limit=101`, user);
    expect(refused.statusCode, url).toBe(400);
    expect(refused.json().errors, url).toEqual({
      limit: 'Limit must be a whole number from 1 to 100',
    });
    expect((await get(`${url}?cursor=bm90LWEtY3Vyc29y`, user)).statusCode, url).toBe(400);
  }
});

test('lists come newest first, page after page', async () => {
  const { ids } = await walk('/api/applications/user', seeker, 100);
  const rows = await t.db
    .selectFrom('applications')
    .select('id')
    .where('applicant_id', '=', seeker.id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  expect(ids).toEqual(rows.map((row) => row.id));
});

test("the artist's bookings filter by status, and the calendar lists events to come soonest first", async () => {
  const pending = await walk('/api/bookings/artist?status=pending', artistUser);
  const statuses = Array.from({ length: MANY }, (_, i) => statusOf(i));
  expect(pending.ids).toHaveLength(statuses.filter((s) => s === 'pending').length);
  expect(pending.total).toBe(pending.ids.length);

  const upcoming = await walk('/api/bookings/artist?status=accepted&upcoming=true', artistUser);
  const expected = Array.from({ length: MANY }, (_, i) => i).filter(
    (i) => statusOf(i) === 'accepted' && i % 2 === 0,
  );
  expect(upcoming.ids).toHaveLength(expected.length);
  const dates = await t.db
    .selectFrom('bookings')
    .select(['id', 'event_date'])
    .where('id', 'in', upcoming.ids)
    .execute();
  const byId = new Map(dates.map((row) => [row.id, row.event_date]));
  const order = upcoming.ids.map((id) => byId.get(id) ?? '');
  expect(order).toEqual([...order].sort());
  expect(order.every((date) => date > t.now().toISOString())).toBe(true);

  const bad = await get('/api/bookings/artist?status=maybe', artistUser);
  expect(bad.statusCode).toBe(400);
});

test("the dashboards' figures are counted by the server, over every row", async () => {
  const count = (status: string, keep: (i: number) => boolean = () => true) =>
    Array.from({ length: MANY }, (_, i) => i).filter((i) => statusOf(i) === status && keep(i))
      .length;
  const seekerSummary = await get('/api/applications/user/summary', seeker);
  expect(seekerSummary.statusCode).toBe(200);
  expect(seekerSummary.json()).toEqual({
    pending: count('pending'),
    accepted: count('accepted'),
    rejected: count('rejected'),
    completed: count('completed'),
    cancelled: 0,
  });
  const artistSummary = await get('/api/bookings/artist/summary', artistUser);
  expect(artistSummary.statusCode).toBe(200);
  expect(artistSummary.json()).toEqual({
    pending: count('pending'),
    upcoming: count('accepted', (i) => i % 2 === 0),
    completed: count('completed'),
  });
  // Someone with nothing has zeros; a guest is asked to sign in.
  expect((await get('/api/bookings/artist/summary', seeker)).json()).toEqual({
    pending: 0,
    upcoming: 0,
    completed: 0,
  });
  for (const url of ['/api/applications/user/summary', '/api/bookings/artist/summary']) {
    expect((await t.app.inject({ url })).statusCode).toBe(401);
  }
});

test("an artist's availability lists at most 60 upcoming dates", async () => {
  const response = await t.app.inject({ url: `/api/artists/${artistId}/availability` });
  expect(response.statusCode).toBe(200);
  const dates = response.json<{ date: string }[]>();
  expect(dates).toHaveLength(60);
  expect(dates[0]?.date).toBe(new Date(t.now().getTime() + DAY_MS).toISOString().slice(0, 10));
});
