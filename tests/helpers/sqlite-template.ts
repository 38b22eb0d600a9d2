import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../api/db/database.ts';
import { migrateToLatest } from '../../api/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated SQLite file each test database starts as a copy of (tests/helpers/test-app.ts). */
    sqliteTemplate: string;
  }
}

/**
 * Vitest's global setup: migrates one SQLite file for the whole run. Copying it is a few
 * milliseconds where running every migration again takes most of a second, once per test app.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'gigs-template-'));
  const path = join(dir, 'template.db');
  const db = openDatabase(path);
  await migrateToLatest(db);
  await db.destroy();
  // The last connection's close folds the WAL into the file; a copy of the file alone is whole.
  if (existsSync(`${path}-wal`)) throw new Error(`${path}-wal is left after closing the template`);
  project.provide('sqliteTemplate', path);
  return () => rmSync(dir, { recursive: true, force: true });
}
