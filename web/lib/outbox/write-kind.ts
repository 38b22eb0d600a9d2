import type { QueryKey } from '@tanstack/react-query';
import type { OutboxItem, OutboxMethod } from './outbox-item.ts';

/** A toast's words, as the outbox controller shows them. */
export interface Message {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

/** What a write sends, and what the user sees of it while it waits. */
interface WriteRequest {
  method: OutboxMethod;
  url: string;
  body: unknown;
  /** Listed in "Waiting to send" and "Couldn't send". */
  title: string;
  /** The job, artist or booking it is about, so that page lists it; null if none. */
  ref: number | null;
}

/**
 * One kind of write that goes through the outbox (an application, a booking request, a job
 * post, a decision...), declared once in its feature and listed in the app's registry
 * (web/app/write-kinds.ts). The controller sends it, shows its messages and refreshes what it
 * changed, whether the form waited for the answer or the write went later, from another tab or
 * the service worker.
 */
export interface WriteKind<V> {
  /** Stored with each item, so items outlive this build: never rename one. */
  name: string;
  request(variables: V): WriteRequest;
  /** Shown once the server has it. Items alone are stored, so it is made from the item. */
  sent: Message | ((item: OutboxItem) => Message);
  /** Shown when the server refuses it while the form is open: the title, and the text to use when the server gives no message. */
  failed: { title: string; fallback: string };
  /** Prefixes of the queries it changes (the domains' factories called with no argument). */
  refreshes: readonly QueryKey[];
  /**
   * Set when at most one write of this kind about one thing (its `ref`) may wait in the outbox,
   * such as an application to a job: the message a second one is refused with.
   */
  oneWaitingPerRef?: string;
}

/** Any kind, whatever its form's variables: what the registry holds. */
export type AnyWriteKind = WriteKind<never>;

export function sentMessage(kind: Pick<AnyWriteKind, 'sent'>, item: OutboxItem): Message {
  return typeof kind.sent === 'function' ? kind.sent(item) : kind.sent;
}
