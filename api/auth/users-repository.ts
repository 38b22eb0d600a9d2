import type { Selectable, Transaction } from 'kysely';
import type { SignupProfile } from '../../contracts/auth.schemas.ts';
import type { Database, Db, UsersTable } from '../db/database.ts';

export type UserRow = Selectable<UsersTable>;

export const findUserByPhone = (db: Db, phoneNumber: string) =>
  db.selectFrom('users').selectAll().where('phone_number', '=', phoneNumber).executeTakeFirst();

export const findUserById = (db: Db, id: number) =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

/** The channel (SMS or WhatsApp) the user's notifications go by. */
export async function setDeliveryMethod(db: Db, id: number, deliveryMethod: string) {
  await db
    .updateTable('users')
    .set({ delivery_method: deliveryMethod })
    .where('id', '=', id)
    .execute();
}

/** The language the user's SMS and USSD menus use. */
export async function setLanguage(db: Db, id: number, language: string) {
  await db.updateTable('users').set({ language }).where('id', '=', id).execute();
}

/** Creates a phone-verified user; an artist also gets the artist profile clients book from. */
export async function createUser(
  trx: Transaction<Database>,
  phoneNumber: string,
  profile: SignupProfile,
  deliveryMethod: string,
  now: Date,
  language: string | null = null,
): Promise<UserRow> {
  const user = await trx
    .insertInto('users')
    .values({
      phone_number: phoneNumber,
      first_name: profile.firstName,
      last_name: profile.lastName,
      role: profile.role,
      region: profile.region,
      phone_verified: 1,
      delivery_method: deliveryMethod,
      language,
      created_at: now.toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (profile.role === 'artist') {
    await trx
      .insertInto('artists')
      .values({
        user_id: user.id,
        stage_name: `${profile.firstName} ${profile.lastName}`,
        bio: null,
        region: profile.region,
        hourly_rate_pesewas: null,
        event_rate_pesewas: null,
        rating: null,
        created_at: now.toISOString(),
      })
      .execute();
  }
  return user;
}

/**
 * Makes the user with this phone an operator, or no longer one: the only way anyone becomes
 * one (npm run admin:grant). Answers the user, or undefined when no one has that number.
 */
export async function setOperator(db: Db, phoneNumber: string, isAdmin: boolean) {
  return db
    .updateTable('users')
    .set({ is_admin: isAdmin ? 1 : 0 })
    .where('phone_number', '=', phoneNumber)
    .returning(['id', 'first_name', 'last_name', 'phone_number'])
    .executeTakeFirst();
}
