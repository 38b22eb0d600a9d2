import type { FastifyBaseLogger } from 'fastify';
import { SESSION_ABSOLUTE_SECONDS } from './auth/sessions.ts';
import type { Db } from './db/database.ts';
import { addSeconds, type Clock } from './lib/clock.ts';
import { USSD_SESSION_SECONDS } from './ussd/session-store.ts';

const DAY = 24 * 60 * 60;

/**
 * How long rows are kept once nothing needs them: personal data (phones, addresses, message
 * bodies) is not kept longer than the rule it serves.
 */
export const RETENTION_DAYS = {
  /** Sign-in sends and wrong codes: the longest limit looks back one day. */
  signInEvents: 2,
  /** What per-user rates count (status changes, uploads): the longest rate looks back one day. */
  userActions: 2,
  /** Longer than any write can wait in a phone's outbox before it is replayed. */
  idempotencyKeys: 45,
  /** Notifications sent, counted from when they were sent. */
  sentNotifications: 30,
  /** Notifications given up on, counted from when they were queued: kept to look into why. */
  failedNotifications: 90,
} as const;

/** Once an hour, besides at start-up (so a USSD session's row lives at most about an hour). */
const RETENTION_EVERY_MS = 60 * 60 * 1000;

/** Deletes what the retention windows no longer cover; answers how many rows went, by table. */
export async function pruneExpiredRows(db: Db, now: Date): Promise<Record<string, number>> {
  const before = (days: number) => addSeconds(now, -days * DAY).toISOString();
  const nowIso = now.toISOString();
  const deleted = await db.transaction().execute(async (trx) => {
    /** Deletes the table's rows created more than `days` ago. */
    const createdBefore = (
      table: 'otp_sends' | 'otp_failures' | 'user_actions' | 'idempotency_keys',
      days: number,
    ) => trx.deleteFrom(table).where('created_at', '<', before(days)).executeTakeFirst();
    return {
      otp_sends: await createdBefore('otp_sends', RETENTION_DAYS.signInEvents),
      otp_failures: await createdBefore('otp_failures', RETENTION_DAYS.signInEvents),
      otp_codes: await trx
        .deleteFrom('otp_codes')
        .where('expires_at', '<=', nowIso)
        .executeTakeFirst(),
      sessions: await trx
        .deleteFrom('sessions')
        .where((eb) =>
          eb.or([
            eb('expires_at', '<=', nowIso),
            eb('created_at', '<=', addSeconds(now, -SESSION_ABSOLUTE_SECONDS).toISOString()),
          ]),
        )
        .executeTakeFirst(),
      user_actions: await createdBefore('user_actions', RETENTION_DAYS.userActions),
      idempotency_keys: await createdBefore('idempotency_keys', RETENTION_DAYS.idempotencyKeys),
      // A USSD session is over within minutes; what its caller typed is kept no longer.
      ussd_sessions: await trx
        .deleteFrom('ussd_sessions')
        .where('updated_at', '<=', addSeconds(now, -USSD_SESSION_SECONDS).toISOString())
        .executeTakeFirst(),
      // Only finished notifications go; pending ones are still the dispatcher's.
      notifications: await trx
        .deleteFrom('notifications')
        .where((eb) =>
          eb.or([
            eb.and([
              eb('status', '=', 'sent'),
              eb('sent_at', '<', before(RETENTION_DAYS.sentNotifications)),
            ]),
            eb.and([
              eb('status', '=', 'failed'),
              eb('created_at', '<', before(RETENTION_DAYS.failedNotifications)),
            ]),
          ]),
        )
        .executeTakeFirst(),
    };
  });
  return Object.fromEntries(
    Object.entries(deleted).map(([table, result]) => [table, Number(result.numDeletedRows)]),
  );
}

interface Retention {
  /** Stops the schedule and waits for a run under way. */
  stop(): Promise<void>;
}

/** Prunes once now, then every `everyMs` on a timer that never keeps the process alive. */
export async function startRetention(deps: {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  everyMs?: number;
}): Promise<Retention> {
  let running: Promise<void> = Promise.resolve();
  const run = async () => {
    try {
      const deleted = await pruneExpiredRows(deps.db, deps.clock());
      if (Object.values(deleted).some((count) => count > 0)) {
        deps.log.info({ deleted }, 'retention: old rows deleted');
      }
    } catch (error) {
      deps.log.error({ err: error }, 'retention: pruning failed');
    }
  };
  await run();
  const timer = setInterval(() => {
    running = running.then(run);
  }, deps.everyMs ?? RETENTION_EVERY_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
