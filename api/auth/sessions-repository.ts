import type { Kysely, Selectable } from 'kysely';
import type { Database, SessionsTable } from '../db/database.ts';

type SessionRow = Selectable<SessionsTable>;

export async function insertSession(db: Kysely<Database>, session: SessionRow): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

export const findSession = (db: Kysely<Database>, idHash: string) =>
  db.selectFrom('sessions').selectAll().where('id_hash', '=', idHash).executeTakeFirst();

export async function deleteSession(db: Kysely<Database>, idHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
}

export async function touchSession(
  db: Kysely<Database>,
  idHash: string,
  lastSeenAt: string,
  expiresAt: string,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: lastSeenAt, expires_at: expiresAt })
    .where('id_hash', '=', idHash)
    .execute();
}
