import { msg } from '../i18n/translate.ts';
/**
 * What an outbox item is: a write the phone keeps until the server has it. Plain data and
 * pure functions, shared by the app's controller, the sender and the service worker.
 */

export type OutboxMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface OutboxItem {
  /** Sent as the Idempotency-Key header; also the item's id. */
  idempotencyKey: string;
  /** The write kind's name ('application', 'booking', 'job', ...): it picks the refresh after it. */
  kind: string;
  method: OutboxMethod;
  url: string;
  body: unknown;
  /** What the user sees in "Waiting to send" and "Couldn't send". */
  title: string;
  /** The job, artist or booking the write is about, so its page finds it; null if none. */
  ref: number | null;
  /** Who made it: it is sent only under that user's session. */
  userId: number;
  createdAt: number;
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
  /** 'failed' after a definitive refusal or expiry: kept and shown until the user dismisses it. */
  state: 'pending' | 'failed';
}

export type OutboxDraft = Pick<
  OutboxItem,
  'kind' | 'method' | 'url' | 'body' | 'title' | 'ref' | 'userId'
>;

export interface OutboxStorage {
  all(): Promise<OutboxItem[]>;
  get(key: string): Promise<OutboxItem | undefined>;
  put(item: OutboxItem): Promise<void>;
  remove(key: string): Promise<void>;
}

/** Why an item waits or failed, as "Waiting to send" and "Couldn't send" show it. */
export const SIGNED_OUT_MESSAGE = msg('Sign in again to send it.');
export const OTHER_USER_MESSAGE = msg('Waiting for the account that saved it to sign in.');
export const NETWORK_MESSAGE = msg('No connection.');

/**
 * An item older than this is never sent. The server keeps idempotency keys 45 days from the
 * first request it saw, which is never earlier than the item's creation, so every resend of an
 * item younger than 30 days still finds its key there and is answered, not applied twice.
 */
export const EXPIRE_AFTER_MS = 30 * 24 * 60 * 60 * 1000;
export const EXPIRED_MESSAGE = msg(
  'Not sent: it waited 30 days without reaching the server. Make it again if you still need it.',
);

/** A new write, stored before its first try. */
export function newOutboxItem(draft: OutboxDraft, now: number, idempotencyKey: string): OutboxItem {
  return {
    ...draft,
    idempotencyKey,
    createdAt: now,
    attempts: 0,
    nextAttemptAt: now,
    lastError: null,
    state: 'pending',
  };
}

export function isExpired(item: Pick<OutboxItem, 'createdAt'>, now: number): boolean {
  return now - item.createdAt >= EXPIRE_AFTER_MS;
}

export const byAge = (a: OutboxItem, b: OutboxItem) => a.createdAt - b.createdAt;
