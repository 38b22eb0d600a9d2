import { expect, test } from 'vitest';
import { NEW_EMPLOYER, numberWithCode } from '../../tests/helpers/sign-in-calls.ts';
import { sessionCookie, signUp, testAppFor } from '../../tests/helpers/test-app.ts';

/**
 * Sessions: signed out is 401, logout ends the session on the server from this site only, sessions
 * slide and are stored hashed, and the readable hint follows the session.
 */
const t = testAppFor('each');

test('GET /api/auth/user is 401 when signed out', async () => {
  const response = await t.app.inject({ url: '/api/auth/user' });
  expect(response.statusCode).toBe(401);
  expect(response.json().message).toBeTruthy();
});

test('logout revokes the session server-side, clears the cookie and redirects to /', async () => {
  const user = await signUp(t);
  const response = await t.app.inject({
    url: '/api/logout',
    headers: { cookie: user.cookie, 'sec-fetch-site': 'same-origin' },
  });
  expect(response.statusCode).toBe(302);
  expect(response.headers.location).toBe('/');
  expect(String(response.headers['set-cookie'])).toMatch(/sid=;/);
  const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie: user.cookie } });
  expect(me.statusCode).toBe(401);
  expect(await t.db.selectFrom('sessions').selectAll().execute()).toHaveLength(0);
});

test('a logout link on another site, or a HEAD, sends home without signing out', async () => {
  const user = await signUp(t);
  const signedIn = async () =>
    (await t.app.inject({ url: '/api/auth/user', headers: { cookie: user.cookie } })).statusCode;
  const attempts = [
    { method: 'GET', headers: { 'sec-fetch-site': 'cross-site' } },
    { method: 'GET', headers: { 'sec-fetch-site': 'same-site' } },
    { method: 'GET', headers: { referer: 'https://evil.example/page' } },
    { method: 'GET', headers: {} }, // no Sec-Fetch-Site and no Referer: a no-referrer link
    { method: 'HEAD', headers: { 'sec-fetch-site': 'same-origin' } },
  ] as const;
  for (const attempt of attempts) {
    const response = await t.app.inject({
      method: attempt.method,
      url: '/api/logout',
      headers: { cookie: user.cookie, ...attempt.headers },
    });
    expect(response.statusCode, JSON.stringify(attempt)).toBe(302);
    expect(response.headers.location).toBe('/');
    expect(String(response.headers['set-cookie'])).not.toMatch(/sid=;/);
    expect(await signedIn()).toBe(200);
  }
  // A browser without Sec-Fetch-Site, following the app's own link, shows where it came from.
  const own = await t.app.inject({
    url: '/api/logout',
    headers: { cookie: user.cookie, host: 'gigs.example', referer: 'https://gigs.example/jobs' },
  });
  expect(own.statusCode).toBe(302);
  expect(await signedIn()).toBe(401);
});

test('POST /api/logout signs out from this site only', async () => {
  const user = await signUp(t);
  const crossSite = await t.app.inject({
    method: 'POST',
    url: '/api/logout',
    headers: { cookie: user.cookie, 'sec-fetch-site': 'cross-site' },
  });
  expect(crossSite.statusCode).toBe(403);
  expect(
    (await t.app.inject({ url: '/api/auth/user', headers: { cookie: user.cookie } })).statusCode,
  ).toBe(200);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/logout',
    headers: { cookie: user.cookie, 'sec-fetch-site': 'same-origin' },
  });
  expect(response.statusCode).toBe(204);
  expect(String(response.headers['set-cookie'])).toMatch(/sid=;/);
  expect(
    (await t.app.inject({ url: '/api/auth/user', headers: { cookie: user.cookie } })).statusCode,
  ).toBe(401);
});

test('sessions slide: idle for 30 days ends them, activity keeps them', async () => {
  const user = await signUp(t);
  t.advance(29 * 24 * 3600);
  expect(
    (await t.app.inject({ url: '/api/auth/user', headers: { cookie: user.cookie } })).statusCode,
  ).toBe(200);
  t.advance(29 * 24 * 3600);
  expect(
    (await t.app.inject({ url: '/api/auth/user', headers: { cookie: user.cookie } })).statusCode,
  ).toBe(200);
  t.advance(31 * 24 * 3600);
  expect(
    (await t.app.inject({ url: '/api/auth/user', headers: { cookie: user.cookie } })).statusCode,
  ).toBe(401);
});

test('session ids are stored hashed', async () => {
  const user = await signUp(t);
  const token = user.cookie.split('=')[1] ?? '';
  const sessions = await t.db.selectFrom('sessions').select('id_hash').execute();
  expect(sessions).toHaveLength(1);
  expect(sessions[0]?.id_hash).not.toBe(token);
  expect(Buffer.from(token, 'base64url')).toHaveLength(32);
});

test('the readable signed-in hint comes and goes with the session, so visitors never ask', async () => {
  const hint = (response: { headers: Record<string, unknown> }) =>
    ([] as string[])
      .concat((response.headers['set-cookie'] as string | string[] | undefined) ?? [])
      .find((cookie) => cookie.startsWith('signed_in='));
  const { verify } = await numberWithCode(t);
  const signUpResponse = await verify({ ...NEW_EMPLOYER });
  const set = hint(signUpResponse);
  expect(set).toMatch(/^signed_in=1;/);
  expect(set).not.toMatch(/HttpOnly/i);
  expect(set).toMatch(/Max-Age=2592000/);
  const cookie = sessionCookie(signUpResponse);

  // A session from before the hint existed gains it on its next API call; one with it is left be.
  const healed = await t.app.inject({ url: '/api/jobs', headers: { cookie } });
  expect(hint(healed)).toMatch(/^signed_in=1;/);
  const quiet = await t.app.inject({
    url: '/api/jobs',
    headers: { cookie: `${cookie}; signed_in=1` },
  });
  expect(hint(quiet)).toBeUndefined();

  // Signing out clears it.
  const out = await t.app.inject({
    url: '/api/logout',
    headers: { cookie: `${cookie}; signed_in=1`, 'sec-fetch-site': 'same-origin' },
  });
  expect(hint(out)).toMatch(/^signed_in=;/);

  // A hint left over from an ended session is cleared by the next API call.
  const stale = await t.app.inject({
    url: '/api/jobs',
    headers: { cookie: `${cookie}; signed_in=1` },
  });
  expect(stale.statusCode).toBe(200);
  expect(hint(stale)).toMatch(/^signed_in=;/);
});
