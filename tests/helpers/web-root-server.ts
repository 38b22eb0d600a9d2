/**
 * The real app serving a web build from a directory of the caller's choosing, for browser tests
 * that deploy a new version under a running app (the service worker update test) without
 * touching the dist/ that other tests are using. Run with tsx; WEB_ROOT, PORT and
 * DATABASE_PATH come from the environment.
 */
import { buildApp } from '../../api/app.ts';
import { loadConfig } from '../../api/config.ts';
import { openConfiguredDatabase } from '../../api/db/database.ts';
import { migrateToLatest } from '../../api/db/migrate.ts';

const webRoot = process.env.WEB_ROOT;
if (!webRoot) throw new Error('WEB_ROOT is required');
const config = loadConfig();
const db = openConfiguredDatabase(config);
await migrateToLatest(db);
const app = await buildApp(config, { db, webRoot });
process.once('SIGTERM', () => {
  void app.close().then(() => db.destroy().then(() => process.exit(0)));
});
await app.listen({ port: config.port, host: config.host });
