import type { Db } from '../db/database.ts';
import { addSeconds } from '../lib/clock.ts';
import { randomToken, sha256 } from '../lib/crypto.ts';
import {
  deleteSession,
  findSessionWithUser,
  insertSession,
  touchSession,
} from './sessions-repository.ts';
import type { UserRow } from './users-repository.ts';

const DAY = 24 * 60 * 60;
export const SESSION_IDLE_SECONDS = 30 * DAY;
export const SESSION_ABSOLUTE_SECONDS = 90 * DAY;
/** Sliding expiry is written at most this often, not on every request. */
const TOUCH_EVERY_SECONDS = 60 * 60;

/** Starts a session; only the hash of the id is stored, so a leaked table opens nothing. */
export async function createSession(db: Db, userId: number, now: Date): Promise<string> {
  const token = randomToken();
  await insertSession(db, {
    id_hash: sha256(token),
    user_id: userId,
    created_at: now.toISOString(),
    last_seen_at: now.toISOString(),
    expires_at: addSeconds(now, SESSION_IDLE_SECONDS).toISOString(),
  });
  return token;
}

/** The signed-in user for a session token, sliding the idle expiry forward. */
export async function findSessionUser(
  db: Db,
  token: string,
  now: Date,
): Promise<UserRow | undefined> {
  const idHash = sha256(token);
  const found = await findSessionWithUser(db, idHash);
  if (!found) return undefined;
  const { session, user } = found;
  const absoluteEnd = addSeconds(new Date(session.created_at), SESSION_ABSOLUTE_SECONDS);
  if (new Date(session.expires_at) <= now || absoluteEnd <= now) {
    await deleteSession(db, idHash);
    return undefined;
  }
  if (now.getTime() - new Date(session.last_seen_at).getTime() > TOUCH_EVERY_SECONDS * 1000) {
    await touchSession(
      db,
      idHash,
      now.toISOString(),
      addSeconds(now, SESSION_IDLE_SECONDS).toISOString(),
    );
  }
  // Suspending an account ends its sessions; one that slipped past (a request in flight) ends here.
  if (user.suspended_at) {
    await deleteSession(db, idHash);
    return undefined;
  }
  return user;
}

export async function revokeSession(db: Db, token: string): Promise<void> {
  await deleteSession(db, sha256(token));
}
