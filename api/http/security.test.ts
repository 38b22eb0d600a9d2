import { expect, test } from 'vitest';
import {
  createTestApp,
  postBody,
  signUp,
  testAppFor,
  validJob,
} from '../../tests/helpers/test-app.ts';

const t = testAppFor('each');

const countJobs = async () => (await t.db.selectFrom('jobs').select('id').execute()).length;

test('a cross-site POST is refused and changes nothing', async () => {
  const employer = await signUp(t, 'employer');
  for (const headers of [
    { 'sec-fetch-site': 'cross-site' },
    { 'sec-fetch-site': 'same-site' },
    { origin: 'https://evil.example' },
  ]) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/jobs',
      headers: { cookie: employer.cookie, host: 'gigs.test', ...headers },
      payload: validJob,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Cross-site requests are not allowed');
  }
  expect(await countJobs()).toBe(0);
});

test('a same-origin POST passes and is saved; only where it came from differs from a refused one', async () => {
  const employer = await signUp(t, 'employer');
  const post = (headers: Record<string, string>, title: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/jobs',
      headers: { cookie: employer.cookie, host: 'gigs.test', ...headers },
      payload: { ...validJob, title },
    });
  const fromHere = await post(
    { origin: 'http://gigs.test', 'sec-fetch-site': 'same-origin' },
    'Tiler for a kitchen in Ho',
  );
  expect(fromHere.statusCode).toBe(201);
  expect(fromHere.json().title).toBe('Tiler for a kitchen in Ho');
  // A browser that sends no Sec-Fetch-Site is judged by its Origin: this host passes.
  const byOrigin = await post({ origin: 'https://gigs.test' }, 'Painter for a school in Wa');
  expect(byOrigin.statusCode).toBe(201);
  // The same request from another site is refused.
  const fromElsewhere = await post({ origin: 'http://evil.test' }, 'Cook for a hotel in Tema');
  expect(fromElsewhere.statusCode).toBe(403);
  const titles = (await t.db.selectFrom('jobs').select('title').orderBy('id').execute()).map(
    (row) => row.title,
  );
  expect(titles).toEqual(['Tiler for a kitchen in Ho', 'Painter for a school in Wa']);
});

test('a form-encoded POST (what a cross-site form can send) is refused with 415', async () => {
  const employer = await signUp(t, 'employer');
  const response = await postBody(
    t,
    employer,
    '/api/jobs',
    'application/x-www-form-urlencoded',
    'title=Hello+there&description=abc',
  );
  expect(response.statusCode).toBe(415);
  expect(response.json().message).toBe('Send the request body as JSON');
  const textPlain = await postBody(
    t,
    employer,
    '/api/jobs',
    'text/plain',
    JSON.stringify(validJob),
  );
  expect(textPlain.statusCode).toBe(415);
  expect(await countJobs()).toBe(0);
});

test('bodies over 64 KB are refused with 413', async () => {
  const employer = await signUp(t, 'employer');
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/jobs',
    headers: { cookie: employer.cookie },
    payload: { ...validJob, description: 'x'.repeat(70 * 1024) },
  });
  expect(response.statusCode).toBe(413);
  expect(response.json().message).toBe('The request is too large');
});

test('security headers: strict CSP, no framing, nosniff, referrer policy', async () => {
  const response = await t.app.inject({ url: '/api/jobs' });
  const csp = String(response.headers['content-security-policy']);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).not.toContain('unsafe-inline');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(response.headers['strict-transport-security']).toBeUndefined();
});

test('HSTS and a __Host- secure cookie in production', async () => {
  const production = await createTestApp({ config: { nodeEnv: 'production', cookieSecure: true } });
  try {
    const response = await production.app.inject({ url: '/api/jobs' });
    expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    const phone = '+233245550001';
    await production.app.inject({
      method: 'POST',
      url: '/api/auth/send-code',
      payload: { phoneNumber: phone, deliveryMethod: 'sms' },
    });
    const outbox = await production.app.inject({
      url: `/api/dev/outbox?to=${encodeURIComponent(phone)}`,
    });
    const code = outbox.json()[0].body.match(/\d{6}/)[0];
    const signup = await production.app.inject({
      method: 'POST',
      url: '/api/auth/verify-code',
      payload: {
        phoneNumber: phone,
        code,
        firstName: 'Ama',
        lastName: 'Ofori',
        role: 'employer',
        region: 'Oti',
      },
    });
    const cookie = String(signup.headers['set-cookie']);
    expect(cookie).toMatch(/^__Host-sid=/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Domain=/i);
    // The readable hint beside it follows the same host-only, secure rules.
    const hint = ([] as string[])
      .concat(signup.headers['set-cookie'] ?? [])
      .find((item) => item.startsWith('__Host-signed_in='));
    expect(hint).toMatch(/^__Host-signed_in=1;/);
    expect(hint).toMatch(/Secure/);
    expect(hint).toMatch(/Path=\//);
    expect(hint).not.toMatch(/HttpOnly|Domain=/i);
  } finally {
    await production.close();
  }
});

test('signing in again rotates the session: the old id stops working', async () => {
  const user = await signUp(t);
  t.advance(61);
  await t.app.inject({
    method: 'POST',
    url: '/api/auth/send-code',
    payload: { phoneNumber: user.phone, deliveryMethod: 'sms' },
  });
  const outbox = await t.app.inject({
    url: `/api/dev/outbox?to=${encodeURIComponent(user.phone)}`,
  });
  const code = outbox.json()[0].body.match(/\d{6}/)[0];
  const again = await t.app.inject({
    method: 'POST',
    url: '/api/auth/verify-code',
    headers: { cookie: user.cookie },
    payload: { phoneNumber: user.phone, code },
  });
  expect(again.statusCode).toBe(200);
  const old = await t.app.inject({ url: '/api/auth/user', headers: { cookie: user.cookie } });
  expect(old.statusCode).toBe(401);
});
