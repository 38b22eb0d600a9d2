/** Migrates DATABASE_PATH (default data/app.db) to the latest schema: `npm run db:migrate`. */
import { loadConfig } from '../api/config.ts';
import { openDatabase } from '../api/db/database.ts';
import { migrateToLatest } from '../api/db/migrate.ts';

const config = loadConfig();
const db = openDatabase(config.databasePath);
try {
  await migrateToLatest(db);
  console.log(`Migrated ${config.databasePath} to the latest schema.`);
} finally {
  await db.destroy();
}
