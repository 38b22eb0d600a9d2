import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '../../../contracts/auth.ts';
import { ApiError } from '../api-client.ts';
import { startDeferredNow } from '../first-screen.ts';
import { USER_QUERY_KEY } from '../query-client.ts';
import { requestOutboxSync } from '../service-worker.ts';
import { outbox } from './browser-outbox.ts';
import { outboxListening } from './listening.ts';
import type { OutboxDraft } from './outbox.ts';

export type SubmitResult<T> =
  /** The server has it (`data` is its answer, unless another tab sent it first). */
  | { status: 'sent'; data: T | undefined }
  /** Kept in the outbox: offline, a network failure or a 5xx, or the session ended. */
  | { status: 'queued'; reason: 'offline' | 'signed-out' };

/**
 * The one way to make a write that must not be lost: it is stored first, then sent at once
 * when the phone is online. A refusal (4xx) comes back as an ApiError for the form to show,
 * and nothing is kept; anything else leaves the item to the outbox.
 */
export async function submitWrite<T>(draft: OutboxDraft): Promise<SubmitResult<T>> {
  // What a sent write changes is refreshed by the outbox's listeners, which load once the first
  // screen is up; a write made before then brings them in first.
  startDeferredNow();
  await outboxListening();
  const item = await outbox.add(draft);
  if (!navigator.onLine) {
    void requestOutboxSync();
    return { status: 'queued', reason: 'offline' };
  }
  const outcome = await outbox.sendNow(item.idempotencyKey);
  switch (outcome.type) {
    case 'sent':
      return { status: 'sent', data: outcome.data as T };
    case 'gone':
      // Another tab or the worker sent it first; if the server refused it, it is on the list.
      return { status: 'sent', data: undefined };
    case 'refused':
      throw new ApiError(outcome.status, outcome.text, outcome.message, outcome.errors);
    case 'signed-out':
      return { status: 'queued', reason: 'signed-out' };
    case 'retry':
      void requestOutboxSync();
      return { status: 'queued', reason: 'offline' };
  }
}

/**
 * A TanStack mutation over `submitWrite`, for the pending state of the submit button. It runs
 * offline too (networkMode 'always'): the outbox, not TanStack, decides when to send.
 */
export function useOutboxMutation<V, T = unknown>(
  toDraft: (variables: V) => Omit<OutboxDraft, 'userId'>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (variables: V) => {
      const user = queryClient.getQueryData<User | null>(USER_QUERY_KEY);
      if (!user) {
        return Promise.reject(
          new ApiError(401, 'Not signed in', 'Please sign in again.', undefined),
        );
      }
      return submitWrite<T>({ ...toDraft(variables), userId: user.id });
    },
  });
}

/** The toast for a write kept for later. */
export function queuedToast(reason: 'offline' | 'signed-out') {
  return reason === 'offline'
    ? { title: "Saved. It will be sent when you're back online." }
    : { title: 'Saved. Sign in again to send it.' };
}
