import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { beforeAll, expect, test } from 'vitest';
import { SIGNED_IN_COOKIE } from '../../contracts/auth.ts';
import { FEE_SCAM_JOB } from '../../tests/helpers/moderation.ts';
import {
  postJob,
  type SignedInUser,
  signUp,
  signUpArtist,
  testAppFor,
} from '../../tests/helpers/test-app.ts';

/**
 * Every answer that depends on the session says so to caches (`Cache-Control: private,
 * no-cache` and `Vary: cookie`), and every answer that does not keeps its shared caching. Judged
 * over the whole route table: each GET route is asked, at each of its sample addresses, by a
 * visitor and by several people, and an answer that differs between them is one that depends on
 * the session. A new GET route without a sample address fails the test.
 */
const routes: RouteOptions[] = [];
const t = testAppFor('file', { onRoute: (route) => void routes.push(route) });
let viewers: (SignedInUser | null)[];
let samples: Record<string, string[]>;

beforeAll(async () => {
  // An employer with a published job and a held one (its text asks applicants for money).
  const employer = await signUp(t, 'employer', { firstName: 'Kwame', lastName: 'Boateng' });
  const published = await postJob(t, employer);
  const held = await postJob(t, employer, FEE_SCAM_JOB);
  expect(held.moderation).toBe('held');
  // An artist whose profile reports hid, and one shown to everyone.
  const rates = { hourly: 15_000 };
  const hiddenArtist = await signUpArtist(t, rates, { firstName: 'Yaw', lastName: 'Darko' });
  const shownArtist = await signUpArtist(t, rates, { firstName: 'Efua', lastName: 'Sarpong' });
  await t.db
    .updateTable('artists')
    .set({ moderation: 'under_review' })
    .where('user_id', '=', hiddenArtist.id)
    .execute();
  // An employer whose profile reports hid.
  const hiddenEmployer = await signUp(t, 'employer', { firstName: 'Adjoa', lastName: 'Asante' });
  await t.db
    .updateTable('users')
    .set({ moderation: 'under_review' })
    .where('id', '=', hiddenEmployer.id)
    .execute();
  viewers = [null, employer, hiddenArtist, hiddenEmployer];
  const shown = shownArtist.artistId;
  const hidden = hiddenArtist.artistId;
  samples = {
    '/api/openapi.json': ['/api/openapi.json'],
    '/api/health': ['/api/health'],
    '/api/auth/user': ['/api/auth/user'],
    '/api/logout': ['/api/logout'],
    '/api/jobs': [
      '/api/jobs',
      '/api/jobs?region=Ashanti',
      `/api/jobs?employerId=${employer.id}`,
      `/api/jobs?employerId=${hiddenEmployer.id}`,
    ],
    '/api/jobs/summary': ['/api/jobs/summary'],
    '/api/jobs/:id': [`/api/jobs/${published.id}`, `/api/jobs/${held.id}`, '/api/jobs/999999'],
    '/api/applications/user': ['/api/applications/user'],
    '/api/applications/user/summary': ['/api/applications/user/summary'],
    '/api/applications/job/:id': [`/api/applications/job/${published.id}`],
    '/api/artists': ['/api/artists', '/api/artists?performanceType=DJ'],
    '/api/artists/:id': [`/api/artists/${shown}`, `/api/artists/${hidden}`],
    '/api/artists/:id/availability': [`/api/artists/${shown}/availability`],
    '/api/artists/:id/booked-days': [`/api/artists/${shown}/booked-days`],
    '/api/artists/me': ['/api/artists/me'],
    '/api/bookings/artist': ['/api/bookings/artist'],
    '/api/bookings/artist/summary': ['/api/bookings/artist/summary'],
    '/api/bookings/client': ['/api/bookings/client'],
    '/api/payments/:reference': ['/api/payments/no-such-reference'],
    '/api/wallet': ['/api/wallet'],
    '/api/me/payout': ['/api/me/payout'],
    '/api/artists/:id/reviews': [`/api/artists/${shown}/reviews`],
    '/api/users/:id/reviews': [`/api/users/${employer.id}/reviews`],
    '/api/users/:id/reviews/summary': [`/api/users/${employer.id}/reviews/summary`],
    '/api/employers/:id': [`/api/employers/${employer.id}`, `/api/employers/${hiddenEmployer.id}`],
    '/api/admin/queue': ['/api/admin/queue'],
    '/api/dev/outbox': [`/api/dev/outbox?to=${encodeURIComponent(employer.phone)}`],
    '/api/dev/payments/:reference/:answer': ['/api/dev/payments/no-such-reference/approve'],
  };
});

const getRoutes = () =>
  [
    ...new Set(
      routes
        .filter((route) => [route.method].flat().includes('GET') && route.url.startsWith('/api/'))
        .map((route) => route.url),
    ),
  ].sort();

/** What a browser signed in sends: the session and the page's readable hint beside it. */
const cookiesOf = (who: SignedInUser | null) => (who ? `${who.cookie}; ${SIGNED_IN_COOKIE}=1` : '');

const ask = (url: string, who: SignedInUser | null) =>
  t.app.inject({ url, headers: who ? { cookie: cookiesOf(who) } : {} });

const isPerUser = (response: LightMyRequestResponse) =>
  response.headers['cache-control'] === 'private, no-cache' &&
  String(response.headers.vary ?? '')
    .toLowerCase()
    .split(/,\s*/)
    .includes('cookie');

test('every GET route of the API has sample addresses here', () => {
  const missing = getRoutes().filter((url) => !samples[url]);
  expect(missing).toEqual([]);
  expect(getRoutes().length).toBeGreaterThan(25);
});

test('an answer that depends on the session is private to it; a public one stays shareable', async () => {
  const perUser: string[] = [];
  const sameForAll = new Map<string, LightMyRequestResponse[]>();
  for (const url of Object.values(samples).flat()) {
    const answers = [];
    for (const who of viewers) answers.push(await ask(url, who));
    const seen = new Set(answers.map((answer) => `${answer.statusCode} ${answer.body}`));
    if (seen.size === 1) {
      sameForAll.set(url, answers);
      continue;
    }
    perUser.push(url);
    answers.forEach((answer, index) => {
      expect(isPerUser(answer), `${url} as viewer ${index}`).toBe(true);
    });
  }
  // The three the issue named are among the answers that differ by who asks.
  const held = await firstJobId('held');
  expect(perUser).toEqual(
    expect.arrayContaining(['/api/auth/user', '/api/wallet', '/api/applications/user']),
  );
  expect(perUser).toContain(`/api/jobs/${held}`);
  // What everyone is shown alike never reads the session: shareable, not varied by cookie.
  const published = await firstJobId('published');
  const [employer] = viewers.filter(Boolean);
  const publicUrls = [
    '/api/health',
    '/api/openapi.json',
    '/api/jobs',
    '/api/jobs?region=Ashanti',
    '/api/artists',
    `/api/jobs/${published}`,
    `/api/employers/${employer?.id}`,
    ...(samples['/api/artists/:id/reviews'] ?? []),
    ...(samples['/api/artists/:id/availability'] ?? []),
  ];
  for (const url of publicUrls) {
    const answers = sameForAll.get(url);
    expect(answers, url).toBeDefined();
    for (const answer of answers ?? []) {
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['cache-control'] ?? '', url).not.toContain('private');
      expect(String(answer.headers.vary ?? ''), url).not.toMatch(/cookie/i);
    }
  }
});

async function firstJobId(moderation: string) {
  return (
    await t.db
      .selectFrom('jobs')
      .select('id')
      .where('moderation', '=', moderation)
      .executeTakeFirstOrThrow()
  ).id;
}

test('a private answer unchanged is still a 304 through its ETag, and stays private', async () => {
  const [, employer] = viewers;
  const first = await ask('/api/applications/user', employer ?? null);
  expect(first.statusCode).toBe(200);
  const etag = first.headers.etag as string;
  expect(etag).toBeTruthy();
  const again = await t.app.inject({
    url: '/api/applications/user',
    headers: { cookie: cookiesOf(employer ?? null), 'if-none-match': etag },
  });
  expect(again.statusCode).toBe(304);
  expect(isPerUser(again)).toBe(true);
});

test('a compressed private answer varies by both the encoding and the cookie', async () => {
  const [, employer] = viewers;
  const response = await t.app.inject({
    url: `/api/jobs?limit=100&employerId=${employer?.id}`,
    headers: { cookie: cookiesOf(employer ?? null), 'accept-encoding': 'gzip' },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('private, no-cache');
  const vary = String(response.headers.vary).toLowerCase();
  expect(vary).toContain('cookie');
  if (response.headers['content-encoding']) expect(vary).toContain('accept-encoding');
});
