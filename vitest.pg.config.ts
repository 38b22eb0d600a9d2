import { defineConfig } from 'vitest/config';

/**
 * The API suite on PostgreSQL (`npm run test:pg`, which starts the server and sets
 * TEST_POSTGRES_URL). Every API test about behaviour runs on both engines; left out are the
 * tests of SQLite itself and of its files, and those that do not touch the database (the
 * contracts, the web app).
 */
export default defineConfig({
  test: {
    include: ['api/**/*.test.ts', 'tests/*.test.ts'],
    // Two test files at once even on two cores: much of a file's time is spent waiting for the
    // PostgreSQL server, which then runs beside them (about a third faster than one at a time).
    maxWorkers: 2,
    // Each request is a few round trips to another process, not calls into SQLite in this one:
    // request-heavy tests take several times as long as on SQLite.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    exclude: [
      '**/node_modules/**',
      // SQLite's own driver, files and migration history: BEGIN IMMEDIATE and its rollbacks,
      // the files guard, a full disk made with max_page_count, the JSON-to-rows move of 0010.
      'api/db/sqlite-dialect.test.ts',
      'api/db/portfolio-migration.test.ts',
      // SQLite's group commit: writes of several requests committed as one in its WAL, counted
      // in the log file (PostgreSQL commits each transaction itself, with its own group commit).
      'api/db/group-commit.test.ts',
      'api/applications/apply-in-groups.test.ts',
      'api/http/storage-failure.test.ts',
      'tests/database-files.test.ts',
      // Copies and restores the SQLite file (PostgreSQL's backups are pg_dump and PITR).
      'tests/backup.test.ts',
      // Real server processes killed or stopped while writing to a SQLite file; the
      // multi-instance test (tests/multi-instance.pg.test.ts) is their PostgreSQL counterpart.
      'tests/crash.test.ts',
      'tests/graceful-shutdown.test.ts',
      // Real server processes on a SQLite file checking the start-up line and refused settings,
      // none of which touches the engine.
      'tests/startup.test.ts',
      // The production build of the web app, served without a database.
      'tests/web-build.test.ts',
      // Which modules a start loads (never api/dev/ in production), on its own SQLite file.
      'tests/production-start.test.ts',
    ],
  },
});
