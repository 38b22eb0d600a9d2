import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { nthNewest } from './window-repository.ts';

/** What a per-user rate counts (the user_actions table). */
export type UserAction = 'state_change' | 'picture_upload' | 'report';

/**
 * When the `nth` newest `action` of the user since `since` happened, or undefined when there
 * are fewer: the user is at a rate of `nth` exactly when one is found.
 */
export async function nthNewestActionSince(
  db: Kysely<Database>,
  userId: number,
  action: UserAction,
  since: string,
  nth: number,
): Promise<string | undefined> {
  return nthNewest(
    db
      .selectFrom('user_actions')
      .select('created_at')
      .where('user_id', '=', userId)
      .where('action', '=', action)
      .where('created_at', '>', since),
    nth,
  );
}

export async function recordAction(
  db: Kysely<Database>,
  userId: number,
  action: UserAction,
  now: Date,
): Promise<void> {
  await db
    .insertInto('user_actions')
    .values({ user_id: userId, action, created_at: now.toISOString() })
    .execute();
}
