import type { TestApp } from './test-app.ts';

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
