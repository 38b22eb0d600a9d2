import type { Kysely, Selectable } from 'kysely';
import type { Database, SessionsTable, UsersTable } from '../db/database.ts';

type SessionRow = Selectable<SessionsTable>;

export async function insertSession(db: Kysely<Database>, session: SessionRow): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

/**
 * A session with its user, in one query: what every signed-in request reads first. Undefined
 * when either is gone.
 */
export async function findSessionWithUser(
  db: Kysely<Database>,
  idHash: string,
): Promise<{ session: Omit<SessionRow, 'id_hash'>; user: Selectable<UsersTable> } | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select([
      'sessions.user_id as session_user_id',
      'sessions.created_at as session_created_at',
      'sessions.last_seen_at as session_last_seen_at',
      'sessions.expires_at as session_expires_at',
    ])
    .where('sessions.id_hash', '=', idHash)
    .executeTakeFirst();
  if (!row) return undefined;
  const { session_user_id, session_created_at, session_last_seen_at, session_expires_at, ...user } =
    row;
  return {
    session: {
      user_id: session_user_id,
      created_at: session_created_at,
      last_seen_at: session_last_seen_at,
      expires_at: session_expires_at,
    },
    user,
  };
}

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
