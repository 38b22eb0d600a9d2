import * as v from 'valibot';

const flag = (fallback: boolean) =>
  v.pipe(
    v.optional(v.picklist(['1', '0', 'true', 'false', 'yes', 'no', '']), ''),
    v.transform((value) => (value === '' ? fallback : ['1', 'true', 'yes'].includes(value))),
  );

const positiveInt = (fallback: number) =>
  v.pipe(
    v.optional(v.string(), String(fallback)),
    v.regex(/^\d+$/, 'must be a whole number'),
    v.transform(Number),
    v.minValue(1, 'must be at least 1'),
  );

const EnvSchema = v.pipe(
  v.object({
    PORT: v.pipe(positiveInt(3000), v.maxValue(65535, 'must be a port number')),
    HOST: v.optional(v.pipe(v.string(), v.nonEmpty()), '0.0.0.0'),
    DATABASE_PATH: v.optional(v.pipe(v.string(), v.nonEmpty()), 'data/app.db'),
    NODE_ENV: v.optional(v.picklist(['development', 'production', 'test']), 'development'),
    OTP_TRANSPORT: v.optional(v.picklist(['dev', 'africastalking'])),
    AT_USERNAME: v.optional(v.string()),
    AT_API_KEY: v.optional(v.string()),
    AT_SENDER_ID: v.optional(v.string()),
    AT_WHATSAPP_NUMBER: v.optional(v.string()),
    SEED_DEMO: flag(true),
    COOKIE_SECURE: v.optional(v.picklist(['1', '0', 'true', 'false', 'yes', 'no', ''])),
    TRUST_PROXY: flag(false),
    OTP_SENDS_PER_IP_HOUR: positiveInt(60),
    OTP_SENDS_PER_DAY: positiveInt(5000),
    NOTIFICATION_SMS_PER_HOUR: positiveInt(600),
    USER_WRITE_CAPS: flag(true),
    LOG_LEVEL: v.optional(
      v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
      'info',
    ),
  }),
  v.transform((env) => {
    const production = env.NODE_ENV === 'production';
    const otpTransport = env.OTP_TRANSPORT ?? (env.AT_API_KEY ? 'africastalking' : 'dev');
    return {
      port: env.PORT,
      host: env.HOST,
      databasePath: env.DATABASE_PATH,
      nodeEnv: env.NODE_ENV,
      otpTransport,
      africasTalking: {
        username: env.AT_USERNAME ?? '',
        apiKey: env.AT_API_KEY ?? '',
        senderId: env.AT_SENDER_ID || undefined,
        whatsappNumber: env.AT_WHATSAPP_NUMBER || undefined,
      },
      // Demo data belongs on a developer's machine, never in production.
      seedDemo: env.SEED_DEMO && !production,
      cookieSecure: env.COOKIE_SECURE
        ? ['1', 'true', 'yes'].includes(env.COOKIE_SECURE)
        : production,
      trustProxy: env.TRUST_PROXY,
      otpSendsPerIpHour: env.OTP_SENDS_PER_IP_HOUR,
      otpSendsPerDay: env.OTP_SENDS_PER_DAY,
      notificationSmsPerHour: env.NOTIFICATION_SMS_PER_HOUR,
      // Off only for load and crash tests, whose scripted users write far faster than people.
      userWriteCaps: env.USER_WRITE_CAPS,
      logLevel: env.LOG_LEVEL,
    } as const;
  }),
  v.check(
    (config) => !(config.nodeEnv === 'production' && config.otpTransport === 'dev'),
    'OTP_TRANSPORT: "dev" is refused when NODE_ENV=production (codes would not reach phones)',
  ),
  v.check(
    (config) => !(config.nodeEnv === 'production' && !config.userWriteCaps),
    'USER_WRITE_CAPS: "0" is refused when NODE_ENV=production (one account could flood others)',
  ),
  v.check(
    (config) =>
      config.otpTransport !== 'africastalking' ||
      Boolean(config.africasTalking.username && config.africasTalking.apiKey),
    'AT_USERNAME and AT_API_KEY: both are required when OTP_TRANSPORT=africastalking',
  ),
);

export type Config = Readonly<v.InferOutput<typeof EnvSchema>>;

/** Parses the environment once; the error names every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const relevant = Object.fromEntries(
    Object.keys(EnvSchema.pipe[0].entries).map((key) => [
      key,
      env[key] === '' ? undefined : env[key],
    ]),
  );
  const result = v.safeParse(EnvSchema, relevant);
  if (!result.success) {
    const lines = result.issues.map((issue) => {
      const name = issue.path?.map((item) => String(item.key)).join('.');
      const received = name ? ` (got ${JSON.stringify(relevant[name])})` : '';
      return name ? `  ${name}: ${issue.message}${received}` : `  ${issue.message}`;
    });
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return Object.freeze(result.output);
}

/** A configuration for tests: dev transport, no demo data, quiet logs. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return Object.freeze({
    ...loadConfig({ NODE_ENV: 'test', SEED_DEMO: '0', LOG_LEVEL: 'silent' }),
    ...overrides,
  });
}
