import { randomInt } from 'node:crypto';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { sendCode, verifyCode } from '../../tests/helpers/sign-in-calls.ts';
import { createTestApp, randomPhone, type TestApp } from '../../tests/helpers/test-app.ts';
import type { MessageTransport, OutgoingMessage } from '../otp/transport.ts';
import { OTP_MESSAGES, OTP_RULES } from './sign-in-codes.ts';

/** A gateway that keeps every message, so a test reads each code sent to a phone. */
function recordingGateway() {
  const messages: OutgoingMessage[] = [];
  const transport: MessageTransport = {
    name: 'africastalking',
    async send(message) {
      messages.push(message);
    },
  };
  const codesTo = (phone: string) =>
    messages.filter((item) => item.to === phone).map((item) => item.body.match(/\d{6}/)?.[0] ?? '');
  return { transport, codesTo };
}

let gateway: ReturnType<typeof recordingGateway>;
let t: TestApp;
const lines: string[] = [];
async function start(
  config: Parameters<typeof createTestApp>[0] extends infer O
    ? O extends { config?: infer C }
      ? C
      : never
    : never = {},
) {
  await t?.close();
  lines.length = 0;
  t = await createTestApp({
    transport: gateway.transport,
    config: { logLevel: 'warn', ...config },
    logStream: { write: (line) => lines.push(line) },
  });
}
beforeEach(async () => {
  gateway = recordingGateway();
  await start();
});
afterEach(async () => {
  await t.close();
});

const sendFrom = (remoteAddress: string, phoneNumber: string) =>
  sendCode(t, phoneNumber, {}, { remoteAddress });
const verifyFrom = (remoteAddress: string, phoneNumber: string, code: string) =>
  verifyCode(t, { phoneNumber, code }, { remoteAddress });
/** A code that was never sent to the phone. */
const wrongCodeFor = (phone: string) => {
  for (;;) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    if (!gateway.codesTo(phone).includes(code)) return code;
  }
};
const alerts = (alert: string) =>
  lines.map((line) => JSON.parse(line)).filter((entry) => entry.alert === alert);

// Address groups ----------------------------------------------------------------------------

test('one IPv6 /64 is one address group: a new interface id buys no more sends', async () => {
  await start({ otpSendsPerIpHour: 5 });
  const answers: number[] = [];
  for (let i = 1; i <= 12; i += 1) {
    answers.push((await sendFrom(`2001:db8:1:2::${i.toString(16)}`, randomPhone())).statusCode);
  }
  expect(answers).toEqual([...Array(5).fill(200), ...Array(7).fill(429)]);
  // Another /64 is another subscriber.
  expect((await sendFrom('2001:db8:1:3::1', randomPhone())).statusCode).toBe(200);
  // An IPv4 address written as IPv4-mapped IPv6 is that IPv4 address.
  for (let i = 0; i < 5; i += 1) {
    expect((await sendFrom('198.51.100.7', randomPhone())).statusCode).toBe(200);
  }
  const mapped = await sendFrom('::ffff:198.51.100.7', randomPhone());
  expect(mapped.statusCode).toBe(429);
  expect(mapped.json().message).toBe(OTP_MESSAGES.ipHourly);
});

test('wrong codes from one /64 are capped as one address, so it cannot spend the global cap', async () => {
  await start({ otpFailuresPerIpHour: 5, otpFailuresPerHour: 50 });
  const answers: number[] = [];
  for (let i = 1; i <= 20; i += 1) {
    const phone = randomPhone();
    answers.push((await verifyFrom(`2001:db8:9:9::${i.toString(16)}`, phone, '123456')).statusCode);
  }
  expect(answers).toEqual([...Array(5).fill(400), ...Array(15).fill(429)]);
  const stored = await t.db.selectFrom('otp_failures').select('client_ip').distinct().execute();
  expect(stored).toEqual([{ client_ip: '2001:db8:9:9::/64' }]);
  // Everyone else still has the global allowance.
  expect((await verifyFrom('198.51.100.20', randomPhone(), '123456')).statusCode).toBe(400);
});

// Lock-out ---------------------------------------------------------------------------------

test('wrong codes from two addresses do not stop the owner signing in with the code they asked for', async () => {
  const owner = randomPhone();
  for (const attacker of ['203.0.113.2', '203.0.113.3']) {
    for (let i = 0; i < OTP_RULES.failuresPerPhoneGroupHour; i += 1) {
      await verifyFrom(attacker, owner, wrongCodeFor(owner));
    }
  }
  // The number's wrong-code cap is used up for guessers ...
  const guess = await verifyFrom('203.0.113.4', owner, wrongCodeFor(owner));
  expect(guess.statusCode).toBe(429);
  expect(guess.json().message).toBe(OTP_MESSAGES.tooManyFailures);
  // ... not for the owner typing the code sent to them.
  expect((await sendFrom('198.51.100.9', owner)).statusCode).toBe(200);
  const right = await verifyFrom('198.51.100.9', owner, gateway.codesTo(owner).at(-1) ?? '');
  expect(right.statusCode, right.body).toBe(200);
  expect(right.json()).toEqual({ isNewUser: true });
});

test("others' wrong codes on a shared carrier address never refuse a right code from it", async () => {
  const nat = '100.64.0.77';
  const user = randomPhone();
  expect((await sendFrom(nat, user)).statusCode).toBe(200);
  const code = gateway.codesTo(user).at(-1) ?? '';
  const guesses = await Promise.all(
    Array.from({ length: 40 }, () => verifyFrom(nat, randomPhone(), '111111')),
  );
  expect(guesses.filter((answer) => answer.statusCode === 429)).toHaveLength(10);
  // A stranger's guess from the network is refused, and a guess at the user's number too ...
  expect((await verifyFrom(nat, randomPhone(), '111111')).json().message).toBe(
    OTP_MESSAGES.ipFailures,
  );
  // ... but the user's own right code, asked for from that network, goes through.
  const right = await verifyFrom(nat, user, code);
  expect(right.statusCode, right.body).toBe(200);
});

test('past the global wrong-code cap, guesses are refused but a right code from its address is not', async () => {
  await start({ otpFailuresPerIpHour: 3, otpFailuresPerHour: 20 });
  const owner = randomPhone();
  expect((await sendFrom('198.51.100.201', owner)).statusCode).toBe(200);
  const code = gateway.codesTo(owner).at(-1) ?? '';
  for (let address = 1; address <= 10; address += 1) {
    for (let i = 0; i < 3; i += 1)
      await verifyFrom(`203.0.113.${address}`, randomPhone(), '000000');
  }
  const guess = await verifyFrom('198.51.100.50', owner, code);
  expect(guess.statusCode).toBe(429); // not evaluated: even the right code, from elsewhere
  expect(guess.json().message).toBe(OTP_MESSAGES.failureCap);
  const right = await verifyFrom('198.51.100.201', owner, code);
  expect(right.statusCode, right.body).toBe(200);
  expect(right.json()).toEqual({ isNewUser: true });
});

test('a code still dies after 5 wrong tries from the address that asked for it', async () => {
  const owner = randomPhone();
  expect((await sendFrom('198.51.100.30', owner)).statusCode).toBe(200);
  const code = gateway.codesTo(owner).at(-1) ?? '';
  const answers: number[] = [];
  for (let i = 0; i < OTP_RULES.maxWrongTries; i += 1) {
    answers.push((await verifyFrom('198.51.100.30', owner, wrongCodeFor(owner))).statusCode);
  }
  expect(answers).toEqual([400, 400, 400, 400, 429]);
  expect((await verifyFrom('198.51.100.30', owner, code)).statusCode).toBe(400);
});

test('sends from three address groups cannot keep the owner from getting a code; four can, for the hour', async () => {
  const owner = randomPhone();
  const attackers = ['203.0.113.20', '203.0.113.21', '2001:db8:20::1', '203.0.113.23'];
  const sendAllFrom = async (groups: string[]) => {
    for (let round = 0; round < OTP_RULES.sendsPerPhoneGroupHour; round += 1) {
      for (const attacker of groups) expect((await sendFrom(attacker, owner)).statusCode).toBe(200);
      t.advance(61);
    }
  };
  await sendAllFrom(attackers.slice(0, 3));
  expect((await sendFrom('198.51.100.99', owner)).statusCode).toBe(200);

  const other = randomPhone();
  const fourGroups = async () => {
    for (let round = 0; round < OTP_RULES.sendsPerPhoneGroupHour; round += 1) {
      for (const attacker of attackers)
        expect((await sendFrom(attacker, other)).statusCode).toBe(200);
      t.advance(61);
    }
  };
  await fourGroups();
  const blocked = await sendFrom('198.51.100.99', other);
  expect(blocked.statusCode).toBe(429);
  expect(blocked.json().message).toBe(OTP_MESSAGES.phoneHourly);
});

// Live codes -------------------------------------------------------------------------------

test('a phone holds at most 3 live codes: a send from a fourth address replaces the oldest', async () => {
  const phone = randomPhone();
  for (let i = 1; i <= 6; i += 1) {
    expect((await sendFrom(`198.51.100.${i}`, phone)).statusCode).toBe(200);
    t.advance(1);
  }
  const codes = gateway.codesTo(phone);
  expect(await t.db.selectFrom('otp_codes').select('client_ip').execute()).toHaveLength(
    OTP_RULES.liveCodesPerPhone,
  );
  const accepted: string[] = [];
  for (const code of codes) {
    const answer = await verifyFrom('198.51.100.1', phone, code);
    if (answer.statusCode === 200) accepted.push(code);
  }
  expect(accepted).toEqual(codes.slice(-3));
});

// Alerts -----------------------------------------------------------------------------------

test('nearing and reaching the daily send cap is logged once per ten minutes, with counts', async () => {
  await start({ otpSendsPerDay: 20, otpSendsPerIpHour: 1000 });
  for (let i = 0; i < 30; i += 1) await sendFrom('198.51.100.60', randomPhone());
  expect(alerts('otp_daily_cap_near')).toHaveLength(1);
  expect(alerts('otp_daily_cap_near')[0]).toMatchObject({ sendsToday: 16, cap: 20 });
  expect(alerts('otp_daily_cap_reached')).toHaveLength(1);
  t.advance(10 * 60 + 1);
  for (let i = 0; i < 5; i += 1) await sendFrom('198.51.100.61', randomPhone());
  const reached = alerts('otp_daily_cap_reached');
  expect(reached).toHaveLength(2);
  // The second line says how many refusals the quiet ten minutes held.
  expect(reached[1]).toMatchObject({ cap: 20, repeatsSinceLastLine: 9 });
});

test('refused guesses at the global wrong-code cap make one error line per ten minutes', async () => {
  await start({ otpFailuresPerIpHour: 5, otpFailuresPerHour: 10 });
  for (let address = 1; address <= 10; address += 1) {
    for (let i = 0; i < 5; i += 1)
      await verifyFrom(`203.0.113.${address}`, randomPhone(), '000000');
  }
  const capped = alerts('otp_wrong_code_cap_reached');
  expect(capped).toHaveLength(1);
  expect(capped[0]).toMatchObject({ failuresLastHour: 10, cap: 10, level: 50 });
});
