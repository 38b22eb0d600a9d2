import { isIP } from 'node:net';
import { compile as compileProxyList } from '@fastify/proxy-addr';
import * as v from 'valibot';
import { isIpv4Mapped } from './lib/address-group.ts';

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

/** proxy-addr's names for the loopback, link-local and private ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** More proxies than this in front of one server is a mistake, not a deployment. */
const MAX_PROXY_HOPS = 5;

/**
 * The shortest prefixes a trusted proxy range may have. A wider range trusts strangers: their
 * X-Forwarded-For would then name any client address they like, and every per-address limit
 * would count whatever they write.
 */
const SHORTEST_PROXY_PREFIX = { ipv4: 8, ipv6: 32 } as const;

/** Why one TRUST_PROXY entry is refused, or undefined if it is a usable proxy address or range. */
function proxyEntryProblem(entry: string): string | undefined {
  if (PROXY_RANGE_NAMES.has(entry)) return undefined;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0 || (prefix !== undefined && !/^\d{1,3}$/.test(prefix))) {
    return `"${entry}" is not an address, an address/prefix or loopback, linklocal, uniquelocal`;
  }
  if (prefix === undefined) return undefined;
  // An IPv4-mapped IPv6 range (::ffff:10.0.0.0/104) is an IPv4 range 96 bits shorter.
  const ipv4 = family === 4 || isIpv4Mapped(address);
  const shortest = ipv4
    ? SHORTEST_PROXY_PREFIX.ipv4 + (family === 6 ? 96 : 0)
    : SHORTEST_PROXY_PREFIX.ipv6;
  if (Number(prefix) < shortest) {
    return `"${entry}" trusts too many addresses: a range must be /${shortest} or narrower`;
  }
  return undefined;
}

/** Why TRUST_PROXY is refused, or undefined. */
function trustProxyProblem(value: string): string | undefined {
  if (/^\d+$/.test(value)) {
    return Number(value) > MAX_PROXY_HOPS ? `more than ${MAX_PROXY_HOPS} proxy hops` : undefined;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const problem = entries.map(proxyEntryProblem).find((found) => found !== undefined);
  if (problem) return problem;
  // What Fastify will compile at start-up, compiled here, so anything it would refuse stops
  // the server before it touches the database, with this message rather than a stack trace.
  try {
    compileProxyList(entries);
  } catch (error) {
    return (error as Error).message;
  }
  return undefined;
}

/**
 * Which X-Forwarded-For hops to believe: none (0), the nearest n, or those from the listed
 * proxies. Never "all": the left-most entries are whatever the client wrote.
 */
const trustProxy = v.pipe(
  v.optional(v.string(), '0'),
  v.transform((value) => value.trim()),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const problem = trustProxyProblem(dataset.value);
    if (problem) {
      addIssue({
        message: `${problem}. Give the number of proxies in front of the server (0, 1, 2 ...) or their addresses/CIDRs, comma-separated`,
      });
    }
  }),
  v.transform((value): false | number | string[] => {
    if (!/^\d+$/.test(value)) return value.split(',').map((entry) => entry.trim());
    return Number(value) === 0 ? false : Number(value);
  }),
);

/**
 * The longest PUBLIC_URL: every notification carries it in a link and must still fit one SMS
 * (160 GSM-7 characters) with the longest names (notifications/messages.test.ts).
 */
export const PUBLIC_URL_MAX = 32;

/**
 * PUBLIC_URL: the address people open the app at, put in front of the link in every SMS. An
 * origin only (scheme, host, port), in characters an SMS carries as they are (GSM-7): Latin
 * letters, digits, dots, hyphens and a colon; an international domain in its xn-- form.
 */
const publicUrl = v.optional(
  v.pipe(
    v.string(),
    v.transform((value) => value.trim().replace(/\/+$/, '')),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const problem = publicUrlProblem(dataset.value);
      if (problem) {
        addIssue({ message: problem });
        return NEVER;
      }
      return new URL(dataset.value).origin;
    }),
  ),
);

function publicUrlProblem(value: string): string | undefined {
  const example = 'an address such as https://ghanagigs.com';
  if (!URL.canParse(value)) return `must be ${example}`;
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `must be ${example}`;
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) {
    return `must be the address alone, with no path, query or login: ${example}`;
  }
  if (!/^https?:\/\/[a-z0-9.-]+(:\d+)?$/.test(url.origin)) {
    return 'must use only Latin letters, digits, dots and hyphens (an international domain in its xn-- form), which every SMS carries';
  }
  if (url.origin.length > PUBLIC_URL_MAX) {
    return `must be at most ${PUBLIC_URL_MAX} characters, so every SMS with its link stays one message`;
  }
  return undefined;
}
/** A server secret: at least 32 random bytes, written in base64 as `openssl rand -base64 32` does. */
const SERVER_SECRET_BYTES = 32;
const serverSecret = v.pipe(
  v.string(),
  v.trim(),
  v.check(
    (value) =>
      /^[A-Za-z0-9+/]+={0,2}$/.test(value) &&
      Buffer.from(value, 'base64').length >= SERVER_SECRET_BYTES,
    `must be at least ${SERVER_SECRET_BYTES} random bytes in base64 (make one with: openssl rand -base64 32)`,
  ),
);

/**
 * USSD_CALLBACK_TOKEN: the secret in the USSD callback's path (the gateway signs nothing, so
 * whoever knows the path may speak for any caller). Unreserved URL characters only, so it
 * travels in a path as it is; at least 32 of them.
 */
const USSD_TOKEN_MIN = 32;
const ussdCallbackToken = v.pipe(
  v.string(),
  v.trim(),
  v.regex(
    new RegExp(`^[A-Za-z0-9_-]{${USSD_TOKEN_MIN},}$`),
    `must be at least ${USSD_TOKEN_MIN} random letters, digits, - or _ (make one with: openssl rand -hex 24)`,
  ),
);

/** The S3 settings that mean nothing without S3_BUCKET. */
const S3_COMPANIONS = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
] as const;

/** Settings whose values never appear in an error message: they are keys or hold passwords. */
const SECRET_SETTINGS = new Set([
  'SERVER_SECRET',
  'S3_SECRET_ACCESS_KEY',
  'AT_API_KEY',
  'PAYSTACK_SECRET_KEY',
  'DATABASE_URL',
  'USSD_CALLBACK_TOKEN',
]);

/** Addresses only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const address = host.replace(/^\[|\]$/g, '').replace(/^::ffff:/i, '');
  return (
    address === 'localhost' ||
    address === '::1' ||
    (isIP(address) === 4 && address.startsWith('127.'))
  );
}

export const EnvSchema = v.pipe(
  v.object({
    PORT: v.pipe(positiveInt(3000), v.maxValue(65535, 'must be a port number')),
    HOST: v.optional(v.pipe(v.string(), v.nonEmpty()), '127.0.0.1'),
    DATABASE_PATH: v.optional(v.pipe(v.string(), v.nonEmpty()), 'data/app.db'),
    DATABASE_URL: v.optional(
      v.pipe(
        v.string(),
        v.regex(
          /^postgres(ql)?:\/\/./,
          'must be a postgres:// URL such as postgres://user@host/db',
        ),
      ),
    ),
    SERVER_SECRET: v.optional(serverSecret),
    S3_BUCKET: v.optional(v.string()),
    S3_ENDPOINT: v.optional(
      v.pipe(v.string(), v.url('must be a URL such as https://s3.eu-west-1.amazonaws.com')),
    ),
    S3_REGION: v.optional(v.string()),
    S3_ACCESS_KEY_ID: v.optional(v.string()),
    S3_SECRET_ACCESS_KEY: v.optional(v.string()),
    S3_FORCE_PATH_STYLE: v.optional(v.picklist(['1', '0', 'true', 'false', 'yes', 'no', ''])),
    NODE_ENV: v.optional(v.picklist(['development', 'production', 'test']), 'development'),
    OTP_TRANSPORT: v.optional(v.picklist(['dev', 'africastalking'])),
    AT_USERNAME: v.optional(v.string()),
    AT_API_KEY: v.optional(v.string()),
    AT_SENDER_ID: v.optional(v.string()),
    AT_WHATSAPP_NUMBER: v.optional(v.string()),
    SEED_DEMO: flag(true),
    COOKIE_SECURE: v.optional(v.picklist(['1', '0', 'true', 'false', 'yes', 'no', ''])),
    TRUST_PROXY: trustProxy,
    DEV_OUTBOX_PUBLIC: flag(false),
    OTP_SENDS_PER_IP_HOUR: positiveInt(60),
    OTP_SENDS_PER_DAY: positiveInt(5000),
    NOTIFICATION_SMS_PER_HOUR: positiveInt(600),
    USER_WRITE_CAPS: flag(true),
    OTP_FAILURES_PER_IP_HOUR: positiveInt(30),
    OTP_FAILURES_PER_HOUR: positiveInt(1000),
    PAYMENTS_PROVIDER: v.optional(v.picklist(['dev', 'paystack'])),
    PAYSTACK_SECRET_KEY: v.optional(v.string()),
    PAYSTACK_BASE_URL: v.optional(
      v.pipe(v.string(), v.url('must be a URL such as https://api.paystack.co')),
      'https://api.paystack.co',
    ),
    SERVICE_FEE_PERCENT: v.pipe(
      v.optional(v.string(), '5'),
      v.regex(/^\d{1,2}$/, 'must be a whole number from 0 to 30'),
      v.transform(Number),
      v.maxValue(30, 'must be a whole number from 0 to 30'),
    ),
    TEST_CLOCK: flag(false),
    PUBLIC_URL: publicUrl,
    USSD_CALLBACK_TOKEN: v.optional(ussdCallbackToken),
    LOG_LEVEL: v.optional(
      v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
      'info',
    ),
  }),
  v.check(
    (env) => env.S3_BUCKET !== undefined || S3_COMPANIONS.every((name) => env[name] === undefined),
    `S3_BUCKET: required when any of ${S3_COMPANIONS.join(', ')} is set (without it pictures would quietly stay on this machine's disk)`,
  ),
  v.transform((env) => {
    const production = env.NODE_ENV === 'production';
    const otpTransport = env.OTP_TRANSPORT ?? (env.AT_API_KEY ? 'africastalking' : 'dev');
    const paymentsProvider =
      env.PAYMENTS_PROVIDER ?? (env.PAYSTACK_SECRET_KEY ? 'paystack' : 'dev');
    const seedDemo = env.SEED_DEMO && !production;
    return {
      port: env.PORT,
      host: env.HOST,
      databasePath: env.DATABASE_PATH,
      // PostgreSQL when set; the SQLite file at databasePath otherwise.
      databaseUrl: env.DATABASE_URL ?? null,
      /** Keys sign-in codes; base64. Null: the secret kept in a file beside the SQLite database. */
      serverSecret: env.SERVER_SECRET ?? null,
      /** Where uploaded pictures go; null: the uploads/ folder beside the SQLite database. */
      objectStorage: env.S3_BUCKET
        ? {
            bucket: env.S3_BUCKET,
            endpoint: env.S3_ENDPOINT ?? null,
            // The SDK needs a region to sign with; most S3-compatible stores accept any.
            region: env.S3_REGION ?? 'us-east-1',
            accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
            secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
            // Self-hosted stores (MinIO, Ceph, Garage) name the bucket in the path, not the host.
            forcePathStyle: env.S3_FORCE_PATH_STYLE
              ? ['1', 'true', 'yes'].includes(env.S3_FORCE_PATH_STYLE)
              : env.S3_ENDPOINT !== undefined,
          }
        : null,
      nodeEnv: env.NODE_ENV,
      otpTransport,
      africasTalking: {
        username: env.AT_USERNAME ?? '',
        apiKey: env.AT_API_KEY ?? '',
        senderId: env.AT_SENDER_ID || undefined,
        whatsappNumber: env.AT_WHATSAPP_NUMBER || undefined,
      },
      // Demo data belongs on a developer's machine, never in production.
      seedDemo,
      cookieSecure: env.COOKIE_SECURE
        ? ['1', 'true', 'yes'].includes(env.COOKIE_SECURE)
        : production,
      trustProxy: env.TRUST_PROXY,
      devOutboxPublic: env.DEV_OUTBOX_PUBLIC,
      otpSendsPerIpHour: env.OTP_SENDS_PER_IP_HOUR,
      otpSendsPerDay: env.OTP_SENDS_PER_DAY,
      notificationSmsPerHour: env.NOTIFICATION_SMS_PER_HOUR,
      // Off only for load and crash tests, whose scripted users write far faster than people.
      userWriteCaps: env.USER_WRITE_CAPS,
      otpFailuresPerIpHour: env.OTP_FAILURES_PER_IP_HOUR,
      otpFailuresPerHour: env.OTP_FAILURES_PER_HOUR,
      payments: {
        provider: paymentsProvider,
        paystackSecretKey: env.PAYSTACK_SECRET_KEY ?? '',
        paystackBaseUrl: env.PAYSTACK_BASE_URL,
        serviceFeePercent: env.SERVICE_FEE_PERCENT,
      },
      // Lets browser tests move the server's clock (POST /api/dev/clock); never in production.
      testClock: env.TEST_CLOCK,
      /**
       * Whether a setting asks for what only api/dev/ serves (the dev transport and outbox, the
       * dev payments provider, the test clock, the demo seed). Never in production, where each
       * of those is refused or off: a production start loads no module of api/dev/ (app.ts).
       */
      devTools:
        !production &&
        (otpTransport === 'dev' || paymentsProvider === 'dev' || env.TEST_CLOCK || seedDemo),
      // Off a production server, links in messages lead to this machine's own app; a
      // production server has no default (empty, refused below).
      publicUrl: env.PUBLIC_URL ?? (production ? '' : `http://localhost:${env.PORT}`),
      /** The secret path of the USSD callback (POST /api/ussd/<token>); null: no USSD service. */
      ussdCallbackToken: env.USSD_CALLBACK_TOKEN ?? null,
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
    (config) => !(config.nodeEnv === 'production' && !config.cookieSecure),
    'COOKIE_SECURE: "0" is refused when NODE_ENV=production (the session cookie would travel unencrypted)',
  ),
  v.check(
    (config) =>
      config.otpTransport !== 'dev' || config.devOutboxPublic || isLoopbackHost(config.host),
    'HOST: the dev transport serves every sign-in code at /api/dev/outbox, so it listens only on this machine (127.0.0.1). Set DEV_OUTBOX_PUBLIC=1 if everyone who can reach the server may read the codes',
  ),
  v.check(
    (config) => config.otpFailuresPerHour > config.otpFailuresPerIpHour,
    'OTP_FAILURES_PER_HOUR must be above OTP_FAILURES_PER_IP_HOUR, or one address could stop every sign-in',
  ),
  v.check(
    (config) => !(config.nodeEnv === 'production' && config.payments.provider === 'dev'),
    'PAYMENTS_PROVIDER: "dev" is refused when NODE_ENV=production (no money would move)',
  ),
  v.check(
    (config) => !(config.nodeEnv === 'production' && config.testClock),
    'TEST_CLOCK: "1" is refused when NODE_ENV=production (anyone on this machine could move time and release money)',
  ),
  v.check(
    (config) => config.publicUrl !== '',
    'PUBLIC_URL: required when NODE_ENV=production (every SMS links to the app at this address), such as https://ghanagigs.com',
  ),
  v.check(
    (config) =>
      config.nodeEnv !== 'production' ||
      config.publicUrl === '' ||
      config.publicUrl.startsWith('https://'),
    'PUBLIC_URL: must be https:// when NODE_ENV=production (people follow these links from their SMS)',
  ),
  v.check(
    (config) => config.payments.provider !== 'paystack' || config.payments.paystackSecretKey !== '',
    'PAYSTACK_SECRET_KEY: required when PAYMENTS_PROVIDER=paystack',
  ),
  v.check(
    (config) =>
      config.nodeEnv !== 'production' || config.payments.paystackBaseUrl.startsWith('https://'),
    'PAYSTACK_BASE_URL: must be https:// when NODE_ENV=production (the secret key travels with every request)',
  ),
  v.check(
    (config) => config.serverSecret !== null || config.databaseUrl === null,
    'SERVER_SECRET: required when DATABASE_URL is set, so that every instance keys sign-in codes alike (make one with: openssl rand -base64 32)',
  ),
  v.check(
    (config) =>
      !config.objectStorage ||
      Boolean(config.objectStorage.accessKeyId && config.objectStorage.secretAccessKey),
    'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: both are required when S3_BUCKET is set',
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
      const received =
        name && !SECRET_SETTINGS.has(name) ? ` (got ${JSON.stringify(relevant[name])})` : '';
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
