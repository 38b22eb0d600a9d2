import { expect, test } from 'vitest';
import { CODE_MESSAGE, PHONE_MESSAGE } from '../../contracts/sign-in.ts';
import {
  NEW_EMPLOYER,
  numberWithCode,
  sendCode,
  verifyCode,
} from '../../tests/helpers/sign-in-calls.ts';
import {
  createTestApp,
  latestCode,
  randomPhone,
  sessionCookie,
  signUp,
  testAppFor,
} from '../../tests/helpers/test-app.ts';
import { OTP_MESSAGES, OTP_RULES } from './sign-in-codes.ts';

/**
 * Sign-in codes through the real app: sent, stored hashed, single use, expiring, limited in tries
 * and sends, and never usable when the gateway fails; a new number signs up, a known one signs in.
 */
const t = testAppFor('each');

test('send-code sends a 6-digit code to the dev outbox and stores only its hash', async () => {
  const phone = randomPhone();
  const response = await sendCode(t, phone, { deliveryMethod: 'whatsapp' });
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
    const response = await sendCode(t, phoneNumber as string);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: PHONE_MESSAGE,
      errors: { phoneNumber: PHONE_MESSAGE },
    });
  }
  expect(await t.db.selectFrom('message_outbox').selectAll().execute()).toHaveLength(0);
});

test('a new number with the right code is told isNewUser and the code stays usable', async () => {
  const { phone, verify } = await numberWithCode(t);
  const first = await verify();
  expect(first.statusCode).toBe(200);
  expect(first.json()).toEqual({ isNewUser: true });
  expect(first.cookies).toHaveLength(0);

  const signup = await verify({ ...NEW_EMPLOYER });
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
  const { verify } = await numberWithCode(t);
  expect((await verify({ ...NEW_EMPLOYER })).statusCode).toBe(201);
  const again = await verify();
  expect(again.statusCode).toBe(400);
  expect(again.json().message).toBe(OTP_MESSAGES.wrongCode);
});

test('a known user signs in with isNewUser false and a fresh session', async () => {
  const user = await signUp(t, 'job_seeker');
  t.advance(61);
  await sendCode(t, user.phone);
  const code = await latestCode(t.app, user.phone);
  const response = await verifyCode(t, { phoneNumber: user.phone, code });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toMatchObject({ isNewUser: false, user: { id: user.id } });
  const cookie = sessionCookie(response);
  expect(cookie).not.toBe(user.cookie);
  const cookieHeader = response.headers['set-cookie'];
  expect(String(cookieHeader)).toMatch(/HttpOnly/i);
  expect(String(cookieHeader)).toMatch(/SameSite=Lax/i);
  expect(String(cookieHeader)).toMatch(/Path=\//);
});

test('verify-code refuses a malformed code with the spec message', async () => {
  const response = await verifyCode(t, { phoneNumber: randomPhone(), code: '12a' });
  expect(response.statusCode).toBe(400);
  expect(response.json().errors).toEqual({ code: CODE_MESSAGE });
});

test('a code expires after 10 minutes', async () => {
  const { verify } = await numberWithCode(t);
  t.advance(10 * 60 + 1);
  const response = await verify();
  expect(response.statusCode).toBe(400);
  expect(response.json().message).toBe(OTP_MESSAGES.wrongCode);
});

test('a code dies after 5 wrong tries, even for the right code afterwards', async () => {
  const { phone, code, verify } = await numberWithCode(t);
  const wrong = code === '000000' ? '111111' : '000000';
  for (let attempt = 1; attempt <= 4; attempt += 1) {
    const response = await verifyCode(t, { phoneNumber: phone, code: wrong });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(OTP_MESSAGES.wrongCode);
  }
  const fifth = await verifyCode(t, { phoneNumber: phone, code: wrong });
  expect(fifth.statusCode).toBe(429);
  expect(fifth.headers['retry-after']).toBeDefined();
  const right = await verify();
  expect(right.statusCode).toBe(400);
  expect(right.json().message).toBe(OTP_MESSAGES.wrongCode);
});

test('a new send from the same address replaces its old code', async () => {
  const phone = randomPhone();
  await sendCode(t, phone);
  const first = await latestCode(t.app, phone);
  t.advance(61);
  await sendCode(t, phone);
  const second = await latestCode(t.app, phone);
  if (first !== second) {
    expect((await verifyCode(t, { phoneNumber: phone, code: first })).statusCode).toBe(400);
  }
  expect((await verifyCode(t, { phoneNumber: phone, code: second })).json()).toEqual({
    isNewUser: true,
  });
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
