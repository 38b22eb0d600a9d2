import type { Kysely } from 'kysely';
import type {
  DisputeDecision,
  JobModeration,
  ModerationAction,
  ReportTarget,
} from '../../contracts/moderation.ts';
import type { Database } from '../db/database.ts';

/** A job, an artist's profile or a person's profile, as reports and operators name it. */
export interface Target {
  type: ReportTarget;
  id: number;
}

/** What moderation needs of a target: whose it is, whether it is shown, what it is called. */
export interface TargetState {
  ownerId: number;
  moderation: JobModeration;
  title: string;
  /** Whether the account behind it is suspended. */
  ownerSuspended: boolean;
}

/** The target's state, or undefined when there is no such job, artist or person. */
export async function findTarget(
  db: Kysely<Database>,
  target: Target,
): Promise<TargetState | undefined> {
  if (target.type === 'job') {
    const row = await db
      .selectFrom('jobs')
      .innerJoin('users', 'users.id', 'jobs.employer_id')
      .select(['jobs.employer_id as owner', 'jobs.moderation', 'jobs.title', 'users.suspended_at'])
      .where('jobs.id', '=', target.id)
      .executeTakeFirst();
    return row && stateOf(row.owner, row.moderation, row.title, row.suspended_at);
  }
  if (target.type === 'artist') {
    const row = await db
      .selectFrom('artists')
      .select(['artists.user_id as owner', 'artists.moderation', 'artists.stage_name'])
      .innerJoin('users', 'users.id', 'artists.user_id')
      .select('users.suspended_at')
      .where('artists.id', '=', target.id)
      .executeTakeFirst();
    return row && stateOf(row.owner, row.moderation, row.stage_name, row.suspended_at);
  }
  const row = await db
    .selectFrom('users')
    .select(['id', 'moderation', 'first_name', 'last_name', 'business_name', 'suspended_at'])
    .where('id', '=', target.id)
    .executeTakeFirst();
  if (!row) return undefined;
  const name = row.business_name ?? `${row.first_name} ${row.last_name}`;
  // A suspended person's profile is hidden with the rest of what they own.
  const moderation = row.suspended_at ? 'suspended' : row.moderation;
  return stateOf(row.id, moderation, name, row.suspended_at);
}

function stateOf(
  ownerId: number,
  moderation: string,
  title: string,
  suspendedAt: string | null,
): TargetState {
  return {
    ownerId,
    moderation: moderation as JobModeration,
    title,
    ownerSuspended: suspendedAt !== null,
  };
}

/** Sets whether the target is shown. */
export async function setModeration(
  db: Kysely<Database>,
  target: Target,
  moderation: JobModeration,
): Promise<void> {
  if (target.type === 'job') {
    await db.updateTable('jobs').set({ moderation }).where('id', '=', target.id).execute();
  } else if (target.type === 'artist') {
    await db.updateTable('artists').set({ moderation }).where('id', '=', target.id).execute();
  } else {
    await db.updateTable('users').set({ moderation }).where('id', '=', target.id).execute();
  }
}

/**
 * Suspends an account: it is marked, its sessions end, and everything it lists is hidden
 * (`suspended`; what an operator removed stays removed).
 */
export async function suspendUser(db: Kysely<Database>, userId: number, now: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ suspended_at: now.toISOString() })
    .where('id', '=', userId)
    .where('suspended_at', 'is', null)
    .execute();
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  await db
    .updateTable('jobs')
    .set({ moderation: 'suspended' })
    .where('employer_id', '=', userId)
    .where('moderation', '!=', 'removed')
    .execute();
  await db
    .updateTable('artists')
    .set({ moderation: 'suspended' })
    .where('user_id', '=', userId)
    .where('moderation', '!=', 'removed')
    .execute();
}

/**
 * Lifts a suspension: the account may sign in again and its artist profile is shown again. Its
 * jobs hidden by the suspension are the caller's to judge again (suspendedJobsOf): a job may
 * have been held for review before it was hidden.
 */
export async function liftSuspension(db: Kysely<Database>, userId: number): Promise<boolean> {
  const lifted = await db
    .updateTable('users')
    .set({ suspended_at: null })
    .where('id', '=', userId)
    .where('suspended_at', 'is not', null)
    .executeTakeFirst();
  if (Number(lifted.numUpdatedRows) === 0) return false;
  await db
    .updateTable('artists')
    .set({ moderation: 'published' })
    .where('user_id', '=', userId)
    .where('moderation', '=', 'suspended')
    .execute();
  return true;
}

/** The employer's jobs hidden with their suspended account, with the text that is judged. */
export async function suspendedJobsOf(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('jobs')
    .select(['id', 'title', 'description', 'required_skills', 'town'])
    .where('employer_id', '=', userId)
    .where('moderation', '=', 'suspended')
    .execute();
}

/** What an operator did, kept for the record: a decision on a listing, or on a disputed payment. */
export async function logModeration(
  db: Kysely<Database>,
  operatorId: number,
  action: ModerationAction | DisputeDecision,
  target: { type: ReportTarget | 'payment'; id: number },
  now: Date,
): Promise<void> {
  await db
    .insertInto('moderation_log')
    .values({
      operator_id: operatorId,
      action,
      target_type: target.type,
      target_id: target.id,
      created_at: now.toISOString(),
    })
    .execute();
}

/** Jobs held for review, oldest first, with their poster. */
export async function heldJobs(db: Kysely<Database>) {
  return db
    .selectFrom('jobs')
    .select([
      'jobs.id',
      'jobs.title',
      'jobs.description',
      'jobs.required_skills',
      'jobs.region',
      'jobs.town',
      'jobs.created_at',
    ])
    .innerJoin('users', 'users.id', 'jobs.employer_id')
    .select([
      'users.id as poster_id',
      'users.first_name',
      'users.last_name',
      'users.business_name',
      'users.phone_number',
      'users.suspended_at',
    ])
    .where('jobs.moderation', '=', 'held')
    .orderBy('jobs.created_at')
    .orderBy('jobs.id')
    .execute();
}

/** The people with these ids, as the operator's screen names them. */
export async function peopleByIds(db: Kysely<Database>, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'business_name', 'phone_number', 'suspended_at'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
}
