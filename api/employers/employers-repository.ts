import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';

/** What an employer's profile shows of the person, or undefined when there is no such user. */
export async function findEmployerPerson(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'first_name',
      'last_name',
      'business_name',
      'region',
      'role',
      'phone_verified',
      'created_at',
      'moderation',
      'suspended_at',
    ])
    .select((eb) =>
      eb
        .exists(
          eb.selectFrom('jobs').select('jobs.id').whereRef('jobs.employer_id', '=', 'users.id'),
        )
        .as('has_jobs'),
    )
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Sets (or clears, with null) the business name shown on a person's jobs and profile. */
export async function setBusinessName(
  db: Kysely<Database>,
  userId: number,
  businessName: string | null,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ business_name: businessName })
    .where('id', '=', userId)
    .execute();
}
