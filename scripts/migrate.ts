/**
 * Migrates the database to the latest schema: `npm run db:migrate`. PostgreSQL at DATABASE_URL
 * when set, else the SQLite file DATABASE_PATH (default data/app.db).
 */
import { loadConfig } from '../api/config.ts';
import { openConfiguredDatabase } from '../api/db/database.ts';
import { migrateToLatest } from '../api/db/migrate.ts';

const config = loadConfig();
const db = openConfiguredDatabase(config);
try {
  await migrateToLatest(db);
  // Never the URL itself: it may carry a password.
  const where = config.databaseUrl
    ? 'the PostgreSQL database of DATABASE_URL'
    : config.databasePath;
  console.log(`Migrated ${where} to the latest schema.`);
} finally {
  await db.destroy();
}
