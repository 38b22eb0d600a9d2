import { afterEach, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { OTP_MESSAGES, OTP_RULES } from '../auth/sign-in-codes.ts';
import { demoPhonesSparedSignInCaps } from './demo-sign-in.ts';
import { DEMO_USERS } from './seed/seed-data.ts';

const DEMO_PHONE = DEMO_USERS.employer.phoneNumber;
const OTHER_PHONE = '+233241999999';
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Asks for a code `times` times, a minute and a second apart, and answers each status. */
async function sendRepeatedly(app: TestApp, phoneNumber: string, times: number) {
  const statuses: number[] = [];
  for (let index = 0; index < times; index++) {
    const answer = await app.app.inject({
      method: 'POST',
      url: '/api/auth/send-code',
      payload: { phoneNumber, deliveryMethod: 'sms' },
    });
    statuses.push(answer.statusCode);
    if (answer.statusCode === 429) expect(answer.json().message).toBe(OTP_MESSAGES.phoneHourly);
    app.advance(OTP_RULES.secondsBetweenSends + 1);
  }
  return statuses;
}

test('in development with the dev transport, a demo number signs in again and again', async () => {
  t = await createTestApp({ config: { nodeEnv: 'development', otpTransport: 'dev' } });
  const times = OTP_RULES.sendsPerPhoneGroupDay + 2;
  expect(await sendRepeatedly(t, DEMO_PHONE, times)).toEqual(Array(times).fill(200));
  // One code a minute still holds for it, and every other number keeps its caps.
  const again = () =>
    t?.app.inject({
      method: 'POST',
      url: '/api/auth/send-code',
      payload: { phoneNumber: DEMO_PHONE, deliveryMethod: 'sms' },
    });
  expect((await again())?.statusCode).toBe(200);
  expect((await again())?.statusCode).toBe(429);
  expect(await sendRepeatedly(t, OTHER_PHONE, 4)).toEqual([200, 200, 200, 429]);

  // Wrong codes: past the per-phone caps, a demo number's guesses are still weighed (400).
  const guesses = async (phoneNumber: string) => {
    const statuses = new Set<number>();
    for (let index = 0; index <= OTP_RULES.failuresPerPhoneHour; index++) {
      const answer = await t?.app.inject({
        method: 'POST',
        url: '/api/auth/verify-code',
        remoteAddress: `203.0.113.${index < OTP_RULES.failuresPerPhoneGroupHour ? 1 : 2}`,
        payload: { phoneNumber, code: '000000' },
      });
      statuses.add(answer?.statusCode ?? 0);
    }
    return [...statuses];
  };
  expect(await guesses(DEMO_PHONE)).toEqual([400]);
  expect(await guesses(OTHER_PHONE)).toEqual([400, 429]);
});

test('in production and in tests the demo numbers keep every sign-in cap', async () => {
  for (const nodeEnv of ['production', 'test'] as const) {
    t = await createTestApp({ config: { nodeEnv, otpTransport: 'dev', cookieSecure: false } });
    expect(await sendRepeatedly(t, DEMO_PHONE, 4), nodeEnv).toEqual([200, 200, 200, 429]);
    await t.close();
    t = undefined;
  }
  expect(demoPhonesSparedSignInCaps({ nodeEnv: 'production', otpTransport: 'dev' }).size).toBe(0);
  expect(
    demoPhonesSparedSignInCaps({ nodeEnv: 'development', otpTransport: 'africastalking' }).size,
  ).toBe(0);
  expect([...demoPhonesSparedSignInCaps({ nodeEnv: 'development', otpTransport: 'dev' })]).toEqual(
    Object.values(DEMO_USERS).map((user) => user.phoneNumber),
  );
});
