import { openDatabase } from '../api/db/database.ts';
import { migrateToLatest } from '../api/db/migrate.ts';
import { DEMO_USERS, seedDemoData } from '../api/db/seed.ts';

/** `npm run db:seed`: migrates DATABASE_PATH (default data/app.db) and fills it with demo data. */
const TABLES = [
  'users',
  'jobs',
  'applications',
  'artists',
  'artist_availability',
  'bookings',
] as const;

const path = process.env.DATABASE_PATH ?? 'data/app.db';
const db = openDatabase(path);

async function counts(): Promise<Record<(typeof TABLES)[number], number>> {
  const result = {} as Record<(typeof TABLES)[number], number>;
  for (const table of TABLES) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    result[table] = Number(row.count);
  }
  return result;
}

try {
  await migrateToLatest(db);
  const before = await counts();
  await seedDemoData(db);
  const after = await counts();

  if (before.users > 0) {
    console.log(`${path} already has ${before.users} user(s); demo data not inserted.`);
  } else {
    console.log(`Seeded demo data into ${path}:`);
    for (const table of TABLES) console.log(`  ${table}: ${after[table] - before[table]}`);
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
