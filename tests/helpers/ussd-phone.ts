import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { gsm7Length, isGsm7, USSD_MAX } from '../../api/messages/gsm7.ts';
import type { Booking } from '../../contracts/bookings.ts';
import { call } from './escrow-world.ts';
import { type SignedInUser, type TestApp, type TestAppOptions, testAppFor } from './test-app.ts';

/**
 * A fresh test app for each test with its USSD callback on at a secret token of its own (the
 * other options as `testAppFor` takes them), and the gateway that calls it.
 */
export function ussdAppForEachTest(options: TestAppOptions = {}) {
  const token = randomBytes(24).toString('hex');
  const t = testAppFor('each', {
    ...options,
    config: { ...options.config, ussdCallbackToken: token },
  });
  return { t, token, ...ussdGateway(t, token) };
}

/**
 * Africa's Talking's side of the USSD callback, against a test app: `callback` posts one
 * request as the gateway does (the session, the caller, every input so far joined by `*`), and
 * `dial` is one session of a handset.
 */
export function ussdGateway(t: Pick<TestApp, 'app'>, token: string) {
  const callback = (phoneNumber: string, sessionId: string, inputs: readonly string[]) =>
    t.app.inject({
      method: 'POST',
      url: `/api/ussd/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        sessionId,
        serviceCode: '*384*1234#',
        phoneNumber,
        networkCode: '62001',
        text: inputs.join('*'),
      }).toString(),
    });

  /**
   * One dial: each `type` sends the inputs so far, as the gateway does, and checks what every
   * answer must be: plain text, CON or END, GSM-7, at most 182 characters.
   */
  function dial(phoneNumber: string, sessionId: string = randomUUID()) {
    const inputs: string[] = [];
    let ended = false;
    const send = async () => {
      const response = await callback(phoneNumber, sessionId, inputs);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
      const body = response.body;
      expect(body, body).toMatch(/^(CON|END) /);
      expect(isGsm7(body), body).toBe(true);
      expect(gsm7Length(body), body).toBeLessThanOrEqual(USSD_MAX);
      ended = body.startsWith('END ');
      return body;
    };
    return {
      sessionId,
      start: send,
      async type(input: string) {
        if (ended) throw new Error('The session has ended');
        inputs.push(input);
        return send();
      },
      /** The same request again, as a gateway that timed out waiting sends it. */
      again: send,
      /** Everything typed so far. */
      typed: (): string[] => [...inputs],
    };
  }

  return { callback, dial };
}

export type UssdDial = ReturnType<ReturnType<typeof ussdGateway>['dial']>;

/** The number a list screen gives `label`. */
export function numberOf(screen: string, label: string): string {
  const line = screen.split('\n').find((item) => item.replace(/^\d+ /, '') === label);
  if (!line) throw new Error(`"${label}" is not on the screen:\n${screen}`);
  return line.split(' ')[0] ?? '';
}

/** Pages through a list with 0 Next until `label` shows, and answers its number. */
export async function pick(session: UssdDial, screen: string, label: string) {
  let current = screen;
  while (!current.split('\n').some((line) => line.replace(/^\d+ /, '') === label)) {
    expect(current).toMatch(/\n0 /);
    current = await session.type('0');
  }
  return session.type(numberOf(current, label));
}

/** From the main menu to the list of `region`'s skilled-trades jobs (Find jobs, the region, 1). */
export async function tradesIn(session: UssdDial, region: string) {
  await session.start();
  const regions = await session.type('1');
  await pick(session, regions, region);
  return session.type('1');
}

/** From the main menu to the note of an application to the first of `region`'s trades jobs. */
export async function noteForFirstTrade(session: UssdDial, region: string) {
  await tradesIn(session, region);
  await session.type('1');
  return session.type('1');
}

/** A new number's dial through Sign up and the name, to the role screen. */
export async function signUpAsFarAsRole(session: UssdDial, name: string) {
  await session.start();
  await session.type('1');
  return session.type(name);
}

/**
 * A booking request from `client` to the artist, as the web's booking dialog sends it: 3 hours
 * for GHS 450.00, `daysAhead` days from now.
 */
export async function requestBooking(
  t: TestApp,
  client: SignedInUser,
  artistId: number,
  { daysAhead = 14, eventType = 'Wedding', venue = 'Golden Tulip' } = {},
) {
  const response = await call(t, client, 'POST', '/api/bookings', {
    artistId,
    eventDate: new Date(Date.now() + daysAhead * 86_400_000).toISOString(),
    eventDuration: 3,
    eventType,
    venue,
    eventDetails: null,
    totalAmount: '450.00',
    rateType: 'hourly',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Booking>();
}
