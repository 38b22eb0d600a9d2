import fastifyCompress from '@fastify/compress';
import fastifyEtag from '@fastify/etag';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { beforeAll, expect, test } from 'vitest';
import {
  applyTo,
  createTestApp,
  type SignedInUser,
  signUp,
  testAppFor,
  validJob,
} from '../../tests/helpers/test-app.ts';
import { COMPRESS_OPTIONS } from './compression.ts';

/** Queries the app has run on its own database handle. */
let queries = 0;
const t = testAppFor('file', {
  dbPlugins: [
    {
      transformQuery: (args) => {
        queries += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    },
  ],
});
let employer: SignedInUser;
let seeker: SignedInUser;
let artist: SignedInUser;
let jobIds: number[] = [];

beforeAll(async () => {
  employer = await signUp(t, 'employer');
  seeker = await signUp(t, 'job_seeker');
  artist = await signUp(t, 'artist', { firstName: 'Ebo', lastName: 'Taylor', region: 'Central' });
  for (let i = 0; i < 25; i += 1) {
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/jobs',
      headers: { cookie: employer.cookie },
      payload: { ...validJob, title: `Plumber number ${i} for a house in Kumasi` },
    });
    jobIds.push(posted.json().id);
    t.advance(1);
  }
  jobIds = jobIds.reverse(); // newest first, as listed
  for (let i = 0; i < 30; i += 1) {
    const user = await t.db
      .insertInto('users')
      .values({
        phone_number: `+23320000${String(i).padStart(4, '0')}`,
        first_name: 'Kojo',
        last_name: 'Antwi',
        role: 'artist',
        region: 'Ashanti',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('artists')
      .values({
        user_id: user.id,
        stage_name: `DJ Kojo ${i}`,
        bio: 'Afrobeats and highlife for weddings, funerals and parties across Ashanti.',
        region: 'Ashanti',
        performance_types: JSON.stringify(['DJ']),
        hourly_rate_pesewas: 20_000 + i,
        event_rate_pesewas: null,
        rating: 3 + (i % 20) / 10,
      })
      .execute();
  }
});

type Headers = Record<string, string>;
const get = (url: string, headers: Headers = {}, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({ url, headers, method });

/** GET that also says whether the list cache answered it. */
async function served(url: string, headers: Headers = {}, method: 'GET' | 'HEAD' = 'GET') {
  const before = t.app.listCache.stats();
  const response = await get(url, headers, method);
  const after = t.app.listCache.stats();
  const hit = after.hits === before.hits + 1 && after.misses === before.misses;
  return { response, from: hit ? 'cache' : 'database' };
}

/** Changes no data but every version: the next answer is computed afresh. */
const forgetAll = () =>
  sql`UPDATE data_versions SET version = version + 1000`.execute(t.db).then(() => undefined);

const wire = (response: LightMyRequestResponse) => {
  const { date: _date, ...headers } = response.headers;
  return { status: response.statusCode, headers, body: response.rawPayload.toString('base64') };
};

const HEADER_SETS: Headers[] = [
  { 'accept-encoding': 'br, gzip' },
  { 'accept-encoding': 'gzip' },
  { 'accept-encoding': 'gzip, deflate, br, zstd' },
  { 'accept-encoding': '*' },
  { 'accept-encoding': 'deflate' },
  { 'accept-encoding': 'br', 'x-no-compression': '1' },
  {},
];
const URLS = [
  '/api/jobs',
  '/api/jobs?limit=1',
  '/api/jobs?limit=100',
  '/api/jobs?q=Plumber&category=skilled_trades',
  '/api/jobs?q=nothing-like-this',
  '/api/artists',
  '/api/artists?performanceType=DJ&limit=5',
];

test('a cached answer is byte for byte the answer computed afresh, for every encoding', async () => {
  for (const url of URLS) {
    for (const headers of HEADER_SETS) {
      for (const method of ['GET', 'HEAD'] as const) {
        await forgetAll();
        const miss = await served(url, headers, method);
        const hit = await served(url, headers, method);
        expect(miss.from, url).toBe('database');
        expect(hit.from, url).toBe('cache');
        expect(miss.response.statusCode).toBe(200);
        expect(wire(hit.response), `${method} ${url} ${JSON.stringify(headers)}`).toEqual(
          wire(miss.response),
        );
      }
    }
  }
  // The compressed copies are made on demand: a hit in another encoding than the miss's.
  await forgetAll();
  await get('/api/jobs', { 'accept-encoding': 'gzip' });
  await get('/api/jobs', {});
  const br = await served('/api/jobs', { 'accept-encoding': 'br' });
  expect(br.from).toBe('cache');
  expect(br.response.headers['content-encoding']).toBe('br');
  await forgetAll();
  expect(wire((await served('/api/jobs', { 'accept-encoding': 'br' })).response)).toEqual(
    wire(br.response),
  );
});

test('the headers and bytes are what the ETag and compression plugins make of the list', async () => {
  // The plugins as app.ts registers them, sending the same list the plain way.
  let page = { items: [] as unknown[], total: '0', cursor: undefined as string | undefined };
  const plain = Fastify();
  await plain.register(fastifyCompress, COMPRESS_OPTIONS);
  await plain.register(fastifyEtag, { weak: true });
  plain.get('/list', async (_request, reply) => {
    reply.header('x-total-count', page.total);
    if (page.cursor) reply.header('x-next-cursor', page.cursor);
    return page.items;
  });
  const relevant = (response: LightMyRequestResponse) => ({
    status: response.statusCode,
    body: response.rawPayload.toString('base64'),
    headers: Object.fromEntries(
      [
        'content-type',
        'content-encoding',
        'content-length',
        'vary',
        'etag',
        'x-total-count',
        'x-next-cursor',
        'cache-control',
        'transfer-encoding',
      ].map((name) => [name, response.headers[name]]),
    ),
  });
  for (const url of URLS) {
    const identity = await get(url);
    page = {
      items: identity.json(),
      total: String(identity.headers['x-total-count']),
      cursor: identity.headers['x-next-cursor'] as string | undefined,
    };
    const etag = String(identity.headers.etag);
    const variants: Headers[] = [
      ...HEADER_SETS,
      { 'accept-encoding': 'br', 'if-none-match': etag },
      { 'accept-encoding': 'gzip', 'if-none-match': etag.slice(2) },
      { 'if-none-match': etag },
      { 'accept-encoding': 'br', 'if-none-match': 'W/"something else"' },
    ];
    for (const headers of variants) {
      for (const method of ['GET', 'HEAD'] as const) {
        const cached = await served(url, headers, method);
        expect(cached.from).toBe('cache');
        const expected = await plain.inject({ url: '/list', headers, method });
        expect(relevant(cached.response), `${method} ${url} ${JSON.stringify(headers)}`).toEqual(
          relevant(expected),
        );
      }
    }
  }
  await plain.close();
});

test('a cached answer runs one query, the versions, and no other', async () => {
  await get('/api/jobs?limit=7');
  const before = queries;
  const hit = await served('/api/jobs?limit=7', { 'accept-encoding': 'br' });
  expect(hit.from).toBe('cache');
  expect(queries - before).toBe(1);
  await forgetAll();
  const start = queries;
  await get('/api/jobs?limit=7', { 'accept-encoding': 'br' });
  expect(queries - start).toBeGreaterThan(1);
});

test('a cached page is compressed once per encoding: the copies are kept with it', async () => {
  await forgetAll();
  const plain = await get('/api/jobs?limit=9');
  const before = t.app.listCache.stats().bytes;
  for (const encoding of ['br', 'gzip'] as const) {
    const first = await served('/api/jobs?limit=9', { 'accept-encoding': encoding });
    expect(first.response.headers['content-encoding']).toBe(encoding);
    const kept = t.app.listCache.stats().bytes;
    expect(kept - before).toBeGreaterThanOrEqual(Number(first.response.headers['content-length']));
    const again = await served('/api/jobs?limit=9', { 'accept-encoding': encoding });
    expect(again.from).toBe('cache');
    expect(again.response.rawPayload).toEqual(first.response.rawPayload);
    expect(t.app.listCache.stats().bytes).toBe(kept);
  }
  expect(Number(plain.headers['content-length'])).toBeGreaterThan(1024);
});

test('equal queries share an entry however they are written; others do not', async () => {
  await get('/api/jobs?q=Plumber');
  expect((await served('/api/jobs?q=%20Plumber%20&utm_source=sms')).from).toBe('cache');
  expect((await served('/api/jobs?q=Plumber&limit=5')).from).toBe('database');
  const badCursor = await served('/api/jobs?cursor=bm90LWEtY3Vyc29y');
  expect(badCursor.response.statusCode).toBe(400);
});

test('a signed-in viewer is answered from the same entry with the same bytes', async () => {
  const signedOut = await get('/api/jobs', { 'accept-encoding': 'br' });
  const signedIn = await served('/api/jobs', { 'accept-encoding': 'br', cookie: seeker.cookie });
  expect(signedIn.from).toBe('cache');
  expect(signedIn.response.rawPayload).toEqual(signedOut.rawPayload);
  expect(signedIn.response.headers.etag).toBe(signedOut.headers.etag);
});

test('posting a job shows it at once, with the new count', async () => {
  const before = await get('/api/jobs');
  expect((await served('/api/jobs')).from).toBe('cache');
  const posted = await t.app.inject({
    method: 'POST',
    url: '/api/jobs',
    headers: { cookie: employer.cookie },
    payload: { ...validJob, title: 'Electrician for a school in Tamale' },
  });
  expect(posted.statusCode).toBe(201);
  const after = await served('/api/jobs');
  expect(after.from).toBe('database');
  expect(after.response.json()[0].title).toBe('Electrician for a school in Tamale');
  expect(Number(after.response.headers['x-total-count'])).toBe(
    Number(before.headers['x-total-count']) + 1,
  );
  expect((await served('/api/jobs')).from).toBe('cache');
  jobIds.unshift(posted.json().id);
});

test("an application changes its job's count in its employer's list; browsing carries no count and stays cached", async () => {
  const jobId = jobIds[1] ?? 0;
  const count = (response: LightMyRequestResponse) =>
    response.json<{ id: number; applicationCount?: number }[]>().find((job) => job.id === jobId)
      ?.applicationCount;
  const mine = `/api/jobs?employerId=${employer.id}`;
  const browsing = await get('/api/jobs');
  expect(browsing.json<{ id: number }[]>().map((job) => job.id)).toContain(jobId);
  expect(browsing.json<object[]>().some((job) => 'applicationCount' in job)).toBe(false);
  expect(count(await get(mine))).toBe(0);
  const count25 = await get('/api/jobs?limit=5');
  const applicationId = await applyTo(
    t,
    seeker,
    jobId,
    'I have fitted pipes in Kumasi for ten years.',
  );
  const own = await served(mine);
  expect(own.from).toBe('database');
  expect(count(own.response)).toBe(1);
  // Browsing shows the jobs alone: an application leaves its pages and its count as they were.
  const browse = await served('/api/jobs');
  expect(browse.from).toBe('cache');
  expect(browse.response.rawPayload).toEqual(browsing.rawPayload);
  const page = await served('/api/jobs?limit=5');
  expect(page.from).toBe('cache');
  expect(page.response.headers['x-total-count']).toBe(count25.headers['x-total-count']);

  const accepted = await t.app.inject({
    method: 'PATCH',
    url: `/api/applications/${applicationId}`,
    headers: { cookie: employer.cookie },
    payload: { status: 'accepted' },
  });
  expect(accepted.statusCode).toBe(200);
  expect((await served('/api/jobs')).from).toBe('cache');
  expect((await served(mine)).from).toBe('cache');

  // Whoever writes, the triggers see it: a row added outside the app counts too.
  const other = await signUp(t);
  await t.db
    .insertInto('applications')
    .values({ job_id: jobId, applicant_id: other.id, cover_letter: 'Me too.' })
    .execute();
  const again = await served(mine);
  expect(again.from).toBe('database');
  expect(count(again.response)).toBe(2);
  expect((await served('/api/jobs')).from).toBe('cache');
});

test('closing a job takes it out of browsing at once, and the employer sees it closed', async () => {
  const jobId = jobIds[0];
  const mine = `/api/jobs?employerId=${employer.id}`;
  const ids = (response: LightMyRequestResponse) =>
    response.json<{ id: number }[]>().map((job) => job.id);
  expect(ids(await get('/api/jobs'))).toContain(jobId);
  const asEmployer = { cookie: employer.cookie };
  await get(mine, asEmployer);
  const closed = await t.app.inject({
    method: 'PATCH',
    url: `/api/jobs/${jobId}`,
    headers: { cookie: employer.cookie },
    payload: { isActive: false },
  });
  expect(closed.statusCode).toBe(200);
  const browse = await served('/api/jobs');
  expect(browse.from).toBe('database');
  expect(ids(browse.response)).not.toContain(jobId);
  const own = (await get(mine, asEmployer)).json<{ id: number; isActive: boolean }[]>();
  expect(own.find((job) => job.id === jobId)?.isActive).toBe(false);
  // Everyone else sees one employer's open jobs only.
  expect(ids(await get(mine))).not.toContain(jobId);
});

test('an artist editing profile and rates is listed anew; availability leaves lists as they were', async () => {
  const central = '/api/artists?region=Central';
  const listed = async (url: string) => {
    const answer = await served(url);
    return { from: answer.from, artists: answer.response.json<Record<string, unknown>[]>() };
  };
  expect((await listed(central)).artists).toMatchObject([{ stageName: 'Ebo Taylor' }]);
  expect((await listed('/api/artists?performanceType=Band')).artists).toEqual([]);
  expect((await listed(central)).from).toBe('cache');

  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/artists/me',
    headers: { cookie: artist.cookie },
    payload: {
      stageName: 'Ebo Taylor Band',
      bio: 'Highlife legends from Cape Coast.',
      performanceTypes: ['Band'],
      region: 'Central',
      hourlyRate: '300',
      eventRate: null,
    },
  });
  expect(saved.statusCode).toBe(200);
  const edited = await listed(central);
  expect(edited.from).toBe('database');
  expect(edited.artists).toMatchObject([
    { stageName: 'Ebo Taylor Band', performanceTypes: ['Band'], hourlyRate: '300.00' },
  ]);
  expect((await listed('/api/artists?performanceType=Band')).artists).toMatchObject([
    { stageName: 'Ebo Taylor Band' },
  ]);

  const rates = await t.app.inject({
    method: 'PUT',
    url: '/api/artists/me',
    headers: { cookie: artist.cookie },
    payload: { ...saved.json<object>(), hourlyRate: '350.50', eventRate: '3000' },
  });
  expect(rates.statusCode).toBe(200);
  const repriced = await listed(central);
  expect(repriced.from).toBe('database');
  expect(repriced.artists).toMatchObject([{ hourlyRate: '350.50', eventRate: '3000.00' }]);

  // Availability is not part of a list entry: the entries stay, and stay right.
  const day = new Date(t.now().getTime() + 20 * 86_400_000).toISOString().slice(0, 10);
  const availability = await t.app.inject({
    method: 'PUT',
    url: '/api/artists/me/availability',
    headers: { cookie: artist.cookie },
    payload: { entries: [{ date: day, timeSlot: '18:00 - 23:00' }] },
  });
  expect(availability.statusCode).toBe(200);
  const after = await listed(central);
  expect(after.from).toBe('cache');
  expect(after.artists).toEqual(repriced.artists);
});

test('a performance type written straight into its table is seen too', async () => {
  const comedians = '/api/artists?performanceType=Comedian';
  expect((await served(comedians)).response.json()).toEqual([]);
  const someone = await t.db.selectFrom('artists').select('id').executeTakeFirstOrThrow();
  await t.db
    .insertInto('artist_performance_types')
    .values({ artist_id: someone.id, performance_type: 'Comedian' })
    .execute();
  const after = await served(comedians);
  expect(after.from).toBe('database');
  expect(after.response.json()).toHaveLength(1);
});

test('an unchanged list is a 304 from the cache; a changed one is a 200', async () => {
  const first = await get('/api/jobs', { 'accept-encoding': 'br' });
  const etag = String(first.headers.etag);
  const again = await served('/api/jobs', { 'accept-encoding': 'br', 'if-none-match': etag });
  expect(again.from).toBe('cache');
  expect(again.response.statusCode).toBe(304);
  expect(again.response.rawPayload.length).toBe(0);
  expect(again.response.headers['content-encoding']).toBeUndefined();
  await t.db
    .updateTable('jobs')
    .set({ title: 'Plumber, renamed from the sqlite3 shell' })
    .where('id', '=', jobIds[2] ?? 0)
    .execute();
  const changed = await served('/api/jobs', { 'accept-encoding': 'br', 'if-none-match': etag });
  expect(changed.from).toBe('database');
  expect(changed.response.statusCode).toBe(200);
  expect(changed.response.headers.etag).not.toBe(etag);
  expect(changed.response.headers['content-encoding']).toBe('br');
});

test('the cache keeps to its entry and byte limits', async () => {
  const limits = { maxEntries: 12, maxBytes: 80 * 1024 };
  const small = await createTestApp({ listCache: limits });
  try {
    const boss = await signUp(small, 'employer');
    for (let i = 0; i < 30; i += 1) {
      await small.app.inject({
        method: 'POST',
        url: '/api/jobs',
        headers: { cookie: boss.cookie },
        payload: { ...validJob, title: `Mason number ${i} in Wa` },
      });
    }
    const hitOrMiss = async (url: string) => {
      const before = small.app.listCache.stats();
      await small.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      const after = small.app.listCache.stats();
      return after.hits === before.hits + 1 && after.misses === before.misses
        ? 'cache'
        : 'database';
    };
    for (let limit = 1; limit <= 20; limit += 1) {
      await hitOrMiss(`/api/jobs?limit=${limit}`);
      const { entries, bytes } = small.app.listCache.stats();
      expect(entries).toBeLessThanOrEqual(limits.maxEntries);
      expect(bytes).toBeLessThanOrEqual(limits.maxBytes);
    }
    expect(small.app.listCache.stats().bytes).toBeGreaterThan(limits.maxBytes / 2);
    expect(await hitOrMiss('/api/jobs?limit=20')).toBe('cache');
    expect(await hitOrMiss('/api/jobs?limit=1')).toBe('database');
    // A page over an eighth of the limit (30 jobs, about 13 KB with its brotli copy) is never kept.
    expect(await hitOrMiss('/api/jobs?limit=30')).toBe('database');
    expect(await hitOrMiss('/api/jobs?limit=30')).toBe('database');
  } finally {
    await small.close();
  }
});
