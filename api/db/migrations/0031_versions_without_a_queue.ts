import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file never imports application code. Runs on SQLite and PostgreSQL.
//
// PostgreSQL: a data version is no longer one row but SLOTS rows, and its value their sum
// (docs/decisions/030-data-versions-in-slots.md). A writing statement bumps one slot that no
// other open transaction holds (FOR UPDATE SKIP LOCKED), so writers in every process go on side
// by side instead of queueing for one row's lock until the writer before them has committed to
// disk. Each committed bump still raises the sum that any later reader sees, so a cached list is
// invalidated by every write, in every process, as before.
//
// SQLite: nothing changes. Its writers take turns on the file anyway (one group commit at a
// time), so one row per name costs nothing; the sum of one row is that row.

/** Rows per name: more than the connections a few server processes hold (10 each by default). */
const SLOTS = 64;

export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql
    .raw(`
ALTER TABLE data_versions ADD COLUMN slot integer NOT NULL DEFAULT 0;
ALTER TABLE data_versions DROP CONSTRAINT data_versions_pkey;
ALTER TABLE data_versions ADD PRIMARY KEY (name, slot);
INSERT INTO data_versions (name, slot, version)
  SELECT name, n, 0 FROM data_versions, generate_series(1, ${SLOTS - 1}) AS n;

-- One slot of the name that no other transaction holds; the first one free from a place that
-- depends on the connection, so that connections mostly keep to slots of their own. Only when
-- every slot is held (more writers of one name at once than slots) does it wait, for slot 0,
-- which every name has (a name added later with one row has only that one).
CREATE FUNCTION bump_data_version_of(data_name text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  start integer := pg_backend_pid() % ${SLOTS};
BEGIN
  UPDATE data_versions SET version = version + 1
    WHERE name = data_name AND slot = (
      SELECT slot FROM data_versions WHERE name = data_name
        ORDER BY (slot - start + ${SLOTS}) % ${SLOTS}
        LIMIT 1 FOR UPDATE SKIP LOCKED);
  IF NOT FOUND THEN
    UPDATE data_versions SET version = version + 1 WHERE name = data_name AND slot = 0;
  END IF;
END $$;

CREATE OR REPLACE FUNCTION bump_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed) THEN
    PERFORM bump_data_version_of(TG_ARGV[0]);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION bump_data_version_for_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_data_version_of(TG_ARGV[0]);
  RETURN NULL;
END $$;
`)
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql
    .raw(`
CREATE OR REPLACE FUNCTION bump_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed) THEN
    UPDATE data_versions SET version = version + 1 WHERE name = TG_ARGV[0];
  END IF;
  RETURN NULL;
END $$;
CREATE OR REPLACE FUNCTION bump_data_version_for_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE data_versions SET version = version + 1 WHERE name = TG_ARGV[0];
  RETURN NULL;
END $$;
DROP FUNCTION bump_data_version_of(text);
UPDATE data_versions AS kept SET version = (
  SELECT sum(version) FROM data_versions AS each WHERE each.name = kept.name)
  WHERE slot = 0;
DELETE FROM data_versions WHERE slot <> 0;
ALTER TABLE data_versions DROP CONSTRAINT data_versions_pkey;
ALTER TABLE data_versions ADD PRIMARY KEY (name);
ALTER TABLE data_versions DROP COLUMN slot;
`)
    .execute(db);
}
