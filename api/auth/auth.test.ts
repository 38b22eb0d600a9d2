import { expect, test } from 'vitest';
import { RESERVED_NAME_MESSAGES } from '../../contracts/reserved-names.ts';
import { CODE_MESSAGE, PHONE_MESSAGE } from '../../contracts/sign-in.ts';
import {
  createTestApp,
  latestCode,
  randomPhone,
  sessionCookie,
  signUp,
  testAppFor,
} from '../../tests/helpers/test-app.ts';
import { OTP_MESSAGES, OTP_RULES } from './sign-in-codes.ts';

const t = testAppFor('each');

const sendCode = (phoneNumber: string, extra: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/send-code',
    payload: { phoneNumber, deliveryMethod: 'sms', ...extra },
  });
const verify = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/verify-code', payload });
const profile = { firstName: 'Kofi', lastName: 'Boateng', role: 'employer', region: 'Volta' };

test('send-code sends a 6-digit code to the dev outbox and stores only its hash', async () => {
  const phone = randomPhone();
  const response = await sendCode(phone, { deliveryMethod: 'whatsapp' });
  expect(response.statusCode).toBe(200);
  const outbox = await t.app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(phone)}` });
  const [message] = outbox.json();
  expect(message).toMatchObject({ to: phone, channel: 'whatsapp' });
  const code = await latestCode(t.app, phone);
  expect(code).toMatch(/^\d{6}$/);
  const stored = await t.db.selectFrom('otp_codes').selectAll().executeTakeFirstOrThrow();
  expect(stored.code_hash).not.toContain(code);
  expect(stored.code_hash).toMatch(/^[0-9a-f]{64}$/);
});

test('send-code refuses a badly formed phone with the spec message and sends nothing', async () => {
  for (const phoneNumber of ['0241234567', '+23324123456', '+2332412345678', '+234241234567', 42]) {
    const response = await sendCode(phoneNumber as string);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: PHONE_MESSAGE,
      errors: { phoneNumber: PHONE_MESSAGE },
    });
  }
  expect(await t.db.selectFrom('message_outbox').selectAll().execute()).toHaveLength(0);
});

test('a new number with the right code is told isNewUser and the code stays usable', async () => {
  const phone = randomPhone();
  await sendCode(phone);
  const code = await latestCode(t.app, phone);
  const first = await verify({ phoneNumber: phone, code });
  expect(first.statusCode).toBe(200);
  expect(first.json()).toEqual({ isNewUser: true });
  expect(first.cookies).toHaveLength(0);

  const signup = await verify({ phoneNumber: phone, code, ...profile });
  expect(signup.statusCode).toBe(201);
  const body = signup.json();
  expect(body.isNewUser).toBe(false);
  expect(body.user).toMatchObject({
    phoneNumber: phone,
    firstName: 'Kofi',
    lastName: 'Boateng',
    role: 'employer',
    region: 'Volta',
    phoneVerified: true,
    emailVerified: false,
  });

  const me = await t.app.inject({
    url: '/api/auth/user',
    headers: { cookie: sessionCookie(signup) },
  });
  expect(me.statusCode).toBe(200);
  expect(me.json().id).toBe(body.user.id);
});

test('the code is single use: after sign-up it cannot sign in again', async () => {
  const phone = randomPhone();
  await sendCode(phone);
  const code = await latestCode(t.app, phone);
  expect((await verify({ phoneNumber: phone, code, ...profile })).statusCode).toBe(201);
  const again = await verify({ phoneNumber: phone, code });
  expect(again.statusCode).toBe(400);
  expect(again.json().message).toBe(OTP_MESSAGES.wrongCode);
});

test('a known user signs in with isNewUser false and a fresh session', async () => {
  const user = await signUp(t, 'job_seeker');
  t.advance(61);
  await sendCode(user.phone);
  const code = await latestCode(t.app, user.phone);
  const response = await verify({ phoneNumber: user.phone, code });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toMatchObject({ isNewUser: false, user: { id: user.id } });
  const cookie = sessionCookie(response);
  expect(cookie).not.toBe(user.cookie);
  const cookieHeader = response.headers['set-cookie'];
  expect(String(cookieHeader)).toMatch(/HttpOnly/i);
  expect(String(cookieHeader)).toMatch(/SameSite=Lax/i);
  expect(String(cookieHeader)).toMatch(/Path=\//);
});

test('sign-up validates the profile with the spec messages', async () => {
  const phone = randomPhone();
  await sendCode(phone);
  const code = await latestCode(t.app, phone);
  const response = await verify({
    phoneNumber: phone,
    code,
    firstName: ' ',
    lastName: '',
    region: '',
  });
  expect(response.statusCode).toBe(400);
  expect(response.json().errors).toEqual({
    firstName: 'First name is required',
    lastName: 'Last name is required',
    region: 'Region is required',
  });
  expect(await t.db.selectFrom('users').selectAll().execute()).toHaveLength(0);
});

test('names made only of invisible characters are refused; bidi controls are stripped', async () => {
  const phone = randomPhone();
  await sendCode(phone);
  const code = await latestCode(t.app, phone);
  const invisible = await verify({
    phoneNumber: phone,
    code,
    firstName: '\u200b\u200d\u2060',
    lastName: '\u3164\u202e\u00ad\ufeff',
    region: 'Volta',
  });
  expect(invisible.statusCode).toBe(400);
  expect(invisible.json().errors).toEqual({
    firstName: 'First name is required',
    lastName: 'Last name is required',
  });
  expect(await t.db.selectFrom('users').selectAll().execute()).toHaveLength(0);

  // "\u202eusuwO" would show as "Owusu" reversed into whatever follows it.
  const created = await verify({
    phoneNumber: phone,
    code,
    firstName: '\u202eAma\u202c',
    lastName: 'Ow\u2066usu\u0000 \n Junior',
    role: 'artist',
    region: 'Volta',
  });
  expect(created.statusCode).toBe(201);
  expect(created.json().user).toMatchObject({ firstName: 'Ama', lastName: 'Owusu Junior' });
  const artist = await t.db.selectFrom('artists').select('stage_name').executeTakeFirstOrThrow();
  expect(artist.stage_name).toBe('Ama Owusu Junior');
});

test('a name that passes for Ghana Gigs or a network is refused at sign-up: each name, and both together', async () => {
  const phone = randomPhone();
  await sendCode(phone);
  const code = await latestCode(t.app, phone);
  for (const [firstName, lastName, errors] of [
    ['MTN', 'Mensah', { firstName: RESERVED_NAME_MESSAGES.reserved }],
    ['Kofi', 'Gh\u0430na Gigs', { lastName: RESERVED_NAME_MESSAGES.reserved }],
    ['M0M0', 'Official', { firstName: RESERVED_NAME_MESSAGES.reserved }],
    // Each alone is a name; together they read "Ghana Gigs Support" in an SMS.
    ['Ghana', 'Gigs Support', { lastName: RESERVED_NAME_MESSAGES.reserved }],
    ['Telecel', 'Admin', { firstName: RESERVED_NAME_MESSAGES.reserved }],
  ] as const) {
    const refused = await verify({
      phoneNumber: phone,
      code,
      firstName,
      lastName,
      region: 'Volta',
    });
    expect(refused.statusCode, `${firstName} ${lastName}`).toBe(400);
    expect(refused.json().errors).toEqual(errors);
  }
  expect(await t.db.selectFrom('users').selectAll().execute()).toHaveLength(0);
  // Admin is someone's name when no brand stands beside it.
  const created = await verify({
    phoneNumber: phone,
    code,
    firstName: 'Kofi',
    lastName: 'Admin',
    region: 'Volta',
  });
  expect(created.statusCode).toBe(201);
});

test('a name needs a letter or digit; format, private-use and unassigned characters are removed', async () => {
  const phone = randomPhone();
  await sendCode(phone);
  const code = await latestCode(t.app, phone);
  for (const [firstName, lastName] of [
    ['\ufff9\ufffa\ufffb', '\u{13430}\u{13431}'], // annotation and hieroglyph format marks
    ['\ue000\u{f0000}', '\uffff\u0378'], // private use; unassigned
    ['\u2800\u0301', '\u{1f1ec}\u{1f1ed} ***'], // a blank, a lone accent; a flag and stars
  ]) {
    const refused = await verify({
      phoneNumber: phone,
      code,
      firstName,
      lastName,
      region: 'Volta',
    });
    expect(refused.statusCode, JSON.stringify([firstName, lastName])).toBe(400);
    expect(refused.json().errors).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
    });
  }
  expect(await t.db.selectFrom('users').selectAll().execute()).toHaveLength(0);
  const created = await verify({
    phoneNumber: phone,
    code,
    firstName: 'A\ufff9ma\ue000',
    lastName: 'Ow\uffffusu 2',
    region: 'Volta',
  });
  expect(created.statusCode).toBe(201);
  expect(created.json().user).toMatchObject({ firstName: 'Ama', lastName: 'Owusu 2' });
});

test('verify-code refuses a malformed code with the spec message', async () => {
  const response = await verify({ phoneNumber: randomPhone(), code: '12a' });
  expect(response.statusCode).toBe(400);
  expect(response.json().errors).toEqual({ code: CODE_MESSAGE });
});

test('a code expires after 10 minutes', async () => {
  const phone = randomPhone();
  await sendCode(phone);
  const code = await latestCode(t.app, phone);
  t.advance(10 * 60 + 1);
  const response = await verify({ phoneNumber: phone, code });
  expect(response.statusCode).toBe(400);
  expect(response.json().message).toBe(OTP_MESSAGES.wrongCode);
});

test('a code dies after 5 wrong tries, even for the right code afterwards', async () => {
  const phone = randomPhone();
  await sendCode(phone);
  const code = await latestCode(t.app, phone);
  const wrong = code === '000000' ? '111111' : '000000';
  for (let attempt = 1; attempt <= 4; attempt += 1) {
    const response = await verify({ phoneNumber: phone, code: wrong });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(OTP_MESSAGES.wrongCode);
  }
  const fifth = await verify({ phoneNumber: phone, code: wrong });
  expect(fifth.statusCode).toBe(429);
  expect(fifth.headers['retry-after']).toBeDefined();
  const right = await verify({ phoneNumber: phone, code });
  expect(right.statusCode).toBe(400);
  expect(right.json().message).toBe(OTP_MESSAGES.wrongCode);
});

test('a new send from the same address replaces its old code', async () => {
  const phone = randomPhone();
  await sendCode(phone);
  const first = await latestCode(t.app, phone);
  t.advance(61);
  await sendCode(phone);
  const second = await latestCode(t.app, phone);
  if (first !== second) {
    expect((await verify({ phoneNumber: phone, code: first })).statusCode).toBe(400);
  }
  expect((await verify({ phoneNumber: phone, code: second })).json()).toEqual({ isNewUser: true });
});

test('sends to one phone: 60 s apart and 3 an hour from one address, 12 from all, with Retry-After', async () => {
  const phone = randomPhone();
  const sendFrom = (remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/send-code',
      remoteAddress,
      payload: { phoneNumber: phone, deliveryMethod: 'sms' },
    });
  const addresses = ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4'];
  expect((await sendFrom('198.51.100.1')).statusCode).toBe(200);
  const tooSoon = await sendFrom('198.51.100.1');
  expect(tooSoon.statusCode).toBe(429);
  expect(tooSoon.json().message).toBe(OTP_MESSAGES.tooSoon);
  expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(50);
  // The minute is per address: the owner elsewhere is not kept waiting.
  for (const address of addresses.slice(1)) expect((await sendFrom(address)).statusCode).toBe(200);
  for (let send = 2; send <= OTP_RULES.sendsPerPhoneGroupHour; send += 1) {
    t.advance(61);
    for (const address of addresses) expect((await sendFrom(address)).statusCode).toBe(200);
  }
  t.advance(61);
  const fourth = await sendFrom('198.51.100.1');
  expect(fourth.statusCode).toBe(429);
  expect(fourth.json().message).toBe(OTP_MESSAGES.phoneHourly);
  // Twelve in the hour from all addresses is the phone's total.
  const thirteenth = await sendFrom('198.51.100.5');
  expect(thirteenth.statusCode).toBe(429);
  expect(thirteenth.json().message).toBe(OTP_MESSAGES.phoneHourly);
  expect(Number(thirteenth.headers['retry-after'])).toBeGreaterThan(3000);
  t.advance(60 * 60);
  expect((await sendFrom('198.51.100.1')).statusCode).toBe(200);
});

test('sends from one client address are capped per hour', async () => {
  const limited = await createTestApp({ config: { otpSendsPerIpHour: 3 } });
  try {
    const send = (phone: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/auth/send-code',
        payload: { phoneNumber: phone, deliveryMethod: 'sms' },
      });
    for (let i = 0; i < 3; i += 1) expect((await send(randomPhone())).statusCode).toBe(200);
    const refused = await send(randomPhone());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(OTP_MESSAGES.ipHourly);
    expect(refused.headers['retry-after']).toBeDefined();
  } finally {
    await limited.close();
  }
});

test('a failed gateway answers 502 "Failed to send code" and leaves no usable code', async () => {
  const failing = await createTestApp({
    transport: {
      name: 'africastalking',
      send: async () => {
        throw new Error('gateway down');
      },
    },
  });
  try {
    const phone = randomPhone();
    const response = await failing.app.inject({
      method: 'POST',
      url: '/api/auth/send-code',
      payload: { phoneNumber: phone, deliveryMethod: 'sms' },
    });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ message: 'Failed to send code' });
    expect(await failing.db.selectFrom('otp_codes').selectAll().execute()).toHaveLength(0);
    // The dev outbox is not served with a real gateway.
    expect((await failing.app.inject({ url: '/api/dev/outbox' })).statusCode).toBe(404);
  } finally {
    await failing.close();
  }
});

test('GET /api/auth/user is 401 when signed out', async () => {
  const response = await t.app.inject({ url: '/api/auth/user' });
  expect(response.statusCode).toBe(401);
  expect(response.json().message).toBeTruthy();
});

test('an artist sign-up also creates the artist profile', async () => {
  const artist = await signUp(t, 'artist', {
    firstName: 'Efua',
    lastName: 'Asante',
    region: 'Central',
  });
  const row = await t.db
    .selectFrom('artists')
    .selectAll()
    .where('user_id', '=', artist.id)
    .executeTakeFirstOrThrow();
  expect(row).toMatchObject({ stage_name: 'Efua Asante', region: 'Central' });
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
  const phone = randomPhone();
  await sendCode(phone);
  const signUpResponse = await verify({
    phoneNumber: phone,
    code: await latestCode(t.app, phone),
    ...profile,
  });
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
