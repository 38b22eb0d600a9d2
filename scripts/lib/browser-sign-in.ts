/**
 * Signing in over HTTP with a Playwright request client (a browser context's, or a standalone
 * one), so the session cookie lands where the browser will use it: for the browser tests and
 * the screenshot script.
 */
import type { APIRequestContext } from 'playwright-core';
import type { Role } from '../../contracts/auth.ts';
import { api } from '../../contracts/paths.ts';

/** A fresh MTN-range number (+23324 and 7 random digits), so each test has its own users. */
export function randomPhone(): string {
  const digits = Array.from({ length: 7 }, () => Math.floor(Math.random() * 10)).join('');
  return `+23324${digits}`;
}

/** The newest sign-in code sent to `phone`, read from the dev outbox. */
export async function latestCode(request: APIRequestContext, phone: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const response = await request.get(`${api.devOutbox}?to=${encodeURIComponent(phone)}`);
    if (response.ok()) {
      const messages = (await response.json()) as { body: string }[];
      const code = messages[0] ? /\b(\d{6})\b/.exec(messages[0].body)?.[1] : undefined;
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No sign-in code in the dev outbox for ${phone}`);
}

interface Profile {
  firstName: string;
  lastName: string;
  role: Role;
  region: string;
}

/**
 * Signs in through the API with the browser context's request client, so the session cookie
 * lands in the context. With a profile it signs a new user up; without, it signs in an
 * existing one (such as a demo account).
 */
export async function signInViaApi(
  request: APIRequestContext,
  phone: string,
  profile?: Profile,
): Promise<void> {
  const sent = await request.post(api.sendCode, {
    data: { phoneNumber: phone, deliveryMethod: 'sms' },
  });
  if (!sent.ok()) throw new Error(`send-code failed: ${sent.status()} ${await sent.text()}`);
  const code = await latestCode(request, phone);
  const verified = await request.post(api.verifyCode, {
    data: { phoneNumber: phone, code, ...profile },
  });
  if (!verified.ok())
    throw new Error(`verify-code failed: ${verified.status()} ${await verified.text()}`);
  const body = (await verified.json()) as { isNewUser: boolean };
  if (body.isNewUser) throw new Error(`${phone} is not a user yet: pass a profile to sign up`);
}
