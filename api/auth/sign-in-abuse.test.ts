import { randomInt } from 'node:crypto';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import {
  AT_TEST_API_KEY,
  AT_TEST_USERNAME,
  startAfricasTalkingServer,
} from '../../tests/fixtures/africastalking-server.ts';
import { sendCode, verifyCode } from '../../tests/helpers/sign-in-calls.ts';
import {
  createTestApp,
  latestCode,
  randomPhone,
  type TestApp,
} from '../../tests/helpers/test-app.ts';
import { loadConfig } from '../config.ts';
import { hmac } from '../lib/crypto.ts';
import { pointAfricasTalkingAt } from '../otp/africastalking-transport.ts';
import { MessageSendError, type MessageTransport, type OutgoingMessage } from '../otp/transport.ts';
import { OTP_MESSAGES, OTP_RULES } from './sign-in-codes.ts';

// The real HMAC, counted: a wrong code must cost the same work whether or not a code is live.
vi.mock('../lib/crypto.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../lib/crypto.ts')>();
  return { ...actual, hmac: vi.fn(actual.hmac) };
});

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const send = (app: TestApp, phoneNumber: string, headers: Record<string, string> = {}) =>
  sendCode(app, phoneNumber, {}, { headers });
const sendFrom = (app: TestApp, remoteAddress: string, phoneNumber: string, channel = 'sms') =>
  sendCode(app, phoneNumber, { deliveryMethod: channel }, { remoteAddress });
const verifyFrom = (app: TestApp, remoteAddress: string, phoneNumber: string, code: string) =>
  verifyCode(app, { phoneNumber, code }, { remoteAddress });

/** A gateway that keeps what it sends and, like one with no WhatsApp number, fails WhatsApp. */
function recordingGateway() {
  const messages: OutgoingMessage[] = [];
  const transport: MessageTransport = {
    name: 'africastalking',
    async send(message) {
      if (message.channel === 'whatsapp') throw new MessageSendError('no WhatsApp number');
      messages.push(message);
    },
  };
  const codesTo = (phone: string) =>
    messages.filter((item) => item.to === phone).map((item) => item.body.match(/\d{6}/)?.[0] ?? '');
  return { transport, codesTo };
}

/** A code that was never sent to the phone, so a guess that is sure to be wrong. */
function wrongCode(sent: string[]): string {
  for (;;) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    if (!sent.includes(code)) return code;
  }
}

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

test('at most 5 sends a day to one phone from one address and 20 from all, spread over the hours', async () => {
  const phone = randomPhone();
  const sendsOver = async (address: string) => {
    for (let i = 0; i < OTP_RULES.sendsPerPhoneGroupDay; i += 1) {
      expect((await sendFrom(t, address, phone)).statusCode).toBe(200);
      t.advance(25 * 60); // under the hourly limits
    }
  };
  await sendsOver('198.51.100.41');
  const refused = await sendFrom(t, '198.51.100.41', phone);
  expect(refused.statusCode).toBe(429);
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3600);
  for (const address of ['198.51.100.42', '198.51.100.43', '198.51.100.44']) {
    await sendsOver(address);
  }
  const total = await sendFrom(t, '198.51.100.45', phone);
  expect(total.statusCode).toBe(429);
  expect(total.json().message).toBe(OTP_MESSAGES.phoneHourly);
  expect(Number(total.headers['retry-after'])).toBeGreaterThan(3 * 3600);
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

test('guesses at one number without a code of their own: 10 an hour from one address, 20 from all', async () => {
  const gateway = recordingGateway();
  const app = await createTestApp({ transport: gateway.transport });
  try {
    const phone = randomPhone();
    const [first, second, third] = ['198.51.100.51', '198.51.100.52', '198.51.100.53'];
    const wrongFrom = (address: string) =>
      verifyFrom(app, address, phone, wrongCode(gateway.codesTo(phone)));
    const rightFrom = async (address: string) => {
      expect((await sendFrom(app, address, phone)).statusCode).toBe(200);
      return verifyFrom(app, address, phone, gateway.codesTo(phone).at(-1) ?? '');
    };

    const answers: string[] = [];
    for (let i = 0; i < OTP_RULES.failuresPerPhoneGroupHour + 1; i += 1) {
      const answer = await wrongFrom(first);
      answers.push(`${answer.statusCode} ${answer.json().message}`);
    }
    expect(answers).toEqual([
      ...Array(OTP_RULES.failuresPerPhoneGroupHour).fill(`400 ${OTP_MESSAGES.wrongCode}`),
      `429 ${OTP_MESSAGES.tooManyFailures}`,
    ]);
    // A refused guess is not weighed, right or wrong; it is not counted either.
    expect((await verifyFrom(app, first, phone, '123456')).json().message).toBe(
      OTP_MESSAGES.tooManyFailures,
    );
    for (
      let i = 0;
      i < OTP_RULES.failuresPerPhoneHour - OTP_RULES.failuresPerPhoneGroupHour;
      i += 1
    ) {
      expect((await wrongFrom(second)).statusCode).toBe(400);
    }
    // Twenty from all addresses: guesses at the number rest for the hour, from anywhere ...
    const rested = await wrongFrom(third);
    expect(rested.statusCode).toBe(429);
    expect(rested.json().message).toBe(OTP_MESSAGES.tooManyFailures);
    // ... but a code is weighed where it was asked for, even where the guessing came from.
    app.advance(61);
    expect((await rightFrom(first)).json()).toEqual({ isNewUser: true });
    expect((await rightFrom(third)).json()).toEqual({ isNewUser: true });
    app.advance(3601);
    expect((await wrongFrom(second)).statusCode).toBe(400);
  } finally {
    await app.close();
  }
});

test('an attacker on one address cannot stop the owner, on another, signing in within two minutes', async () => {
  const gateway = recordingGateway();
  const app = await createTestApp({ transport: gateway.transport });
  try {
    const owner = randomPhone();
    await app.db
      .insertInto('users')
      .values({ phone_number: owner, first_name: 'Abena', last_name: 'Owusu', region: 'Ashanti' })
      .execute();
    const attacker = '203.0.113.66';
    /** Everything one address may throw at the owner's number, and more, every time. */
    const attack = async () => {
      await sendFrom(app, attacker, owner, 'sms'); // would replace the owner's code
      await sendFrom(app, attacker, owner, 'whatsapp'); // a failed send deletes a code
      await sendFrom(app, attacker, randomPhone()); // spends the global caps
      for (let i = 0; i < 12; i += 1) {
        await verifyFrom(app, attacker, owner, wrongCode(gateway.codesTo(owner)));
      }
      await verifyFrom(app, attacker, randomPhone(), wrongCode([]));
    };
    const ownerSignsIn = async (sendAddress: string, verifyAddress: string) => {
      const sent = await sendFrom(app, sendAddress, owner);
      expect(sent.statusCode, sent.body).toBe(200);
      const code = gateway.codesTo(owner).at(-1) ?? '';
      for (let step = 0; step < 3; step += 1) {
        await attack();
        app.advance(30);
      }
      // Ninety seconds after asking, with the attacker busy all along.
      const verified = await verifyFrom(app, verifyAddress, owner, code);
      expect(verified.statusCode, verified.body).toBe(200);
      expect(verified.json().user.phoneNumber).toBe(owner);
    };

    // Three hours of attack, once a minute; the owner signs in now and then, once after
    // moving from one network to another between asking for the code and typing it.
    for (let minute = 0; minute < 180; minute += 1) {
      await attack();
      if (minute === 5) await ownerSignsIn('198.51.100.20', '198.51.100.20');
      if (minute === 47) await ownerSignsIn('198.51.100.20', '198.51.100.20');
      if (minute === 101) await ownerSignsIn('198.51.100.20', '100.64.7.7');
      if (minute === 170) await ownerSignsIn('100.64.7.7', '100.64.7.7');
      app.advance(60);
    }
  } finally {
    await app.close();
  }
  // Some 3,000 requests: seconds on SQLite, a few times that on PostgreSQL beside other files.
}, 120_000);

test('wrong codes from one address are capped across many numbers, even in one burst', async () => {
  // The outside attacker's run: four guesses at each of 51 numbers, all at once.
  const guesses = Array.from({ length: 51 }, () => randomPhone()).flatMap((phone) =>
    Array.from({ length: 4 }, () => verifyFrom(t, '203.0.113.9', phone, wrongCode([]))),
  );
  const answers = await Promise.all(guesses);
  const wrong = answers.filter((answer) => answer.statusCode === 400);
  const refused = answers.filter((answer) => answer.statusCode === 429);
  expect(wrong).toHaveLength(30); // OTP_FAILURES_PER_IP_HOUR
  expect(refused).toHaveLength(answers.length - 30);
  expect(new Set(refused.map((answer) => answer.json().message))).toEqual(
    new Set([OTP_MESSAGES.ipFailures]),
  );
  // Someone on another address is not held up; the address itself is free again after the hour.
  expect((await verifyFrom(t, '198.51.100.9', randomPhone(), '123456')).statusCode).toBe(400);
  t.advance(3601);
  expect((await verifyFrom(t, '203.0.113.9', randomPhone(), '123456')).statusCode).toBe(400);
});

test('a global cap on wrong codes holds across many addresses, and the log says so', async () => {
  const lines: string[] = [];
  const capped = await createTestApp({
    config: { otpFailuresPerIpHour: 3, otpFailuresPerHour: 10, logLevel: 'error' },
    logStream: { write: (line) => lines.push(line) },
  });
  try {
    const answers = [];
    for (let address = 1; address <= 4; address += 1) {
      for (let i = 0; i < 3; i += 1) {
        answers.push(
          (await verifyFrom(capped, `203.0.113.${address}`, randomPhone(), '123456')).statusCode,
        );
      }
    }
    expect(answers.filter((status) => status === 400)).toHaveLength(10);
    const fresh = await verifyFrom(capped, '198.51.100.99', randomPhone(), '123456');
    expect(fresh.statusCode).toBe(429);
    expect(fresh.json().message).toBe(OTP_MESSAGES.failureCap);
    expect(lines.join('\n')).toContain('OTP wrong-code cap reached');
  } finally {
    await capped.close();
  }
});

test('a wrong code and a number with no live code get the same answer after the same work', async () => {
  const statements: string[] = [];
  const app: TestApp = await createTestApp({
    dbPlugins: [
      {
        transformQuery: (args) => {
          statements.push(app.db.getExecutor().compileQuery(args.node, args.queryId).sql);
          return args.node;
        },
        transformResult: async (args) => args.result,
      },
    ],
  });
  try {
    const live = randomPhone();
    expect((await sendFrom(app, '198.51.100.61', live)).statusCode).toBe(200);
    const guess = async (phone: string) => {
      statements.length = 0;
      vi.mocked(hmac).mockClear();
      const answer = await verifyFrom(
        app,
        '203.0.113.61',
        phone,
        wrongCode([await latestCode(app.app, live)]),
      );
      return {
        status: answer.statusCode,
        body: answer.json(),
        statements: [...statements],
        hmacs: vi.mocked(hmac).mock.calls.length,
      };
    };
    const againstLiveCode = await guess(live);
    const noCode = await guess(randomPhone());
    expect(againstLiveCode.status).toBe(400);
    expect(againstLiveCode.body).toEqual({
      message: OTP_MESSAGES.wrongCode,
      errors: { code: OTP_MESSAGES.wrongCode },
    });
    expect(noCode).toEqual(againstLiveCode);
    expect(againstLiveCode.hmacs).toBe(1);
    app.advance(OTP_RULES.validSeconds + 1);
    const expired = await guess(live);
    expect(expired).toEqual(againstLiveCode);
  } finally {
    await app.close();
  }
});

test('a client-written X-Forwarded-For is ignored without TRUST_PROXY, or from a public peer', async () => {
  const direct = await createTestApp({ config: { otpSendsPerIpHour: 1 } });
  const proxied = await createTestApp({
    config: { otpSendsPerIpHour: 1, trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy },
  });
  try {
    const spoofed = (app: TestApp, address: string, remoteAddress = '127.0.0.1') =>
      sendCode(app, randomPhone(), {}, { remoteAddress, headers: { 'x-forwarded-for': address } });
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
    const signup = await verifyCode(
      real,
      {
        phoneNumber: phone,
        code,
        firstName: 'Ama',
        lastName: 'Serwaa',
        role: 'job_seeker',
        region: 'Bono',
      },
      { headers: { 'idempotency-key': 'not-a-secret-but-redacted' } },
    );
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
