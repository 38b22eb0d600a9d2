import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, Migrator } from 'kysely';
import { afterEach, beforeEach, expect } from 'vitest';
import type { Db } from '../../api/db/database.ts';
import { migrationsFor } from '../../api/db/migrate.ts';
import { createTestDatabase, type TestDatabase } from './test-app.ts';

// biome-ignore lint/suspicious/noExplicitAny: the schema before a migration has no type of its own
export type OldSchema = Kysely<any>;

/**
 * A fresh test database for each test of a migration's data (SQLite, or PostgreSQL under
 * `npm run test:pg`), dropped after it. `rollBackTo` takes it back to the named migration, the
 * last one kept, where the test writes the data the migration will find in place.
 */
export function migrationTestDatabase() {
  let dir: string;
  let database: TestDatabase;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gigs-migration-'));
    database = await createTestDatabase(dir);
  });
  afterEach(async () => {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    /** The database, typed as the latest schema. */
    get db(): Db {
      return database.db;
    },
    /** Migrates down (or up) to `migration` and answers the database typed as the schema then. */
    async rollBackTo(migration: string): Promise<OldSchema> {
      const old = database.db as unknown as OldSchema;
      const migrator = new Migrator({
        db: old,
        provider: { getMigrations: async () => migrationsFor(old) },
      });
      expect((await migrator.migrateTo(migration)).error).toBeUndefined();
      return old;
    },
  };
}

/** A user's row as every schema since 0001 has it, with any other columns in `more`: its id. */
export async function insertOldUser(
  old: OldSchema,
  role: string,
  phone: string,
  more: Record<string, unknown> = {},
): Promise<number> {
  const { id } = await old
    .insertInto('users')
    .values({ phone_number: phone, first_name: 'Efua', last_name: 'Sam', role, ...more })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id as number;
}
