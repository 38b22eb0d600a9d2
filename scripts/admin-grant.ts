/**
 * Makes someone a Ghana Gigs operator, who sees /admin (held jobs, reports, disputes) and can
 * publish, remove and suspend: `npm run admin:grant -- +233241000001`, or take it back with
 * `npm run admin:grant -- +233241000001 --revoke` (on DATABASE_URL, else DATABASE_PATH, default
 * data/app.db). The person must have signed up first. No route of the app can grant it: only
 * this command, run by whoever holds the server's database.
 */
import * as v from 'valibot';
import { setOperator } from '../api/auth/users-repository.ts';
import { loadConfig } from '../api/config.ts';
import { openConfiguredDatabase } from '../api/db/database.ts';
import { PhoneSchema } from '../contracts/auth.schemas.ts';

const USAGE = 'Usage: npm run admin:grant -- +233XXXXXXXXX [--revoke]';

const args = process.argv.slice(2);
const revoke = args.includes('--revoke');
const rest = args.filter((arg) => arg !== '--revoke');
const phone = v.safeParse(PhoneSchema, rest[0] ?? '');
if (rest.length !== 1 || !phone.success) {
  console.error(phone.success ? USAGE : `${phone.issues[0].message}\n${USAGE}`);
  process.exit(2);
}
const config = loadConfig();
const db = openConfiguredDatabase(config);
try {
  const user = await setOperator(db, phone.output, !revoke);
  if (!user) {
    console.error(`No one has signed up with ${phone.output}: they sign up first.`);
    process.exitCode = 1;
  } else {
    const who = `${user.first_name} ${user.last_name} (${user.phone_number})`;
    console.log(
      revoke
        ? `${who} is no longer an operator.`
        : `${who} is now an operator: they see /admin on their next page load.`,
    );
  }
} finally {
  await db.destroy();
}
