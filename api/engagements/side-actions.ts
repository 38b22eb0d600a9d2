import type { Status } from '../../contracts/applications.ts';
import { PAYMENT_MESSAGES } from '../../contracts/payments.ts';
import { canTransition, STATUS_CHANGE_MESSAGES } from '../../contracts/transitions.ts';
import type { Actor } from '../auth/actor.ts';
import type { Db } from '../db/database.ts';
import { Conflict, Forbidden, NotFound } from '../lib/domain-errors.ts';
import { runWrite, type WriteOptions, type WriteServiceDeps } from '../lib/idempotent-write.ts';
import { lockEngagement } from '../lib/locks.ts';
import { STATE_CHANGE_RATE, takeAction } from '../lib/user-rates.ts';
import type { NotificationMessage } from '../notifications/messages.ts';
import { type NotificationDispatcher, queueNotification } from '../notifications/notifications.ts';
import { asUser, act as move } from './engagements-service.ts';

/** What the service of a kind of deal (bookings, applications) is built from (app.ts). */
export interface DealServiceDeps extends WriteServiceDeps {
  notifier: NotificationDispatcher;
  /** SERVICE_FEE_PERCENT: what paying adds to a deal's price. */
  serviceFeePercent: number;
  /** Sends the payouts and refunds an escrow change queued, once it is committed. */
  escrowWorker: { kick(): void };
}

/** How a kind of deal is decided on (its service's `decide`). */
interface DecisionRules<C extends { status: Status }> {
  /** The deal as a decision reads it (its repository), or undefined. */
  find: (trx: Db, id: number) => Promise<C | undefined>;
  /** The actor's side of the deal; Forbidden for someone who may not decide on it. */
  sideOf: (current: C, actor: Actor) => 'owner' | 'counterpart';
  /** Who moves the deal from which status to which (contracts/transitions.ts). */
  transitions: Parameters<typeof canTransition>[0];
  /** Why a move that is the other side's is not this actor's (Forbidden). */
  othersMove: string;
  /** Refuses a move the table allows but the deal does not (Conflict); before it is counted. */
  refuse?: (trx: Db, current: C, status: Status, id: number) => Promise<void>;
  /** Stores the new status. */
  store: (trx: Db, current: C, status: Status, id: number, now: Date) => Promise<void>;
  /** Who is told of an acceptance or a rejection, and what. */
  notice: (
    current: C,
    actor: Actor,
    accepted: boolean,
  ) => { userId: number; message: NotificationMessage };
}

/**
 * What a side of a booking or an application does to it: the owner decides on a request
 * (`decide`); once agreed, either confirms the work was done, disputes it, cancels it. Each runs
 * exactly once with an Idempotency-Key and answers the deal as the actor sees it. A change
 * counts towards the actor's state changes; a repeat changes, counts and stores nothing. Also
 * how the kind's service answers its other writes: `view` and `findView`.
 */
export function sideActions<R, V, C extends { status: Status }>(
  deps: DealServiceDeps,
  kind: {
    type: 'booking' | 'application';
    notFound: string;
    /** The deal's record as `viewerId` reads it (its repository). */
    find: (trx: Db, id: number, viewerId: number) => Promise<R>;
    /** Records as their viewer sees them (deal-view.ts). */
    views: (db: Db, items: R[], viewerId: number, feePercent: number, now: Date) => Promise<V[]>;
    decision: DecisionRules<C>;
  },
) {
  const { db, clock, userWriteCaps } = deps;

  /** The deal as `viewerId` (one of its sides) sees it: its payment, completion and reviews. */
  async function view(trx: Db, record: R, viewerId: number): Promise<V> {
    const [seen] = await kind.views(trx, [record], viewerId, deps.serviceFeePercent, clock());
    return seen as V;
  }

  /** The deal `id` as `viewerId` sees it. */
  async function findView(trx: Db, id: number, viewerId: number): Promise<V> {
    return view(trx, await kind.find(trx, id, viewerId), viewerId);
  }

  /** An escrow action of one side on the deal, exactly once with an Idempotency-Key. */
  async function act(
    actor: Actor,
    id: number,
    { idempotency }: WriteOptions,
    action: 'confirm' | 'dispute' | 'cancel',
    input: { reason?: string } = {},
  ): Promise<V> {
    const now = clock();
    const options = { userId: actor.id, now, idempotency, userWriteCaps };
    const { value } = await runWrite(db, options, async (trx, write) => {
      // The process locks and reads the deal itself (and says NotFound as this kind does).
      const ref = { type: kind.type, id };
      if (
        await move(trx, ref, action, asUser(actor.id), now, { ...input, notFound: kind.notFound })
      ) {
        if (userWriteCaps) await takeAction(trx, actor.id, STATE_CHANGE_RATE, now);
      } else {
        write.unchanged();
      }
      return findView(trx, id, actor.id);
    });
    deps.notifier.kick();
    deps.escrowWorker.kick();
    return value;
  }

  /**
   * The owner's answer to a request (the kind's transitions), a state change of theirs. Setting
   * the current status again changes nothing, counts nothing and stores no idempotency record;
   * any other move is a conflict. Nobody marks work completed: it is completed when its escrow
   * is released (confirm). The other side is told of an acceptance or a rejection.
   */
  async function decide(
    actor: Actor,
    id: number,
    status: Status,
    { idempotency }: WriteOptions = {},
  ): Promise<V> {
    const rules = kind.decision;
    const now = clock();
    const options = { userId: actor.id, now, idempotency, userWriteCaps };
    const { value } = await runWrite(db, options, async (trx, write) => {
      await lockEngagement(trx, { type: kind.type, id });
      const current = await rules.find(trx, id);
      if (!current) throw new NotFound(kind.notFound);
      const side = rules.sideOf(current, actor);
      if (current.status === status) {
        write.unchanged();
      } else {
        if (status === 'completed') throw new Conflict(PAYMENT_MESSAGES.confirmToComplete);
        if (!canTransition(rules.transitions, current.status, status, side)) {
          const allowedToSomeone =
            canTransition(rules.transitions, current.status, status, 'owner') ||
            canTransition(rules.transitions, current.status, status, 'counterpart');
          if (allowedToSomeone) throw new Forbidden(rules.othersMove);
          throw new Conflict(STATUS_CHANGE_MESSAGES.notAllowed(current.status, status));
        }
        await rules.refuse?.(trx, current, status, id);
        if (userWriteCaps) await takeAction(trx, actor.id, STATE_CHANGE_RATE, now);
        await rules.store(trx, current, status, id, now);
        if (status === 'accepted' || status === 'rejected') {
          const { userId, message } = rules.notice(current, actor, status === 'accepted');
          await queueNotification(trx, userId, message, now);
        }
      }
      return findView(trx, id, actor.id);
    });
    deps.notifier.kick();
    return value;
  }

  return {
    view,
    findView,
    /** The writes of the deal's sides, as its service offers them. */
    actions: {
      decide,
      /** Confirms the work was done, once it is paid (and, dated, once its date has come). */
      confirm: (actor: Actor, id: number, options: WriteOptions = {}) =>
        act(actor, id, options, 'confirm'),
      /** Disputes paid work: its money stays held until an operator decides. */
      dispute: (actor: Actor, id: number, reason: string, options: WriteOptions = {}) =>
        act(actor, id, options, 'dispute', { reason }),
      /** Cancels agreed work before it is confirmed; paid work is refunded. */
      cancel: (actor: Actor, id: number, options: WriteOptions = {}) =>
        act(actor, id, options, 'cancel'),
    },
  };
}
