import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { Role } from '../../contracts/auth.ts';
import { isLanguage } from '../../contracts/languages.ts';
import type { Database, Db } from '../db/database.ts';
import { startBackgroundLoop } from '../lib/background-loop.ts';
import { HOUR_SECONDS } from '../lib/caps.ts';
import { addSeconds, type Clock } from '../lib/clock.ts';
import type { Log } from '../lib/log.ts';
import { translator } from '../messages/catalogs.ts';
import type { MessageTransport } from '../otp/transport.ts';
import { fillAtSend, type NotificationMessage, RECEIPT_KIND, smsText } from './messages.ts';
import {
  claimDue,
  countSentOrSending,
  findRecipient,
  hookedMessageWaiting,
  insertNotification,
  markFailed,
  markSent,
  type NotificationRow,
  QUEUED,
  releaseClaims,
  renewClaim,
} from './notifications-repository.ts';
import { foldQueued } from './summaries.ts';

const MAX_ATTEMPTS = 8;
const BATCH = 20;
const POLL_MS = 30_000;
/**
 * How long a claim holds a row. A sender renews it just before each send, so it only has to
 * outlast one send (the gateway times out after 15 s); a crashed sender's rows wait this long.
 */
const LEASE_SECONDS = 5 * 60;
/** Share of the hourly cap from which the log raises an alert. */
const CAP_ALERT_RATIO = 0.8;
/** At most one cap alert a minute from one sender, however often it is kicked. */
const CAP_ALERT_EVERY_SECONDS = 60;

class ClaimLost extends Error {}

/** Backoff after the n-th failure: 30 s, 1 min, 2 min ... capped at an hour. */
const backoffSeconds = (attempts: number) => Math.min(3600, 30 * 2 ** (attempts - 1));

/**
 * Queues a message to a user inside the caller's transaction, so it exists exactly when the
 * change it tells of was committed. Goes by the channel the user signed in with, written in the
 * language they chose (English until they choose). A receipt goes as it is; any other message
 * waits for the dispatcher to count it into the recipient's allowance (summaries.ts), which
 * takes no lock here.
 */
export async function queueNotification(
  trx: Kysely<Database>,
  userId: number,
  message: NotificationMessage,
  now: Date,
): Promise<void> {
  const recipient = await findRecipient(trx, userId);
  if (!recipient) return;
  const nowIso = now.toISOString();
  const t = translator(isLanguage(recipient.language) ? recipient.language : null);
  const role = recipient.role as Role | null;
  const values = {
    userId,
    toPhone: recipient.phone_number,
    channel: message.bySms ? 'sms' : recipient.delivery_method,
    kind: message.kind,
    now: nowIso,
    sendHook: message.sendHook,
    body: message.text(t),
    link: typeof message.link === 'function' ? message.link(role) : message.link,
    dueAt: nowIso,
  };
  const asItIs = message.kind === RECEIPT_KIND || message.sendHook !== undefined;
  await insertNotification(trx, values, asItIs ? 'pending' : QUEUED);
}

/**
 * Something a message's sending does, for a message that must not take effect before it has
 * gone (the payer's notice that the payee says the work is done: the payer's 72 hours run from
 * the moment it is sent, escrow.ts). Looked up by the name the message was queued with.
 */
export interface SendHook {
  /**
   * Just before the message goes: values for the placeholders its text left for this moment
   * (`{releaseAt}`), and what `sent` needs; null when it is not wanted any more (it is not sent).
   */
  prepare(ref: number, now: Date): Promise<{ vars: Record<string, string>; state: string } | null>;
  /** Once the gateway took it, in the transaction that records it sent. */
  sent(trx: Kysely<Database>, ref: number, state: string, sentAt: Date): Promise<void>;
}

/** Whether a hooked message for this row still waits to go (so it is not queued twice). */
export const hookedMessageQueued = (db: Kysely<Database>, hook: string, ref: number) =>
  hookedMessageWaiting(db, hook, ref);

export interface NotificationDispatcher {
  /** Sends what is due now; called after a commit and on a timer. Never throws. */
  kick(): void;
  /** Resolves when the current round of sending is done (tests, shutdown). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Sends queued notifications. Several processes may run one each on the same database: each
 * claims the rows it sends (claimDue), so every message goes once. All of them together send
 * at most `sendsPerHour` notifications an hour; the rest wait, due, for the next window.
 * Sign-in codes never pass through here, so this cap never holds one back.
 */
export function createNotificationDispatcher(deps: {
  db: Db;
  transport: MessageTransport;
  log: Log;
  clock: Clock;
  /** The global cap on notifications sent an hour (NOTIFICATION_SMS_PER_HOUR). */
  sendsPerHour: number;
  /** PUBLIC_URL: put in front of each message's link. */
  publicUrl: string;
  pollMs?: number;
  /** Names this sender in the rows it claims; unique per process by default. */
  claimerId?: string;
  /** What sending a hooked message does, by the hook's name (SendHook). */
  sendHooks?: Readonly<Record<string, SendHook>>;
}): NotificationDispatcher {
  const { db, transport, log, clock, sendsPerHour } = deps;
  const claimer =
    deps.claimerId ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  let lastAlertAt = Number.NEGATIVE_INFINITY;

  /** How many more may go this hour; warns when the hour is near or at the cap. */
  async function roomThisHour(now: Date): Promise<number> {
    const used = await countSentOrSending(
      db,
      addSeconds(now, -HOUR_SECONDS).toISOString(),
      now.toISOString(),
    );
    const atCap = used >= sendsPerHour;
    if (
      used >= sendsPerHour * CAP_ALERT_RATIO &&
      now.getTime() - lastAlertAt >= CAP_ALERT_EVERY_SECONDS * 1000
    ) {
      lastAlertAt = now.getTime();
      log.warn(
        {
          sentLastHour: used,
          cap: sendsPerHour,
          alert: atCap ? 'notification_hourly_cap_reached' : 'notification_hourly_cap_near',
        },
        atCap
          ? 'Notification SMS reached the hourly cap: the rest wait for the next hour'
          : 'Notification SMS are near the hourly cap: check for abuse',
      );
    }
    return sendsPerHour - used;
  }

  async function sendOne(item: NotificationRow): Promise<void> {
    if (!(await renewClaim(db, item.id, claimer, leaseEnd()))) return;
    const attempts = item.attempts + 1;
    const hook = item.send_hook ? deps.sendHooks?.[item.send_hook] : undefined;
    const ref = item.send_hook_ref ?? 0;
    if (item.send_hook && !hook) {
      // A message whose effect this process does not know is left for one that does.
      log.error({ notificationId: item.id, hook: item.send_hook }, 'no such send hook');
      return;
    }
    const prepared = hook ? await hook.prepare(ref, clock()) : null;
    if (hook && !prepared) {
      await markFailed(db, item.id, claimer, {
        attempts: item.attempts,
        gaveUp: true,
        error: 'not sent: no longer wanted',
        nextAttemptAt: clock().toISOString(),
      });
      return;
    }
    const body = prepared ? fillAtSend(item.body, prepared.vars) : item.body;
    try {
      await transport.send({
        to: item.to_phone,
        channel: item.channel === 'whatsapp' ? 'whatsapp' : 'sms',
        body: smsText(body, deps.publicUrl, item.link),
      });
    } catch (error) {
      // A hooked message is tried until it goes: what it starts must not wait on nothing.
      const gaveUp = !hook && attempts >= MAX_ATTEMPTS;
      await markFailed(db, item.id, claimer, {
        attempts,
        gaveUp,
        error: (error as Error).message.slice(0, 200),
        nextAttemptAt: addSeconds(clock(), backoffSeconds(attempts)).toISOString(),
      });
      log.warn({ notificationId: item.id, attempts, gaveUp }, 'notification not sent');
      return;
    }
    const sentAt = clock();
    const recorded = await db
      .transaction()
      .execute(async (trx) => {
        // The hook first: it takes its own locks before this row's.
        if (hook && prepared) await hook.sent(trx, ref, prepared.state, sentAt);
        if (await markSent(trx, item.id, claimer, attempts, sentAt.toISOString())) return true;
        // Another sender holds the row now and will send it again: its send takes effect.
        throw new ClaimLost();
      })
      .catch((error: unknown) => {
        if (error instanceof ClaimLost) return false;
        throw error;
      });
    if (!recorded) {
      log.error(
        { notificationId: item.id },
        'notification sent after its claim had passed to another sender',
      );
    }
  }

  const leaseEnd = () => addSeconds(clock(), LEASE_SECONDS).toISOString();

  /**
   * Folds what requests queued, then sends a batch of what is due; true when either was full
   * and more is waiting.
   */
  async function sendDue(): Promise<boolean> {
    const moreToFold = await foldQueued(db);
    const now = clock();
    const room = await roomThisHour(now);
    if (room <= 0) return moreToFold;
    const limit = Math.min(BATCH, room);
    const claimed = await claimDue(db, claimer, now.toISOString(), leaseEnd(), limit);
    for (const item of claimed) {
      if (loop.isStopped()) break;
      await sendOne(item);
    }
    return moreToFold || claimed.length === limit;
  }

  const loop = startBackgroundLoop({
    round: sendDue,
    pollMs: deps.pollMs ?? POLL_MS,
    onError: (error) => log.error({ err: error }, 'notification dispatch failed'),
  });

  return {
    kick: loop.kick,
    idle: loop.idle,
    async stop() {
      await loop.stop();
      // Rows claimed but not reached go back at once rather than when the lease ends.
      await releaseClaims(db, claimer).catch((error: unknown) =>
        log.error({ err: error }, 'could not release notification claims'),
      );
    },
  };
}
