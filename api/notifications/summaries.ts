/**
 * A recipient's hourly allowance of each kind of message, and the summaries past it.
 *
 * A recipient gets at most USAGE_CAPS.notifications.perRecipientKindHour messages of one kind
 * in any hour. Past that, events are counted into one summary ("You have 7 new booking
 * requests") that goes when the oldest of those messages is an hour old; until a sender claims
 * it, every further event of that kind is counted into it too. Nothing is dropped, and no hour
 * holds more messages of a kind than the allowance. A receipt always goes as it is.
 *
 * The request that causes a message only writes it, `queued` (queueNotification): counting it
 * into the allowance takes the recipient's lock, and holding that lock until the request commits
 * would make every request about one recipient (fifty seekers applying to one popular job) wait
 * for the one before it to reach the disk. The dispatcher folds what is queued instead, before it
 * sends (foldQueued): one transaction per recipient and kind, however many are waiting, so a
 * burst costs one commit. A queued row is committed with the change it tells of, so a crash
 * between the two loses nothing: the next round folds it.
 */
import { isLanguage } from '../../contracts/languages.ts';
import type { Db } from '../db/database.ts';
import { HOUR_SECONDS, USAGE_CAPS } from '../lib/caps.ts';
import { addSeconds } from '../lib/clock.ts';
import { lockRecipientKind } from '../lib/locks.ts';
import { translator } from '../messages/catalogs.ts';
import { type NotificationKind, summaryMessage } from './messages.ts';
import {
  addToOpenSummary,
  addToSummary,
  countInWindow,
  dropQueued,
  findRecipient,
  type QueuedRow,
  queuedGroups,
  queuedOf,
  releaseQueued,
  setBody,
} from './notifications-repository.ts';

/** Queued rows looked at a round; their groups are folded whole. */
const FOLD_BATCH = 200;

/** Folds what requests have queued; true when a full batch was seen and more may be waiting. */
export async function foldQueued(db: Db): Promise<boolean> {
  const seen = await queuedGroups(db, FOLD_BATCH);
  const groups = new Map(seen.map((row) => [`${row.user_id}:${row.kind}`, row]));
  for (const { user_id, kind } of groups.values()) {
    await db.transaction().execute(async (trx) => {
      await lockRecipientKind(trx, user_id, kind);
      // Read under the lock: another process may have folded them since.
      const rows = await queuedOf(trx, user_id, kind);
      if (rows.length > 0) await foldGroup(trx, rows);
    });
  }
  return seen.length === FOLD_BATCH;
}

/**
 * One recipient's queued messages of one kind, oldest first: into the open summary if there is
 * one; else as single messages while the allowance lasts, the rest into a new summary. The
 * allowance is counted once, at the oldest row's time: rows folded together are seconds apart,
 * and a message that left the window meanwhile only means a summary where a single could have
 * gone, never an hour over the allowance.
 */
async function foldGroup(trx: Db, rows: QueuedRow[]): Promise<void> {
  const first = rows[0] as QueuedRow;
  const kind = first.kind as NotificationKind;
  const summaryKey = `${first.user_id}:${kind}`;
  const recipient = await findRecipient(trx, first.user_id);
  const t = translator(isLanguage(recipient?.language) ? recipient.language : null);
  const summaryOf = (count: number) => {
    const summary = summaryMessage(kind, count);
    return { body: summary.text(t), link: summary.link as string };
  };
  const ids = (some: QueuedRow[]) => some.map((row) => row.id);

  const open = await addToOpenSummary(trx, summaryKey, rows.length);
  if (open) {
    const { body, link } = summaryOf(open.count);
    await setBody(trx, open.id, body, link);
    await dropQueued(trx, ids(rows));
    return;
  }
  const at = first.created_at;
  const recent = await countInWindow(
    trx,
    first.user_id,
    kind,
    addSeconds(new Date(at), -HOUR_SECONDS).toISOString(),
    at,
  );
  const room = Math.max(0, USAGE_CAPS.notifications.perRecipientKindHour - recent.count);
  const singles = rows.slice(0, room);
  const rest = rows.slice(room);
  if (singles.length > 0) await releaseQueued(trx, ids(singles));
  if (rest.length === 0) return;
  // The summary goes when the oldest message in the window is an hour old.
  const oldest = recent.oldest ?? first.created_at;
  const opening = rest[0] as QueuedRow;
  const summary = await addToSummary(
    trx,
    summaryKey,
    {
      userId: opening.user_id,
      toPhone: opening.to_phone,
      channel: opening.channel,
      kind,
      ...summaryOf(rest.length),
      dueAt: addSeconds(new Date(oldest), HOUR_SECONDS).toISOString(),
      now: opening.created_at,
    },
    rest.length,
  );
  if (summary.count !== rest.length) {
    const { body, link } = summaryOf(summary.count);
    await setBody(trx, summary.id, body, link);
  }
  await dropQueued(trx, ids(rest));
}
