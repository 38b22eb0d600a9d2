import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, Db } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import type { MessageTransport } from '../otp/transport.ts';

const MAX_ATTEMPTS = 8;
const BATCH = 20;
const POLL_MS = 30_000;

/** Backoff after the n-th failure: 30 s, 1 min, 2 min ... capped at an hour. */
const backoffSeconds = (attempts: number) => Math.min(3600, 30 * 2 ** (attempts - 1));

/**
 * Queues a message to a user inside the caller's transaction, so it exists exactly when the
 * change it tells of was committed. Goes by the channel the user signed in with.
 */
export async function queueNotification(
  trx: Kysely<Database>,
  userId: number,
  body: string,
  now: Date,
): Promise<void> {
  const user = await trx
    .selectFrom('users')
    .select(['phone_number', 'delivery_method'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return;
  await trx
    .insertInto('notifications')
    .values({
      user_id: userId,
      to_phone: user.phone_number,
      channel: user.delivery_method,
      body: body.length > 160 ? `${body.slice(0, 157)}...` : body, // one SMS
      next_attempt_at: now.toISOString(),
      created_at: now.toISOString(),
    })
    .execute();
}

export interface NotificationDispatcher {
  /** Sends what is due now; called after a commit and on a timer. Never throws. */
  kick(): void;
  /** Resolves when the current round of sending is done (tests, shutdown). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export function createNotificationDispatcher(deps: {
  db: Db;
  transport: MessageTransport;
  log: FastifyBaseLogger;
  clock: Clock;
  pollMs?: number;
}): NotificationDispatcher {
  const { db, transport, log, clock } = deps;
  let running: Promise<void> = Promise.resolve();
  let again = false;
  let busy = false;
  let stopped = false;

  async function sendDue(): Promise<void> {
    const now = clock();
    const due = await db
      .selectFrom('notifications')
      .selectAll()
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now.toISOString())
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const item of due) {
      try {
        await transport.send({
          to: item.to_phone,
          channel: item.channel === 'whatsapp' ? 'whatsapp' : 'sms',
          body: item.body,
        });
        await db
          .updateTable('notifications')
          .set({
            status: 'sent',
            sent_at: clock().toISOString(),
            attempts: item.attempts + 1,
            last_error: null,
          })
          .where('id', '=', item.id)
          .execute();
      } catch (error) {
        const attempts = item.attempts + 1;
        const gaveUp = attempts >= MAX_ATTEMPTS;
        await db
          .updateTable('notifications')
          .set({
            status: gaveUp ? 'failed' : 'pending',
            attempts,
            last_error: (error as Error).message.slice(0, 200),
            next_attempt_at: new Date(
              clock().getTime() + backoffSeconds(attempts) * 1000,
            ).toISOString(),
          })
          .where('id', '=', item.id)
          .execute();
        log.warn({ notificationId: item.id, attempts, gaveUp }, 'notification not sent');
      }
    }
    if (due.length === BATCH) again = true;
  }

  function kick() {
    if (stopped) return;
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    running = (async () => {
      do {
        again = false;
        try {
          await sendDue();
        } catch (error) {
          log.error({ err: error }, 'notification dispatch failed');
        }
      } while (again && !stopped);
      busy = false;
    })();
  }

  const timer = setInterval(kick, deps.pollMs ?? POLL_MS);
  timer.unref();

  return {
    kick,
    idle: () => running,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
