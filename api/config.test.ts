import { expect, test } from 'vitest';
import { loadConfig } from './config.ts';

test('defaults: port 3000, this machine only, data/app.db, dev transport, demo data on', () => {
  const config = loadConfig({});
  expect(config).toMatchObject({
    port: 3000,
    host: '127.0.0.1',
    databasePath: 'data/app.db',
    nodeEnv: 'development',
    otpTransport: 'dev',
    seedDemo: true,
    cookieSecure: false,
    trustProxy: false,
    devOutboxPublic: false,
    otpSendsPerIpHour: 60,
    otpFailuresPerIpHour: 30,
    otpFailuresPerHour: 1000,
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
  const config = loadConfig({
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://ghanagigs.com',
    AT_USERNAME: 'gigs',
    AT_API_KEY: 'k',
    PAYSTACK_SECRET_KEY: 'sk_live_x',
  });
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
  const production = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://ghanagigs.com',
    AT_USERNAME: 'gigs',
    AT_API_KEY: 'k',
  };
  expect(() => loadConfig({ ...production, USER_WRITE_CAPS: '0' })).toThrowError(/USER_WRITE_CAPS/);
});

test('the dev outbox is refused on an address other machines reach, unless DEV_OUTBOX_PUBLIC=1', () => {
  for (const host of ['0.0.0.0', '::', '192.168.1.20']) {
    expect(() => loadConfig({ HOST: host })).toThrowError(
      /HOST: .*\/api\/dev\/outbox.*DEV_OUTBOX_PUBLIC=1/,
    );
    expect(loadConfig({ HOST: host, DEV_OUTBOX_PUBLIC: '1' }).host).toBe(host);
    expect(loadConfig({ HOST: host, AT_USERNAME: 'gigs', AT_API_KEY: 'k' }).host).toBe(host);
  }
  for (const host of ['127.0.0.1', '127.0.1.1', 'localhost', '::1', '[::1]']) {
    expect(loadConfig({ HOST: host }).host).toBe(host);
  }
});

test('production refuses COOKIE_SECURE=0', () => {
  const production = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://ghanagigs.com',
    AT_USERNAME: 'gigs',
    AT_API_KEY: 'k',
    PAYSTACK_SECRET_KEY: 'sk_live_x',
  };
  expect(() => loadConfig({ ...production, COOKIE_SECURE: '0' })).toThrowError(
    /COOKIE_SECURE: "0" is refused when NODE_ENV=production/,
  );
  expect(loadConfig({ ...production, COOKIE_SECURE: '1' }).cookieSecure).toBe(true);
  expect(loadConfig({ COOKIE_SECURE: '0' }).cookieSecure).toBe(false);
});

test('TRUST_PROXY is a number of hops or a list of proxy addresses, never "trust everyone"', () => {
  expect(loadConfig({}).trustProxy).toBe(false);
  expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
  expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
  expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  expect(
    loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.4,::1,fd00:1::/48,loopback' }).trustProxy,
  ).toEqual(['10.0.0.0/8', '192.168.1.4', '::1', 'fd00:1::/48', 'loopback']);
  for (const bad of ['true', 'yes', '-1', '10.0.0.0/33', '10.0.0.300', 'proxy.example.com', '1,']) {
    expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrowError(
      /TRUST_PROXY: .*Give the number of proxies/,
    );
  }
});

test('TRUST_PROXY refuses ranges that trust strangers, more than 5 hops, and whatever proxy-addr would', () => {
  const refusals = {
    '0.0.0.0/0': /"0.0.0.0\/0" trusts too many addresses: a range must be \/8 or narrower/,
    '::/0': /"::\/0" trusts too many addresses: a range must be \/32 or narrower/,
    '0.0.0.0/1,128.0.0.0/1': /"0.0.0.0\/1" trusts too many addresses/,
    '10.0.0.0/7': /"10.0.0.0\/7" trusts too many/,
    '2001:db8::/31': /\/32 or narrower/,
    '::ffff:0.0.0.0/96': /"::ffff:0.0.0.0\/96" trusts too many addresses: a range must be \/104/,
    '6': /more than 5 proxy hops\. Give the number of proxies.*\(got "6"\)/,
    '99': /more than 5 proxy hops/,
    '10.0.0.0/33': /invalid range on address: 10.0.0.0\/33/,
    '::1/129': /invalid range on address: ::1\/129/,
  };
  for (const [bad, message] of Object.entries(refusals)) {
    let error: Error | undefined;
    try {
      loadConfig({ TRUST_PROXY: bad });
    } catch (caught) {
      error = caught as Error;
    }
    expect(error?.message, bad).toMatch(new RegExp(`TRUST_PROXY: .*${message.source}`));
  }
  expect(loadConfig({ TRUST_PROXY: '5' }).trustProxy).toBe(5);
  expect(
    loadConfig({ TRUST_PROXY: '10.0.0.0/8,2001:db8::/32,::ffff:10.0.0.0/104' }).trustProxy,
  ).toEqual(['10.0.0.0/8', '2001:db8::/32', '::ffff:10.0.0.0/104']);
});

test('the global cap on wrong codes must stay above what one address may use', () => {
  expect(() =>
    loadConfig({ OTP_FAILURES_PER_IP_HOUR: '50', OTP_FAILURES_PER_HOUR: '50' }),
  ).toThrowError(/OTP_FAILURES_PER_HOUR must be above OTP_FAILURES_PER_IP_HOUR/);
});

test('payments: the dev provider by default, Paystack with a key; production takes Paystack over https only', () => {
  expect(loadConfig({}).payments).toEqual({
    provider: 'dev',
    paystackSecretKey: '',
    paystackBaseUrl: 'https://api.paystack.co',
    serviceFeePercent: 5,
  });
  expect(loadConfig({ PAYSTACK_SECRET_KEY: 'sk_test_x' }).payments.provider).toBe('paystack');
  expect(() => loadConfig({ PAYMENTS_PROVIDER: 'paystack' })).toThrowError(/PAYSTACK_SECRET_KEY/);
  const production = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://ghanagigs.com',
    AT_USERNAME: 'gigs',
    AT_API_KEY: 'k',
  };
  expect(() => loadConfig(production)).toThrowError(/PAYMENTS_PROVIDER: "dev" is refused/);
  expect(() =>
    loadConfig({
      ...production,
      PAYSTACK_SECRET_KEY: 'sk_live_x',
      PAYSTACK_BASE_URL: 'http://127.0.0.1:9999',
    }),
  ).toThrowError(/PAYSTACK_BASE_URL: must be https/);
  expect(() => loadConfig({ SERVICE_FEE_PERCENT: '5.5' })).toThrowError(/SERVICE_FEE_PERCENT/);
  expect(() => loadConfig({ SERVICE_FEE_PERCENT: '31' })).toThrowError(/SERVICE_FEE_PERCENT/);
  expect(loadConfig({ SERVICE_FEE_PERCENT: '0' }).payments.serviceFeePercent).toBe(0);
});

test('TEST_CLOCK moves time for browser tests, and is refused in production', () => {
  expect(loadConfig({}).testClock).toBe(false);
  expect(loadConfig({ TEST_CLOCK: '1' }).testClock).toBe(true);
  expect(() =>
    loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://ghanagigs.com',
      AT_USERNAME: 'gigs',
      AT_API_KEY: 'k',
      PAYSTACK_SECRET_KEY: 'sk_live_x',
      TEST_CLOCK: '1',
    }),
  ).toThrowError(/TEST_CLOCK/);
});

test('PUBLIC_URL: the address every SMS links to, required in production, short and plain', () => {
  expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
  expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
  expect(loadConfig({ PUBLIC_URL: 'https://GhanaGigs.com/' }).publicUrl).toBe(
    'https://ghanagigs.com',
  );
  const production = {
    NODE_ENV: 'production',
    AT_USERNAME: 'gigs',
    AT_API_KEY: 'k',
    PAYSTACK_SECRET_KEY: 'sk_live_x',
  };
  expect(() => loadConfig(production)).toThrowError(
    /PUBLIC_URL: required when NODE_ENV=production/,
  );
  expect(() => loadConfig({ ...production, PUBLIC_URL: 'http://ghanagigs.com' })).toThrowError(
    /PUBLIC_URL: must be https/,
  );
  expect(loadConfig({ ...production, PUBLIC_URL: 'https://ghanagigs.com' }).publicUrl).toBe(
    'https://ghanagigs.com',
  );
  for (const bad of [
    'ghanagigs.com',
    'ftp://ghanagigs.com',
    'https://ghanagigs.com/app',
    'https://ghanagigs.com?ref=sms',
    'https://user:pw@ghanagigs.com',
    'https://ghanagigs_.com',
    `https://${'a'.repeat(30)}.com`,
  ]) {
    expect(() => loadConfig({ PUBLIC_URL: bad }), bad).toThrowError(/PUBLIC_URL/);
  }
  // An international domain is sent in its xn-- form, which every SMS carries.
  expect(loadConfig({ PUBLIC_URL: 'https://gigs.gh' }).publicUrl).toBe('https://gigs.gh');
  expect(loadConfig({ PUBLIC_URL: 'https://ɔdɔ.gh' }).publicUrl).toBe('https://xn--d-00ab.gh');
});

const SECRET = 'q0F6fT2u0x9b8PZ3o0m4f7Q2v1y5u8r3t6w9z2c5e8g=';

test('SERVER_SECRET: at least 32 bytes of base64; a bad one is refused without being printed', () => {
  expect(loadConfig({ SERVER_SECRET: SECRET }).serverSecret).toBe(SECRET);
  expect(loadConfig({}).serverSecret).toBeNull();
  for (const bad of ['c2hvcnQ=', 'not base64 at all, though long enough to pass a length check!']) {
    const message = (() => {
      try {
        loadConfig({ SERVER_SECRET: bad });
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(message).toContain('SERVER_SECRET: must be at least 32 random bytes in base64');
    expect(message).not.toContain(bad);
  }
});

test('DATABASE_URL (instances on several machines) requires SERVER_SECRET', () => {
  const url = 'postgres://gigs:hunter2-password@db.internal:5432/gigs';
  let message = '';
  try {
    loadConfig({ DATABASE_URL: url });
  } catch (error) {
    message = (error as Error).message;
  }
  expect(message).toContain('SERVER_SECRET: required when DATABASE_URL is set');
  expect(message).not.toContain('hunter2');
  expect(loadConfig({ DATABASE_URL: url, SERVER_SECRET: SECRET })).toMatchObject({
    databaseUrl: url,
    serverSecret: SECRET,
  });
});

test('DATABASE_URL must be a postgres:// URL; without it the SQLite file is used', () => {
  expect(loadConfig({}).databaseUrl).toBeNull();
  for (const bad of ['mysql://gigs:hunter2@db/gigs', 'data/app.db', 'postgres:/db']) {
    let message = '';
    try {
      loadConfig({ DATABASE_URL: bad, SERVER_SECRET: SECRET });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('DATABASE_URL: must be a postgres:// URL');
    expect(message).not.toContain(bad);
  }
  const url = 'postgresql://gigs@10.0.0.20/gigs';
  expect(loadConfig({ DATABASE_URL: url, SERVER_SECRET: SECRET }).databaseUrl).toBe(url);
});

test('S3_BUCKET turns on object storage; its companions mean nothing without it', () => {
  expect(loadConfig({}).objectStorage).toBeNull();
  const keys = { S3_ACCESS_KEY_ID: 'AKID', S3_SECRET_ACCESS_KEY: 'bucket-secret-value' };
  expect(loadConfig({ S3_BUCKET: 'gigs', ...keys }).objectStorage).toEqual({
    bucket: 'gigs',
    endpoint: null,
    region: 'us-east-1',
    accessKeyId: 'AKID',
    secretAccessKey: 'bucket-secret-value',
    forcePathStyle: false,
  });
  // A custom endpoint is most often a self-hosted store, which wants the bucket in the path.
  expect(
    loadConfig({ S3_BUCKET: 'gigs', S3_ENDPOINT: 'http://127.0.0.1:9000', ...keys }).objectStorage,
  ).toMatchObject({ endpoint: 'http://127.0.0.1:9000', forcePathStyle: true });
  expect(
    loadConfig({
      S3_BUCKET: 'gigs',
      S3_ENDPOINT: 'https://acc.r2.cloudflarestorage.com',
      S3_FORCE_PATH_STYLE: '0',
      S3_REGION: 'auto',
      ...keys,
    }).objectStorage,
  ).toMatchObject({ forcePathStyle: false, region: 'auto' });

  // Settings without the bucket would leave pictures on the disk unnoticed.
  expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000', ...keys })).toThrowError(
    /S3_BUCKET: required when any of S3_ENDPOINT/,
  );
  expect(() => loadConfig({ S3_BUCKET: 'gigs', S3_ACCESS_KEY_ID: 'AKID' })).toThrowError(
    /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: both are required/,
  );
  let message = '';
  try {
    loadConfig({ S3_BUCKET: 'gigs', S3_ENDPOINT: 'not a url', ...keys });
  } catch (error) {
    message = (error as Error).message;
  }
  expect(message).toContain('S3_ENDPOINT: must be a URL');
  expect(message).not.toContain('bucket-secret-value');
});
