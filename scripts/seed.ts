import { loadConfig } from '../api/config.ts';
import { openConfiguredDatabase } from '../api/db/database.ts';
import { migrateToLatest } from '../api/db/migrate.ts';
import { SEEDED_TABLES, seedDemoData, seededRowCounts } from '../api/dev/seed/seed.ts';
import { DEMO_USERS } from '../api/dev/seed/seed-data.ts';

/**
 * `npm run db:seed`: migrates the database (DATABASE_URL, else DATABASE_PATH, default
 * data/app.db) and fills it with demo data.
 */
const config = loadConfig();
const path = config.databaseUrl ? 'the PostgreSQL database of DATABASE_URL' : config.databasePath;
const db = openConfiguredDatabase(config);

try {
  await migrateToLatest(db);
  const before = await seededRowCounts(db);
  await seedDemoData(db);
  const after = await seededRowCounts(db);

  if (before.users > 0) {
    console.log(`${path} already has ${before.users} user(s); demo data not inserted.`);
  } else {
    console.log(`Seeded demo data into ${path}:`);
    for (const table of SEEDED_TABLES) console.log(`  ${table}: ${after[table] - before[table]}`);
    console.log('Demo accounts (sign in with the phone number and the one-time code):');
    for (const [name, user] of Object.entries(DEMO_USERS)) {
      console.log(
        `  ${name.padEnd(10)} ${user.phoneNumber}  ${user.firstName} ${user.lastName} (${user.role}, ${user.region})`,
      );
    }
  }
} finally {
  await db.destroy();
}
