import { EnvSchema } from './config.ts';

/** Every setting api/config.ts reads from the environment. */
export type SettingName = keyof (typeof EnvSchema.pipe)[0]['entries'];

/**
 * What each setting means, as people read it in docs/CONFIGURATION.md (`npm run docs:config`
 * writes it; config-table.test.ts fails when the file and this differ). `default` is needed only
 * where the code's default is not one literal value (a flag, a choice made from other settings).
 */
export const SETTINGS: Record<SettingName, { default?: string; meaning: string }> = {
  PORT: { meaning: 'HTTP port' },
  HOST: {
    meaning:
      'interface to listen on; `0.0.0.0` for every interface (a container, or a proxy on another machine). With the dev transport only loopback is allowed unless `DEV_OUTBOX_PUBLIC=1`',
  },
  DATABASE_PATH: {
    meaning:
      'SQLite file; its directory is created if missing. Unless `SERVER_SECRET` is set, the secret that keys code hashes is kept beside it (`server-secret.key`), and uploaded pictures go in `uploads/` beside it unless `S3_BUCKET` is set, whichever database is used',
  },
  DATABASE_URL: {
    meaning:
      '`postgres://user:password@host:5432/db` selects PostgreSQL instead of the SQLite file, for several server processes or machines on one database (requires `SERVER_SECRET`; ADR 023). Migrated at start-up; up to 10 connections a process; needs the `pg_trgm` extension, best made with `--locale C.UTF-8` (docs/DEPLOY.md)',
  },
  SERVER_SECRET: {
    default: 'a file beside the database',
    meaning:
      'keys sign-in code hashes: at least 32 random bytes in base64 (`openssl rand -base64 32`). The same on every instance of one database; required with `DATABASE_URL`. Changing it voids codes sent before (they live 10 minutes), not sessions; to keep them, use the contents of `server-secret.key`',
  },
  S3_BUCKET: {
    meaning:
      'keep uploaded pictures in this bucket of an S3-compatible store (S3, R2, MinIO, B2 ...) instead of `uploads/` beside the database: required when instances run on several machines. Objects are `uploads/<name>.webp`; the bucket stays private and the server serves them at `/uploads/`. Any other `S3_` variable without it stops start-up',
  },
  S3_ENDPOINT: {
    default: 'Amazon S3',
    meaning:
      "the store's URL, for anything but Amazon S3 (`https://<account>.r2.cloudflarestorage.com`, `http://127.0.0.1:9000` for MinIO)",
  },
  S3_REGION: {
    default: '`us-east-1`',
    meaning: 'the region requests are signed for (R2: `auto`; MinIO: its configured region)',
  },
  S3_ACCESS_KEY_ID: {
    meaning:
      'access key id (required with `S3_BUCKET`), with `s3:PutObject`, `s3:GetObject`, `s3:DeleteObject` and `s3:ListBucket` on the bucket',
  },
  S3_SECRET_ACCESS_KEY: { meaning: 'secret access key (required with `S3_BUCKET`); never printed' },
  S3_FORCE_PATH_STYLE: {
    default: '`1` when `S3_ENDPOINT` is set, else `0`',
    meaning:
      "`1` names the bucket in the path (`endpoint/bucket/key`, what MinIO needs); `0` in the host name (Amazon S3's way)",
  },
  NODE_ENV: {
    meaning:
      '`development`, `test` or `production` (production: no source maps served, and the refusals below); the web build is a production build whatever it says',
  },
  OTP_TRANSPORT: {
    default: '`dev`, or `africastalking` when `AT_API_KEY` is set',
    meaning:
      'where codes and messages go: `dev` to the log and the dev outbox (refused in production); `africastalking` real SMS/WhatsApp',
  },
  AT_USERNAME: { meaning: "Africa's Talking username (required for `africastalking`)" },
  AT_API_KEY: { meaning: "Africa's Talking API key (required for `africastalking`)" },
  AT_SENDER_ID: { default: 'account default', meaning: 'SMS sender ID or short code' },
  AT_WHATSAPP_NUMBER: {
    meaning: 'the WhatsApp Business number messages leave from (WhatsApp sends fail without it)',
  },
  SEED_DEMO: {
    default: '`1`',
    meaning: 'seed demo data into an empty database; `0` turns it off; never in production',
  },
  COOKIE_SECURE: {
    default: 'on in production',
    meaning:
      'mark the session cookie `Secure` (and name it `__Host-sid`); `0` is refused in production',
  },
  TRUST_PROXY: {
    meaning:
      'which `X-Forwarded-For` hops to believe for the client address: `0` none; a number `n`, the `n` proxies nearest the server; or their addresses and CIDRs, comma-separated (`10.0.0.0/8,127.0.0.1`, `loopback`, `linklocal`, `uniquelocal`). At most 5 hops; IPv4 ranges /8 or narrower, IPv6 /32 or narrower. Behind a proxy with `0`, every user shares its address and limits',
  },
  DEV_OUTBOX_PUBLIC: {
    default: '`0`',
    meaning:
      '`1` allows the dev transport on a `HOST` other machines reach and lets `/api/dev/outbox` (every sign-in code) answer any address; without it the outbox answers only this machine, with no proxy header. Never put the dev transport behind a proxy',
  },
  OTP_SENDS_PER_IP_HOUR: {
    meaning: 'sign-in codes one address group (an IPv4 address, an IPv6 /64) may request an hour',
  },
  OTP_SENDS_PER_DAY: {
    meaning:
      'global cap on sign-in codes a day (SMS-pumping brake); warning logged from 80%, error at it',
  },
  NOTIFICATION_SMS_PER_HOUR: {
    meaning:
      'global cap on notification messages an hour, all processes together; the rest wait, none is dropped; sign-in codes do not count',
  },
  USER_WRITE_CAPS: {
    default: '`1`',
    meaning:
      'per-user caps and rates (docs/rules/); `0` lifts them for load and crash tests and is refused in production',
  },
  OTP_FAILURES_PER_IP_HOUR: {
    meaning:
      'wrong sign-in codes one address group may send an hour, over all numbers, before its guesses are refused',
  },
  OTP_FAILURES_PER_HOUR: {
    meaning:
      'wrong sign-in codes from everyone an hour before guesses pause; a code typed from the group that asked for it still signs in; must be above `OTP_FAILURES_PER_IP_HOUR`',
  },
  PAYMENTS_PROVIDER: {
    default: '`dev`, or `paystack` when `PAYSTACK_SECRET_KEY` is set',
    meaning:
      '`dev`: the Paystack simulator on this machine (Approve/Decline links in the dev outbox; refused in production); `paystack`: real money',
  },
  PAYSTACK_SECRET_KEY: {
    meaning: 'Paystack secret key (required for `paystack`); also what webhooks are signed with',
  },
  PAYSTACK_BASE_URL: { meaning: "Paystack's API; https only in production" },
  SERVICE_FEE_PERCENT: {
    meaning: 'our fee, a whole percent (0 to 30) of the amount, charged to the payer on top',
  },
  TEST_CLOCK: {
    default: '`0`',
    meaning:
      '`1` lets `POST /api/dev/clock { "advanceSeconds": n }` move the server\'s clock; refused in production',
  },
  PUBLIC_URL: {
    default: '`http://localhost:<PORT>`; required in production',
    meaning:
      'the address people open the app at, in front of the link every SMS ends with: an origin only, https in production, at most 32 characters of Latin letters, digits, dots and hyphens, so each message stays one SMS',
  },
  USSD_CALLBACK_TOKEN: {
    default: 'unset: no USSD service',
    meaning:
      'the secret path of the USSD callback, `POST /api/ussd/<token>`: at least 32 letters, digits, `-` or `_` (`openssl rand -hex 24`). Only the gateway may know it (its caller number is trusted as verified); a wrong token is 404; never printed',
  },
  LOG_LEVEL: { meaning: 'pino log level' },
};

/** The code's own default of a setting, when it is one literal value. */
function literalDefault(name: SettingName): string | undefined {
  const schema = EnvSchema.pipe[0].entries[name] as { default?: unknown };
  return typeof schema.default === 'string' && schema.default !== '' ? schema.default : undefined;
}

/** docs/CONFIGURATION.md, from the schema's names and defaults and SETTINGS' words. */
export function configurationTable(): string {
  const rows = (Object.keys(EnvSchema.pipe[0].entries) as SettingName[]).map((name) => {
    const { default: written, meaning } = SETTINGS[name];
    const code = literalDefault(name);
    if (code !== undefined && written !== undefined && !written.includes(`\`${code}\``)) {
      throw new Error(`SETTINGS.${name}.default must name the code's default \`${code}\``);
    }
    const shown = written ?? (code === undefined ? '' : `\`${code}\``);
    return `| \`${name}\` | ${shown} | ${meaning} |`;
  });
  return [
    '# Configuration',
    '',
    '<!-- Written by `npm run docs:config` from api/config.ts and api/config-table.ts; do not edit. -->',
    '',
    'All settings come from the environment, parsed once at start-up (`loadConfig` in',
    '`api/config.ts`); a bad value stops the server with a message that names every bad variable',
    '(`api/config.test.ts`).',
    '',
    '| Variable | Default | Meaning |',
    '|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
