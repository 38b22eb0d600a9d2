import { expect, test } from 'vitest';
import { loadConfig } from './config.ts';
import { startupLine } from './startup-line.ts';

test('the start-up line names the URL, the mode, where codes go and the demo phones', () => {
  expect(startupLine(loadConfig({}), ['+233241000001', '+233241000002'])).toBe(
    'Ghana Gigs on http://127.0.0.1:3000 (development): sign-in codes go to the log and ' +
      'http://127.0.0.1:3000/api/dev/outbox (never put this server behind a proxy: it would ' +
      'serve every code); payments are simulated: approve or decline them from the links in ' +
      'the dev outbox; demo phones +233241000001, +233241000002.',
  );
  const shared = loadConfig({ HOST: '0.0.0.0', PORT: '8080', DEV_OUTBOX_PUBLIC: '1' });
  expect(startupLine(shared, [])).toBe(
    'Ghana Gigs on http://localhost:8080 (development, every interface): sign-in codes go to ' +
      'the log and http://localhost:8080/api/dev/outbox, readable from any address ' +
      '(DEV_OUTBOX_PUBLIC=1) (never put this server behind a proxy: it would serve every code); ' +
      'payments are simulated: approve or decline them from the links in the dev outbox; ' +
      'no demo accounts.',
  );
  const production = loadConfig({
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://ghanagigs.com',
    HOST: '::',
    AT_USERNAME: 'gigs',
    AT_API_KEY: 'k',
    PAYSTACK_SECRET_KEY: 'sk_live_x',
  });
  expect(startupLine(production, [])).toBe(
    'Ghana Gigs on http://localhost:3000 (production, every interface): sign-in codes go by ' +
      "SMS or WhatsApp through Africa's Talking; payments go through Paystack; no demo accounts.",
  );
  const onBucket = loadConfig({
    NODE_ENV: 'production',
    AT_USERNAME: 'gigs',
    AT_API_KEY: 'k',
    PAYSTACK_SECRET_KEY: 'sk_live_x',
    PUBLIC_URL: 'https://ghanagigs.com',
    S3_BUCKET: 'gigs-pictures',
    S3_ENDPOINT: 'https://s3.example.net',
    S3_ACCESS_KEY_ID: 'AKID',
    S3_SECRET_ACCESS_KEY: 'bucket-secret',
  });
  expect(startupLine(onBucket, [])).toBe(
    'Ghana Gigs on http://127.0.0.1:3000 (production): sign-in codes go by ' +
      "SMS or WhatsApp through Africa's Talking; payments go through Paystack; pictures go to " +
      'bucket gigs-pictures at https://s3.example.net; no demo accounts.',
  );
  expect(startupLine(loadConfig({ HOST: '::1' }), [])).toMatch(
    /^Ghana Gigs on http:\/\/\[::1\]:3000 /,
  );
});
