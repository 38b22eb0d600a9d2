import type { Actor } from '../auth/actor.ts';
import type { Db } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import { runWrite, type WriteOptions } from '../lib/idempotent-write.ts';
import { STATE_CHANGE_RATE, takeAction } from '../lib/user-rates.ts';
import { asUser, act as move } from './engagements-service.ts';

/**
 * What a side of a booking or an application does to it once agreed: confirm the work was done,
 * dispute it, cancel it. Each runs the process's transition (engagements-service.ts act) exactly
 * once with an Idempotency-Key, and answers the deal as the actor sees it (`view`). A change
 * counts towards the actor's state changes; a repeat changes, counts and stores nothing.
 */
export function sideActions<T>(deps: {
  db: Db;
  clock: Clock;
  /** Whether the per-user caps apply (USER_WRITE_CAPS). */
  userWriteCaps: boolean;
  notifier: { kick(): void };
  escrowWorker: { kick(): void };
  type: 'booking' | 'application';
  notFound: string;
  view: (trx: Db, id: number, actor: Actor) => Promise<T>;
}) {
  const { db, clock, userWriteCaps, type } = deps;

  /** An escrow action of one side on the deal, exactly once with an Idempotency-Key. */
  async function act(
    actor: Actor,
    id: number,
    { idempotency }: WriteOptions,
    action: 'confirm' | 'dispute' | 'cancel',
    input: { reason?: string } = {},
  ): Promise<T> {
    const now = clock();
    const options = { userId: actor.id, now, idempotency, userWriteCaps };
    const { value } = await runWrite(db, options, async (trx, write) => {
      // The process locks and reads the deal itself (and says NotFound as this kind does).
      const ref = { type, id };
      if (
        await move(trx, ref, action, asUser(actor.id), now, { ...input, notFound: deps.notFound })
      ) {
        if (userWriteCaps) await takeAction(trx, actor.id, STATE_CHANGE_RATE, now);
      } else {
        write.unchanged();
      }
      return deps.view(trx, id, actor);
    });
    deps.notifier.kick();
    deps.escrowWorker.kick();
    return value;
  }

  return {
    /** Confirms the work was done, once it is paid (and, dated, once its date has come). */
    confirm: (actor: Actor, id: number, options: WriteOptions = {}) =>
      act(actor, id, options, 'confirm'),
    /** Disputes paid work: its money stays held until an operator decides. */
    dispute: (actor: Actor, id: number, reason: string, options: WriteOptions = {}) =>
      act(actor, id, options, 'dispute', { reason }),
    /** Cancels agreed work before it is confirmed; paid work is refunded. */
    cancel: (actor: Actor, id: number, options: WriteOptions = {}) =>
      act(actor, id, options, 'cancel'),
  };
}
