/**
 * Signing up and in as the web app does, for tests and scripts: send-code, read the code that
 * was sent, verify-code (with a profile for a new user). The steps are written once here;
 * each way of reaching the server is a SignInTransport: over HTTP with fetch (below), in-process
 * with app.inject (tests/helpers/test-app.ts), or a browser's request client
 * (browser-sign-in.ts).
 */
import { randomInt } from 'node:crypto';
import type { Role } from '../../contracts/auth.ts';
import { api as paths } from '../../contracts/paths.ts';
import { api } from './http-api.ts';

/** A signed-in user: who, and the session cookie (`sid=...`) that acts as them. */
export interface SignedInUser {
  id: number;
  phone: string;
  cookie: string;
}

/** What a new user completes at sign-up. */
export interface NewProfile {
  firstName: string;
  lastName: string;
  role: Role;
  region: string;
}

/** One way to reach the sign-in routes of a server. */
export interface SignInTransport {
  /** POSTs a JSON body: the status, the parsed body and the Set-Cookie headers of the answer. */
  post(
    path: string,
    body: unknown,
  ): Promise<{ status: number; body: unknown; setCookies: string[] }>;
  /** The newest sign-in code sent to `phone`. */
  latestCode(phone: string): Promise<string>;
}

/**
 * Signs in through `transport`: a new user with `profile` (verify-code answers 201), an
 * existing one without (200). Throws, saying which step, when the server refuses.
 */
export async function signInWith(
  transport: SignInTransport,
  phone: string,
  profile?: NewProfile,
): Promise<SignedInUser> {
  const sent = await transport.post(paths.sendCode, { phoneNumber: phone, deliveryMethod: 'sms' });
  if (sent.status !== 200) {
    throw new Error(`send-code ${phone}: ${sent.status} ${JSON.stringify(sent.body)}`);
  }
  const code = await transport.latestCode(phone);
  const verified = await transport.post(paths.verifyCode, { phoneNumber: phone, code, ...profile });
  const body = verified.body as { isNewUser?: boolean; user?: { id: number } };
  if (verified.status !== (profile ? 201 : 200)) {
    throw new Error(`verify-code ${phone}: ${verified.status} ${JSON.stringify(body)}`);
  }
  if (!body.user) throw new Error(`${phone} is not a user yet: pass a profile to sign up`);
  const cookie = verified.setCookies
    .map((header) => header.split(';')[0] ?? '')
    .find((pair) => pair.startsWith('sid='));
  if (!cookie) throw new Error(`No session cookie for ${phone}`);
  return { id: body.user.id, phone, cookie };
}

/** The code in the newest message of a dev outbox answer (`GET /api/dev/outbox?to=`), if any. */
export function codeIn(messages: readonly { body: string }[]): string | undefined {
  return messages[0]?.body.match(/\b(\d{6})\b/)?.[1];
}

const usedPhones = new Set<string>();
/** A Ghana mobile number (+23324 and 7 random digits) that this process has not handed out. */
export function randomPhone(): string {
  for (;;) {
    const phone = `+23324${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
    if (!usedPhones.has(phone)) {
      usedPhones.add(phone);
      return phone;
    }
  }
}

/** Distinct MTN (+23355) numbers; the demo seed uses none in that range. */
export function phoneNumbers(count: number): string[] {
  const start = randomInt(1_000_000, 9_000_000 - count);
  return Array.from({ length: count }, (_, index) => `+23355${start + index}`);
}

/** The sign-in routes of a running server over HTTP, the code read from its dev outbox. */
function httpTransport(baseUrl: string): SignInTransport {
  return {
    async post(path, body) {
      const response = await api(baseUrl, 'POST', path, { body });
      return {
        status: response.status,
        body: response.body,
        setCookies: response.headers.getSetCookie(),
      };
    },
    async latestCode(phone) {
      const outbox = await api(
        baseUrl,
        'GET',
        `${paths.devOutbox}?to=${encodeURIComponent(phone)}`,
      );
      const code = codeIn(outbox.body as { body: string }[]);
      if (!code) throw new Error(`No code in the dev outbox for ${phone}`);
      return code;
    },
  };
}

/** Signs a new user up on a running server over HTTP. */
export function signUpUser(baseUrl: string, phone: string, role: Role = 'job_seeker') {
  return signInWith(httpTransport(baseUrl), phone, {
    firstName: 'Akosua',
    lastName: 'Tetteh',
    role,
    region: 'Greater Accra',
  });
}

/** Signs an existing user (a seeded one) in on a running server over HTTP. */
export function signInUser(baseUrl: string, phone: string) {
  return signInWith(httpTransport(baseUrl), phone);
}

/** Signs `count` users up, `concurrency` at a time. */
export async function signUpUsers(
  baseUrl: string,
  count: number,
  concurrency = 8,
  role: Role = 'job_seeker',
): Promise<SignedInUser[]> {
  const phones = phoneNumbers(count);
  const users: SignedInUser[] = [];
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
