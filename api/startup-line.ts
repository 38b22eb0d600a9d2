import type { Config } from './config.ts';

const EVERY_INTERFACE = new Set(['0.0.0.0', '::']);

/**
 * The one line a person reads when the server starts: where to open it, the mode, where sign-in
 * codes go, how payments are made, where pictures go and which demo accounts exist. The JSON log lines stay as they are.
 */
export function startupLine(config: Config, demoPhones: readonly string[]): string {
  const everywhere = EVERY_INTERFACE.has(config.host);
  const host = everywhere
    ? 'localhost'
    : config.host.includes(':')
      ? `[${config.host}]`
      : config.host;
  const url = `http://${host}:${config.port}`;
  const mode = everywhere ? `${config.nodeEnv}, every interface` : config.nodeEnv;
  // A proxy in front hands the outbox to everyone it serves, and a bare proxy_pass adds no
  // header the outbox could refuse it by: say so where the developer looks.
  const codes =
    config.otpTransport === 'dev'
      ? `sign-in codes go to the log and ${url}/api/dev/outbox${config.devOutboxPublic ? ', readable from any address (DEV_OUTBOX_PUBLIC=1)' : ''} (never put this server behind a proxy: it would serve every code)`
      : "sign-in codes go by SMS or WhatsApp through Africa's Talking";
  const payments =
    config.payments.provider === 'dev'
      ? 'payments are simulated: approve or decline them from the links in the dev outbox'
      : 'payments go through Paystack';
  const demo = demoPhones.length > 0 ? `demo phones ${demoPhones.join(', ')}` : 'no demo accounts';
  // Said only when it is not the folder beside the database, which needs no saying.
  const { objectStorage: bucket } = config;
  const pictures = bucket
    ? `; pictures go to bucket ${bucket.bucket}${bucket.endpoint ? ` at ${bucket.endpoint}` : ''}`
    : '';
  return `Ghana Gigs on ${url} (${mode}): ${codes}; ${payments}${pictures}; ${demo}.`;
}
