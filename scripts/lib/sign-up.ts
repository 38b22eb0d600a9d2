import { randomInt } from 'node:crypto';
import { api } from './http-api.ts';

export interface TestUser {
  id: number;
  phone: string;
  cookie: string;
}

/** Distinct MTN (+23355) numbers; the demo seed uses none in that range. */
export function phoneNumbers(count: number): string[] {
  const start = randomInt(1_000_000, 9_000_000 - count);
  return Array.from({ length: count }, (_, index) => `+23355${start + index}`);
}

/** Signs up as the web app does: send-code, read the code from the dev outbox, verify with a profile. */
export async function signUpUser(
  baseUrl: string,
  phone: string,
  role = 'job_seeker',
): Promise<TestUser> {
  const sent = await api(baseUrl, 'POST', '/api/auth/send-code', {
    body: { phoneNumber: phone, deliveryMethod: 'sms' },
  });
  if (sent.status !== 200)
    throw new Error(`send-code ${phone}: ${sent.status} ${JSON.stringify(sent.body)}`);
  const outbox = await api(baseUrl, 'GET', `/api/dev/outbox?to=${encodeURIComponent(phone)}`);
  const [latest] = outbox.body as { body: string }[];
  const code = latest?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`No code in the dev outbox for ${phone}`);
  const verified = await api(baseUrl, 'POST', '/api/auth/verify-code', {
    body: {
      phoneNumber: phone,
      code,
      firstName: 'Akosua',
      lastName: 'Tetteh',
      role,
      region: 'Greater Accra',
    },
  });
  if (verified.status !== 201) {
    throw new Error(`verify-code ${phone}: ${verified.status} ${JSON.stringify(verified.body)}`);
  }
  const sid = verified.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .find((cookie) => cookie.startsWith('sid='));
  if (!sid) throw new Error(`No session cookie for ${phone}`);
  return { id: (verified.body as { user: { id: number } }).user.id, phone, cookie: sid };
}

/** Signs `count` users up, `concurrency` at a time. */
export async function signUpUsers(
  baseUrl: string,
  count: number,
  concurrency = 8,
  role = 'job_seeker',
): Promise<TestUser[]> {
  const phones = phoneNumbers(count);
  const users: TestUser[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < phones.length) {
        const phone = phones[next++] as string;
        users.push(await signUpUser(baseUrl, phone, role));
      }
    }),
  );
  return users;
}
