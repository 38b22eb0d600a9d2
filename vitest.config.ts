import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.ts', '**/*.test.tsx'],
    exclude: ['**/node_modules/**', 'dist/**', 'tests/e2e/**', '.tmp/**', '**/*.pg.test.ts'],
    // Two test files at once even on two cores (Vitest's default there is one): much of a file's
    // time is spent waiting on child processes, fsync and timers, when the other core sits idle.
    maxWorkers: 2,
    // One migrated SQLite file that every test database starts as a copy of.
    globalSetup: ['tests/helpers/sqlite-template.ts'],
    // A guard against a hung test, not a timing: two files sharing two cores run slower each.
    testTimeout: 15_000,
    hookTimeout: 30_000,
  },
});
