import { latestCode, randomPhone, type TestApp } from './test-app.ts';

interface From {
  /** The client's address (light-my-request's default, 127.0.0.1, unless told). */
  remoteAddress?: string;
  headers?: Record<string, string>;
}

/** POST /api/auth/send-code: a code by SMS to `phoneNumber`, with any other fields in `extra`. */
export function sendCode(
  t: TestApp,
  phoneNumber: string,
  extra: Record<string, unknown> = {},
  from: From = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/send-code',
    ...from,
    payload: { phoneNumber, deliveryMethod: 'sms', ...extra },
  });
}

/** POST /api/auth/verify-code with `payload` (phone, code and, to sign up, the profile). */
export function verifyCode(t: TestApp, payload: Record<string, unknown>, from: From = {}) {
  return t.app.inject({ method: 'POST', url: '/api/auth/verify-code', ...from, payload });
}

/** The profile a new number signs up with in the sign-in tests. */
export const NEW_EMPLOYER = {
  firstName: 'Kofi',
  lastName: 'Boateng',
  role: 'employer',
  region: 'Volta',
} as const;

/**
 * A new number that has been sent a code by SMS: the number, the code the dev outbox holds, and
 * a verify-code call with both and whatever else is given (a profile to sign up with).
 */
export async function numberWithCode(t: TestApp) {
  const phone = randomPhone();
  await sendCode(t, phone);
  const code = await latestCode(t.app, phone);
  const verify = (fields: Record<string, unknown> = {}) =>
    verifyCode(t, { phoneNumber: phone, code, ...fields });
  return { phone, code, verify };
}
