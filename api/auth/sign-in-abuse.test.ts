import { afterEach, beforeEach, expect, test } from 'vitest';
import {
  AT_TEST_API_KEY,
  AT_TEST_USERNAME,
  startAfricasTalkingServer,
} from '../../tests/fixtures/africastalking-server.ts';
import {
  createTestApp,
  latestCode,
  randomPhone,
  type TestApp,
} from '../../tests/helpers/test-app.ts';
import { loadConfig } from '../config.ts';
import { pointAfricasTalkingAt } from '../otp/africastalking-transport.ts';
import { OTP_MESSAGES, OTP_RULES } from './otp-service.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const send = (app: TestApp, phoneNumber: string, headers: Record<string, string> = {}) =>
  app.app.inject({
    method: 'POST',
    url: '/api/auth/send-code',
    headers,
    payload: { phoneNumber, deliveryMethod: 'sms' },
  });
const verify = (phoneNumber: string, code: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/verify-code', payload: { phoneNumber, code } });

test('only Ghana mobile ranges get a code', async () => {
  for (const phone of ['+233302123456', '+233312345678', '+233512345678', '+233212345678']) {
    const response = await send(t, phone);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ phoneNumber: OTP_MESSAGES.notMobile });
  }
  for (const phone of [
    '+233201234567',
    '+233241234567',
    '+233551234567',
    '+233271234567',
    '+233591234567',
  ]) {
    expect((await send(t, phone)).statusCode).toBe(200);
  }
  expect(await t.db.selectFrom('message_outbox').select('id').execute()).toHaveLength(5);
});

test('at most 10 sends to one phone a day, even spread over the hours', async () => {
  const phone = randomPhone();
  for (let i = 0; i < OTP_RULES.sendsPerPhoneDay; i += 1) {
    expect((await send(t, phone)).statusCode).toBe(200);
    t.advance(15 * 60); // 4 an hour stays under the hourly limit
  }
  const refused = await send(t, phone);
  expect(refused.statusCode).toBe(429);
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3600);
});

test('the global daily cap refuses sends and the log raises an alert as it nears', async () => {
  const lines: string[] = [];
  const capped = await createTestApp({
    config: { otpSendsPerDay: 5, logLevel: 'warn' },
    logStream: { write: (line) => lines.push(line) },
  });
  try {
    for (let i = 0; i < 5; i += 1) expect((await send(capped, randomPhone())).statusCode).toBe(200);
    const refused = await send(capped, randomPhone());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(OTP_MESSAGES.dailyCap);
    expect(refused.headers['retry-after']).toBeDefined();
    const alerts = lines
      .map((line) => JSON.parse(line))
      .filter((entry) => entry.alert === 'otp_daily_cap_near');
    expect(alerts.length).toBeGreaterThan(0);
  } finally {
    await capped.close();
  }
});

test('no more than 20 failed verifications per phone an hour, across new codes', async () => {
  const phone = randomPhone();
  let failures = 0;
  while (failures < OTP_RULES.failedVerificationsPerPhoneHour) {
    await send(t, phone);
    const code = await latestCode(t.app, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4 && failures < OTP_RULES.failedVerificationsPerPhoneHour; i += 1) {
      expect((await verify(phone, wrong)).statusCode).toBe(400);
      failures += 1;
    }
    t.advance(61);
    await t.db.deleteFrom('otp_sends').execute(); // isolate the verification limit from the send limits
  }
  await send(t, phone);
  const code = await latestCode(t.app, phone);
  const blocked = await verify(phone, code);
  expect(blocked.statusCode).toBe(429);
  expect(blocked.json().message).toBe(OTP_MESSAGES.tooManyFailures);
  t.advance(3601);
  await send(t, phone);
  expect((await verify(phone, await latestCode(t.app, phone))).json()).toEqual({ isNewUser: true });
});

test('a client-written X-Forwarded-For is ignored without TRUST_PROXY, or from a public peer', async () => {
  const direct = await createTestApp({ config: { otpSendsPerIpHour: 1 } });
  const proxied = await createTestApp({
    config: { otpSendsPerIpHour: 1, trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy },
  });
  try {
    const spoofed = (app: TestApp, address: string, remoteAddress = '127.0.0.1') =>
      app.app.inject({
        method: 'POST',
        url: '/api/auth/send-code',
        remoteAddress,
        headers: { 'x-forwarded-for': address },
        payload: { phoneNumber: randomPhone(), deliveryMethod: 'sms' },
      });
    expect((await spoofed(direct, '10.0.0.1')).statusCode).toBe(200);
    expect((await spoofed(direct, '10.0.0.2')).statusCode).toBe(429);
    // A hop count trusts a proxy on this machine or a private network, not a client that reaches
    // the server straight from the internet.
    expect((await spoofed(proxied, '10.0.0.1', '203.0.113.50')).statusCode).toBe(200);
    expect((await spoofed(proxied, '10.0.0.2', '203.0.113.50')).statusCode).toBe(429);
  } finally {
    await direct.close();
    await proxied.close();
  }
});

test('behind trusted proxies the address is the one the nearest untrusted hop presented', async () => {
  // app.inject connects from 127.0.0.1: that is the proxy next to the server.
  const setups = [
    { TRUST_PROXY: '1', chain: (client: string) => [client] },
    { TRUST_PROXY: '127.0.0.0/8', chain: (client: string) => [client] },
    { TRUST_PROXY: '2', chain: (client: string) => [client, '10.1.1.1'] },
    { TRUST_PROXY: '127.0.0.1, 10.0.0.0/8', chain: (client: string) => [client, '10.1.1.1'] },
  ];
  for (const setup of setups) {
    const { trustProxy } = loadConfig({ TRUST_PROXY: setup.TRUST_PROXY });
    const proxied = await createTestApp({ config: { otpSendsPerIpHour: 3, trustProxy } });
    try {
      // Whatever the client writes on the left of the header, its own address is the one counted.
      const answers: number[] = [];
      for (let i = 0; i < 8; i += 1) {
        const forged = [`203.0.113.${i}`, `10.9.${i}.1`].slice(0, 1 + (i % 2));
        const chain = [...forged, ...setup.chain('198.51.100.7')].join(', ');
        answers.push((await send(proxied, randomPhone(), { 'x-forwarded-for': chain })).statusCode);
      }
      expect(answers, setup.TRUST_PROXY).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
      // Another client behind the same proxies has its own allowance.
      const other = setup.chain('198.51.100.8').join(', ');
      expect((await send(proxied, randomPhone(), { 'x-forwarded-for': other })).statusCode).toBe(
        200,
      );
    } finally {
      await proxied.close();
    }
  }
});

test('codes, session ids, cookies and API keys never reach the logs', async () => {
  const gateway = await startAfricasTalkingServer();
  const lines: string[] = [];
  const logStream = { write: (line: string) => lines.push(line) };
  const real = await createTestAppWithAtTransport(logStream);
  pointAfricasTalkingAt(gateway.url); // after the SDK client exists, as the transport requires
  try {
    const phone = randomPhone();
    expect((await send(real, phone)).statusCode).toBe(200);
    const code = gateway.messages.at(-1)?.message.match(/\d{6}/)?.[0] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const signup = await real.app.inject({
      method: 'POST',
      url: '/api/auth/verify-code',
      headers: { 'idempotency-key': 'not-a-secret-but-redacted' },
      payload: {
        phoneNumber: phone,
        code,
        firstName: 'Ama',
        lastName: 'Serwaa',
        role: 'job_seeker',
        region: 'Bono',
      },
    });
    expect(signup.statusCode).toBe(201);
    const token = signup.cookies.find((cookie) => cookie.name === 'sid')?.value ?? '';
    const me = await real.app.inject({
      url: '/api/auth/user',
      headers: { cookie: `sid=${token}` },
    });
    expect(me.statusCode).toBe(200);
    await real.app.inject({
      url: '/api/auth/user',
      headers: { cookie: `sid=${token}`, authorization: 'Bearer x' },
    });

    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThan(5);
    expect(log).not.toContain(code);
    expect(log).not.toContain(token);
    expect(log).not.toContain(AT_TEST_API_KEY);
  } finally {
    await real.close();
    await gateway.close();
  }
});

/** The app with the Africa's Talking transport logging through the app's own logger. */
async function createTestAppWithAtTransport(logStream: { write(line: string): void }) {
  return createTestApp({
    config: {
      logLevel: 'trace',
      otpTransport: 'africastalking',
      africasTalking: {
        username: AT_TEST_USERNAME,
        apiKey: AT_TEST_API_KEY,
        senderId: undefined,
        whatsappNumber: undefined,
      },
    },
    logStream,
  });
}
