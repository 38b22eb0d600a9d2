import type { Kysely, Selectable } from 'kysely';
import type { Database, NotificationsTable } from '../db/database.ts';
import { claimedAmong } from '../db/dialect.ts';

export type NotificationRow = Selectable<NotificationsTable>;

/**
 * Where a user's messages go: the phone and the channel they last signed in with; and their
 * role, which decides where some links go (an artist's wallet is on the artist dashboard).
 */
export async function findRecipient(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('users')
    .select(['phone_number', 'delivery_method', 'role', 'language'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/**
 * Messages of a kind that took a place in a recipient's allowance since `since`: single messages
 * from then on, and summaries that took theirs by `now` (a summary's place is the future moment
 * it may go). A single written a moment "after" `now` counts too: it was queued by a request
 * that began after this one but committed first, and it took its place all the same.
 */
export async function countInWindow(
  db: Kysely<Database>,
  userId: number,
  kind: string,
  since: string,
  now: string,
): Promise<{ count: number; oldest: string | null }> {
  const row = await db
    .selectFrom('notifications')
    .select(({ fn }) => [
      fn.countAll<number>().as('count'),
      fn.min<string | null>('window_at').as('oldest'),
    ])
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('status', '<>', QUEUED)
    .where('window_at', '>', since)
    .where((eb) => eb.or([eb('summarised_count', '=', 0), eb('window_at', '<=', now)]))
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest };
}

interface NewNotification {
  userId: number;
  toPhone: string;
  channel: string;
  kind: string;
  body: string;
  /** The path of the screen it is about. */
  link: string;
  /** When it may go, which is also when it takes its place in the recipient's allowance. */
  dueAt: string;
  now: string;
  /** NotificationMessage.sendHook. */
  sendHook?: { name: string; ref: number } | undefined;
}

/** The status of a message a request wrote and no fold has counted yet (summaries.ts). */
export const QUEUED = 'queued';

export async function insertNotification(
  db: Kysely<Database>,
  values: NewNotification,
  status: 'pending' | typeof QUEUED = 'pending',
) {
  await db
    .insertInto('notifications')
    .values({ ...notificationValues(values), status })
    .execute();
}

export type QueuedRow = Pick<
  NotificationRow,
  'id' | 'user_id' | 'to_phone' | 'channel' | 'kind' | 'created_at'
>;

/** The recipients and kinds with messages waiting to be folded, oldest first. */
export async function queuedGroups(
  db: Kysely<Database>,
  limit: number,
): Promise<{ user_id: number; kind: string }[]> {
  return db
    .selectFrom('notifications')
    .select(['user_id', 'kind'])
    .where('status', '=', QUEUED)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** One recipient's queued messages of one kind, oldest first. */
export async function queuedOf(
  db: Kysely<Database>,
  userId: number,
  kind: string,
): Promise<QueuedRow[]> {
  return db
    .selectFrom('notifications')
    .select(['id', 'user_id', 'to_phone', 'channel', 'kind', 'created_at'])
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('status', '=', QUEUED)
    .orderBy('id')
    .execute();
}

/** Queued messages that go as they are: each now takes its place in the allowance. */
export async function releaseQueued(db: Kysely<Database>, ids: number[]) {
  await db.updateTable('notifications').set({ status: 'pending' }).where('id', 'in', ids).execute();
}

/** Queued messages counted into a summary instead: the summary speaks for them. */
export async function dropQueued(db: Kysely<Database>, ids: number[]) {
  await db.deleteFrom('notifications').where('id', 'in', ids).execute();
}

/**
 * Counts `events` more into the open summary under `summaryKey`, opening it if there is none
 * (the unique key makes two writers meet on one row). Returns the summary and its new count.
 */
export async function addToSummary(
  db: Kysely<Database>,
  summaryKey: string,
  opening: NewNotification,
  events: number,
): Promise<{ id: number; count: number }> {
  const row = await db
    .insertInto('notifications')
    .values({ ...notificationValues(opening), summary_key: summaryKey, summarised_count: events })
    .onConflict((oc) =>
      oc.column('summary_key').doUpdateSet((eb) => ({
        summarised_count: eb('notifications.summarised_count', '+', events),
      })),
    )
    .returning(['id', 'summarised_count'])
    .executeTakeFirstOrThrow();
  return { id: row.id, count: row.summarised_count };
}

/** The open summary under `summaryKey` with `events` more counted in, or undefined. */
export async function addToOpenSummary(
  db: Kysely<Database>,
  summaryKey: string,
  events: number,
): Promise<{ id: number; count: number } | undefined> {
  const row = await db
    .updateTable('notifications')
    .set((eb) => ({ summarised_count: eb('summarised_count', '+', events) }))
    .where('summary_key', '=', summaryKey)
    .returning(['id', 'summarised_count'])
    .executeTakeFirst();
  return row ? { id: row.id, count: row.summarised_count } : undefined;
}

export async function setBody(db: Kysely<Database>, id: number, body: string, link: string) {
  await db.updateTable('notifications').set({ body, link }).where('id', '=', id).execute();
}

function notificationValues(values: NewNotification) {
  return {
    user_id: values.userId,
    to_phone: values.toPhone,
    channel: values.channel,
    kind: values.kind,
    body: values.body,
    link: values.link,
    window_at: values.dueAt,
    next_attempt_at: values.dueAt,
    created_at: values.now,
    send_hook: values.sendHook?.name ?? null,
    send_hook_ref: values.sendHook?.ref ?? null,
  };
}

/** Whether a message with this send hook for this row is still waiting to go. */
export async function hookedMessageWaiting(
  db: Kysely<Database>,
  hook: string,
  ref: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('notifications')
    .select('id')
    .where('send_hook', '=', hook)
    .where('send_hook_ref', '=', ref)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return row !== undefined;
}

// --- Sending --------------------------------------------------------------------------------

/** Messages sent since `since`, plus those another sender holds right now. */
export async function countSentOrSending(
  db: Kysely<Database>,
  since: string,
  now: string,
): Promise<number> {
  const [sent, sending] = await Promise.all([
    db
      .selectFrom('notifications')
      .select(({ fn }) => fn.countAll<number>().as('count'))
      .where('sent_at', '>', since)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('notifications')
      .select(({ fn }) => fn.countAll<number>().as('count'))
      .where('status', '=', 'pending')
      .where('claimed_by', 'is not', null)
      .where('lease_until', '>', now)
      .executeTakeFirstOrThrow(),
  ]);
  return Number(sent.count) + Number(sending.count);
}

/**
 * Claims up to `limit` due rows for `claimer` until `leaseUntil`, in one atomic UPDATE, and
 * returns them oldest first. A row is claimable when it is pending, due, and held by nobody or
 * by a claimer whose lease has ended (it crashed or hung). The outer WHERE repeats the
 * condition so that a database which re-checks a row another transaction just changed (as
 * PostgreSQL does under READ COMMITTED) skips it, and on PostgreSQL the subquery skips rows
 * another sender is claiming at this moment rather than queue behind it (claimedAmong), so
 * senders in several processes take different rows at once. Claiming a summary closes it to new events, so the count it
 * states is the count sent.
 */
export async function claimDue(
  db: Kysely<Database>,
  claimer: string,
  now: string,
  leaseUntil: string,
  limit: number,
): Promise<NotificationRow[]> {
  const rows = await db
    .updateTable('notifications')
    .set({ claimed_by: claimer, lease_until: leaseUntil, summary_key: null })
    .where((eb) =>
      claimedAmong(
        db,
        'id',
        eb
          .selectFrom('notifications')
          .select('id')
          .where('status', '=', 'pending')
          .where('next_attempt_at', '<=', now)
          .where((inner) =>
            inner.or([inner('claimed_by', 'is', null), inner('lease_until', '<=', now)]),
          )
          .orderBy('id')
          .limit(limit),
      ),
    )
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('claimed_by', 'is', null), eb('lease_until', '<=', now)]))
    .returningAll()
    .execute();
  return rows.sort((a, b) => a.id - b.id);
}

/** Extends the claimer's lease on one row; false when it holds the row no longer. */
export async function renewClaim(
  db: Kysely<Database>,
  id: number,
  claimer: string,
  leaseUntil: string,
): Promise<boolean> {
  const result = await db
    .updateTable('notifications')
    .set({ lease_until: leaseUntil })
    .where('id', '=', id)
    .where('claimed_by', '=', claimer)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Records a send and lets go of the row; false when the claimer no longer held it. */
export async function markSent(
  db: Kysely<Database>,
  id: number,
  claimer: string,
  attempts: number,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('notifications')
    .set({
      status: 'sent',
      sent_at: now,
      attempts,
      last_error: null,
      claimed_by: null,
      lease_until: null,
    })
    .where('id', '=', id)
    .where('claimed_by', '=', claimer)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Records a failed try and lets go of the row, to be tried again at `nextAttemptAt` or never. */
export async function markFailed(
  db: Kysely<Database>,
  id: number,
  claimer: string,
  failure: { attempts: number; gaveUp: boolean; error: string; nextAttemptAt: string },
) {
  await db
    .updateTable('notifications')
    .set({
      status: failure.gaveUp ? 'failed' : 'pending',
      attempts: failure.attempts,
      last_error: failure.error,
      next_attempt_at: failure.nextAttemptAt,
      claimed_by: null,
      lease_until: null,
    })
    .where('id', '=', id)
    .where('claimed_by', '=', claimer)
    .execute();
}

/** Lets go of every row the claimer holds but has not sent (on shutdown). */
export async function releaseClaims(db: Kysely<Database>, claimer: string) {
  await db
    .updateTable('notifications')
    .set({ claimed_by: null, lease_until: null })
    .where('claimed_by', '=', claimer)
    .where('status', '=', 'pending')
    .execute();
}
