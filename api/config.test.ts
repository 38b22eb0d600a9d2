import { expect, test } from 'vitest';
import { loadConfig } from './config.ts';

test('defaults: port 3000, all interfaces, data/app.db, dev transport, demo data on', () => {
  const config = loadConfig({});
  expect(config).toMatchObject({
    port: 3000,
    host: '0.0.0.0',
    databasePath: 'data/app.db',
    nodeEnv: 'development',
    otpTransport: 'dev',
    seedDemo: true,
    cookieSecure: false,
    trustProxy: false,
    otpSendsPerIpHour: 60,
  });
  expect(Object.isFrozen(config)).toBe(true);
});

test('the error names every bad variable', () => {
  expect(() =>
    loadConfig({
      PORT: 'eighty',
      OTP_TRANSPORT: 'pigeon',
      OTP_SENDS_PER_IP_HOUR: '-1',
      SEED_DEMO: 'maybe',
    }),
  ).toThrowError(/PORT[\s\S]*OTP_TRANSPORT[\s\S]*OTP_SENDS_PER_IP_HOUR/);
  try {
    loadConfig({ PORT: 'eighty', SEED_DEMO: 'maybe' });
  } catch (error) {
    expect((error as Error).message).toContain('SEED_DEMO');
    expect((error as Error).message).toContain('"eighty"');
  }
});

test('production refuses the dev transport and turns demo data off, cookies secure', () => {
  expect(() => loadConfig({ NODE_ENV: 'production' })).toThrowError(/OTP_TRANSPORT/);
  const config = loadConfig({ NODE_ENV: 'production', AT_USERNAME: 'gigs', AT_API_KEY: 'k' });
  expect(config).toMatchObject({
    otpTransport: 'africastalking',
    seedDemo: false,
    cookieSecure: true,
  });
});

test("Africa's Talking needs a username and key", () => {
  expect(() => loadConfig({ OTP_TRANSPORT: 'africastalking' })).toThrowError(/AT_USERNAME/);
});

test('notification SMS are capped at 600 an hour by default; per-user write caps stay on in production', () => {
  expect(loadConfig({})).toMatchObject({ notificationSmsPerHour: 600, userWriteCaps: true });
  expect(loadConfig({ NOTIFICATION_SMS_PER_HOUR: '50', USER_WRITE_CAPS: '0' })).toMatchObject({
    notificationSmsPerHour: 50,
    userWriteCaps: false,
  });
  expect(() => loadConfig({ NOTIFICATION_SMS_PER_HOUR: '0' })).toThrowError(
    /NOTIFICATION_SMS_PER_HOUR/,
  );
  const production = { NODE_ENV: 'production', AT_USERNAME: 'gigs', AT_API_KEY: 'k' };
  expect(() => loadConfig({ ...production, USER_WRITE_CAPS: '0' })).toThrowError(/USER_WRITE_CAPS/);
});
