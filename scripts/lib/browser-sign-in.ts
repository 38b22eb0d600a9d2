/**
 * Signing up and in with a Playwright request client (a browser context's, or a standalone
 * one), so the session cookie lands where the browser will use it: for the browser tests and
 * the screenshot script. The steps are sign-up.ts's.
 */
import type { APIRequestContext } from 'playwright-core';
import type { Role } from '../../contracts/auth.ts';
import { api } from '../../contracts/paths.ts';
import { codeIn, type NewProfile, randomPhone, type SignedInUser, signInWith } from './sign-up.ts';

/** The newest sign-in code sent to `phone`, read from the dev outbox. */
export async function latestCode(request: APIRequestContext, phone: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const response = await request.get(`${api.devOutbox}?to=${encodeURIComponent(phone)}`);
    if (response.ok()) {
      const code = codeIn((await response.json()) as { body: string }[]);
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No sign-in code in the dev outbox for ${phone}`);
}

function browserTransport(request: APIRequestContext) {
  return {
    async post(path: string, body: unknown) {
      const response = await request.post(path, { data: body });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        // not JSON: the error message shows the text
      }
      return {
        status: response.status(),
        body: parsed,
        setCookies: response
          .headersArray()
          .filter((header) => header.name.toLowerCase() === 'set-cookie')
          .map((header) => header.value),
      };
    },
    latestCode: (phone: string) => latestCode(request, phone),
  };
}

/** Signs a new user with a fresh phone up in the request client (and so its browser context). */
export async function signUp(
  request: APIRequestContext,
  role: Role,
  profile: Partial<Omit<NewProfile, 'role'>> = {},
): Promise<SignedInUser & { firstName: string }> {
  const firstName = profile.firstName ?? `Kojo${Math.floor(Math.random() * 1e4)}`;
  const user = await signInWith(browserTransport(request), randomPhone(), {
    firstName,
    lastName: profile.lastName ?? 'Mensah',
    role,
    region: profile.region ?? 'Central',
  });
  return { ...user, firstName };
}

/** Signs an existing user (such as a demo account) in, in the request client. */
export function signIn(request: APIRequestContext, phone: string): Promise<SignedInUser> {
  return signInWith(browserTransport(request), phone);
}
