import type { Selectable } from 'kysely';
import type { Db, UssdSessionsTable } from '../db/database.ts';

export type UssdSessionRow = Selectable<UssdSessionsTable>;

/** The session of this id and caller, if it was seen since `since`. */
export const findUssdSession = (
  db: Db,
  sessionId: string,
  phoneNumber: string,
  since: string,
): Promise<UssdSessionRow | undefined> =>
  db
    .selectFrom('ussd_sessions')
    .selectAll()
    .where('session_id', '=', sessionId)
    .where('phone_number', '=', phoneNumber)
    .where('updated_at', '>', since)
    .executeTakeFirst();

/** Writes the session as it now stands; a row of the same session keeps only its created_at. */
export async function saveUssdSession(db: Db, row: UssdSessionRow): Promise<void> {
  const { session_id: _id, phone_number: _phone, created_at: _created, ...changed } = row;
  await db
    .insertInto('ussd_sessions')
    .values(row)
    .onConflict((conflict) => conflict.columns(['session_id', 'phone_number']).doUpdateSet(changed))
    .execute();
}
