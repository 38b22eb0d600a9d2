import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { type Db, openConfiguredDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { startupLine } from './startup-line.ts';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

/** The app's logger once it is built; before then problems go to stderr. */
let log: FastifyBaseLogger | undefined;

/**
 * The database files were deleted, replaced or cut short under the running server. Reading the
 * WAL index SQLite maps into memory would now kill the process with SIGBUS, with no log line,
 * so the server stops at once with one, closing nothing (closing reads the index too).
 */
function stopOnChangedFiles(problem: string): never {
  const message = `The database files changed under the running server (${problem}); stopping now. Put them back (or restore a backup) and start the server again.`;
  if (log) log.fatal({ problem }, message);
  else console.error(message);
  process.exit(1);
}

let db: Db;
try {
  db = openConfiguredDatabase(config, { onFilesChanged: stopOnChangedFiles });
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
await migrateToLatest(db);

const app = await buildApp(config, { db });
log = app.log;

/** How long in-flight requests get to finish after SIGTERM before the rest are cut off. */
const DRAIN_SECONDS = 10;

// Graceful shutdown: stop accepting, let in-flight requests finish, then close the database.
// A stalled client cannot hold the process for ever: after the drain deadline its socket is cut.
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.warn('drain deadline passed: closing the remaining connections');
      app.server.closeAllConnections();
    }, DRAIN_SECONDS * 1000).unref();
    // The database closes after the app, so the notification sender can finish with it (a
    // root onClose hook added here would run before the app's own).
    app
      .close()
      .then(() => db.destroy())
      .then(
        () => process.exit(0),
        (error) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  });
}

await app.listen({ port: config.port, host: config.host });
// Payments left moving by the last run (a crash, a restart) are taken up at once.
app.paymentsWorker.kick();
console.log(startupLine(config, await app.demoPhones()));
