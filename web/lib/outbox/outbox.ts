/**
 * The outbox's sender: sends the writes the phone keeps until the server has them. See
 * docs/decisions/006-offline-data-and-outbox.md and 015-one-outbox-controller.md.
 *
 * An item is stored before its first try and removed only after a 2xx, so a reload, a closed
 * tab or a killed app loses nothing; its idempotency key makes every resend harmless. Sending
 * runs under one lock shared by every tab and the service worker, so one item is never sent
 * by two of them at once. An item older than 30 days is never sent (see outbox-item.ts). This
 * module uses no DOM and no React: the service worker runs it too.
 */
import { api, IDEMPOTENCY_HEADER } from '../../../contracts/paths.ts';
import { t } from '../i18n/translate.ts';
import {
  byAge,
  EXPIRED_MESSAGE,
  isExpired,
  NETWORK_MESSAGE,
  OTHER_USER_MESSAGE,
  type OutboxItem,
  type OutboxStorage,
  SIGNED_OUT_MESSAGE,
} from './outbox-item.ts';

type SendOutcome =
  | { type: 'sent'; status: number; data: unknown }
  | {
      type: 'refused';
      status: number;
      message: string;
      text: string;
      errors?: Record<string, string>;
    }
  | { type: 'signed-out' }
  | { type: 'retry'; message: string; retryAfterMs?: number };

export type OutboxEvent =
  | { type: 'changed' }
  /** `background`: sent by a flush, not by the form that is waiting for the answer. */
  | { type: 'sent'; item: OutboxItem; data: unknown; background: boolean }
  | { type: 'failed'; item: OutboxItem };

interface FlushResult {
  sent: number;
  failed: number;
  /** Pending items left (any user). */
  waiting: number;
  /** Why the flush stopped early, if it did. */
  stoppedBy: 'network' | 'signed-out' | null;
}

export interface OutboxChannel {
  postMessage(message: OutboxEvent): void;
  onmessage: ((event: MessageEvent<OutboxEvent>) => void) | null;
}

interface OutboxDeps {
  storage: OutboxStorage;
  /** Runs `task` while no other tab or worker runs one (a Web Lock in browsers). */
  withLock: <T>(task: () => Promise<T>) => Promise<T>;
  fetch: typeof fetch;
  now?: () => number;
  /** Tells the other tabs and the service worker; absent in tests. */
  channel?: OutboxChannel | undefined;
  /** Per request; a slow link must not hold the lock for ever. */
  timeoutMs?: number;
  random?: () => number;
}

export const OUTBOX_LOCK = 'ghana-gigs-outbox';
const SIGNED_OUT_RETRY_MS = 60_000;
const OTHER_USER_RETRY_MS = 5 * 60_000;
const BASE_BACKOFF_MS = 5_000;
const MAX_BACKOFF_MS = 5 * 60_000;
const DEFAULT_TIMEOUT_MS = 20_000;

/** Statuses that mean "not now" rather than "no": a later try may succeed. */
const RETRYABLE = new Set([408, 425, 429]);

/** 5 s, 10 s, 20 s ... at most 5 min, give or take 20% so phones don't retry in step. */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(BASE_BACKOFF_MS * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
  return Math.round(base * (0.8 + 0.4 * random()));
}

function parseBody(text: string): { message?: unknown; errors?: unknown } | undefined {
  try {
    const body: unknown = JSON.parse(text);
    return body && typeof body === 'object' ? body : undefined;
  } catch {
    return undefined;
  }
}

/** What an answer means for the item: done, refused for good, wait for sign-in, or try later. */
export function classifyResponse(
  status: number,
  text: string,
  retryAfter: string | null = null,
): SendOutcome {
  if (status >= 200 && status < 300) {
    const body = text ? (parseBody(text) ?? text) : undefined;
    return { type: 'sent', status, data: body };
  }
  if (status === 401) return { type: 'signed-out' };
  if (status >= 500 || RETRYABLE.has(status)) {
    const seconds = Number(retryAfter);
    return {
      type: 'retry',
      message: t('The server could not take it ({status}).', { status }),
      ...(retryAfter && Number.isFinite(seconds) && seconds > 0
        ? { retryAfterMs: seconds * 1000 }
        : {}),
    };
  }
  const body = parseBody(text);
  const message =
    typeof body?.message === 'string' && body.message
      ? body.message
      : text || t('Error {status}', { status });
  const errors =
    body?.errors && typeof body.errors === 'object'
      ? (body.errors as Record<string, string>)
      : undefined;
  return { type: 'refused', status, message, text, ...(errors ? { errors } : {}) };
}

interface Answer {
  status: number;
  text: string;
  retryAfter: string | null;
}

export function createOutbox(deps: OutboxDeps) {
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  const timeoutMs = deps.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const { storage } = deps;
  const listeners = new Set<(event: OutboxEvent) => void>();

  const notifyHere = (event: OutboxEvent) => {
    for (const listener of listeners) listener(event);
  };
  const emit = (event: OutboxEvent) => {
    notifyHere(event);
    deps.channel?.postMessage(event);
  };
  if (deps.channel) deps.channel.onmessage = (message) => notifyHere(message.data);

  /** One request, answer body included, within the time limit. Throws on network failure. */
  async function request(
    method: string,
    url: string,
    body: unknown,
    key?: string,
  ): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (key) headers[IDEMPOTENCY_HEADER] = key;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const response = await deps.fetch(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'include',
        cache: 'no-store',
        signal: controller.signal,
      });
      const text = await response.text();
      return { status: response.status, text, retryAfter: response.headers.get('retry-after') };
    } finally {
      clearTimeout(timer);
    }
  }

  async function send(item: OutboxItem): Promise<SendOutcome> {
    let answer: Answer;
    try {
      answer = await request(item.method, item.url, item.body, item.idempotencyKey);
    } catch {
      // Offline, DNS, reset connection, timeout: the server may or may not have it; the key
      // makes the next try safe either way.
      return { type: 'retry', message: NETWORK_MESSAGE };
    }
    return classifyResponse(answer.status, answer.text, answer.retryAfter);
  }

  /** The signed-in user's id, null when signed out, or 'unreachable'. */
  async function whoAmI(): Promise<number | null | 'unreachable'> {
    try {
      const answer = await request('GET', api.user, undefined);
      if (answer.status === 401) return null;
      if (answer.status !== 200) return 'unreachable';
      const user = parseBody(answer.text) as { id?: unknown } | undefined;
      return typeof user?.id === 'number' ? user.id : null;
    } catch {
      return 'unreachable';
    }
  }

  /**
   * One try of one item, inside the lock. The attempt is written down before the request, so
   * an app killed mid-send resends later (with the same key) rather than forgets.
   */
  async function attempt(
    key: string,
    options: { background: boolean; keepRefused: boolean },
  ): Promise<SendOutcome | { type: 'gone'; item?: OutboxItem }> {
    const current = await storage.get(key);
    if (!current) return { type: 'gone' };
    if (current.state !== 'pending') return { type: 'gone', item: current };
    if (isExpired(current, now())) return { type: 'gone', item: await expire(current) };
    const tried: OutboxItem = {
      ...current,
      attempts: current.attempts + 1,
      nextAttemptAt: now() + backoffMs(current.attempts + 1, random),
    };
    await storage.put(tried);
    const outcome = await send(tried);
    switch (outcome.type) {
      case 'sent':
        await storage.remove(key);
        emit({ type: 'sent', item: tried, data: outcome.data, background: options.background });
        break;
      case 'refused':
        if (options.keepRefused) {
          const failed: OutboxItem = { ...tried, state: 'failed', lastError: outcome.message };
          await storage.put(failed);
          emit({ type: 'failed', item: failed });
        } else {
          await storage.remove(key);
        }
        break;
      case 'signed-out':
        await storage.put({
          ...tried,
          lastError: SIGNED_OUT_MESSAGE,
          nextAttemptAt: now() + SIGNED_OUT_RETRY_MS,
        });
        break;
      case 'retry':
        await storage.put({
          ...tried,
          lastError: outcome.message,
          nextAttemptAt:
            outcome.retryAfterMs !== undefined ? now() + outcome.retryAfterMs : tried.nextAttemptAt,
        });
        break;
    }
    emit({ type: 'changed' });
    return outcome;
  }

  /** Too old to send safely: kept as failed, with a message saying why, until dismissed. */
  async function expire(item: OutboxItem): Promise<OutboxItem> {
    const expired: OutboxItem = { ...item, state: 'failed', lastError: EXPIRED_MESSAGE };
    await storage.put(expired);
    emit({ type: 'failed', item: expired });
    return expired;
  }

  /** Items not tried this round wait as long as the one that just failed for the same reason. */
  async function deferAll(items: OutboxItem[], until: number, message: string | null) {
    for (const item of items) {
      const current = await storage.get(item.idempotencyKey);
      if (current?.state !== 'pending') continue;
      await storage.put({
        ...current,
        nextAttemptAt: Math.max(current.nextAttemptAt, until),
        lastError: message ?? current.lastError,
      });
    }
    if (items.length > 0) emit({ type: 'changed' });
  }

  async function summary(result: Omit<FlushResult, 'waiting'>): Promise<FlushResult> {
    const items = await storage.all();
    return { ...result, waiting: items.filter((item) => item.state === 'pending').length };
  }

  return {
    subscribe(listener: (event: OutboxEvent) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Tells this tab and the others that the items changed (a write stored, one dismissed). */
    changed(): void {
      emit({ type: 'changed' });
    },

    /**
     * Sends one item now, for the form that is waiting for the answer. A refusal removes it
     * (the form shows the error and still holds what was typed); anything else leaves it to
     * the outbox. 'gone' means another tab or the worker got to it first.
     */
    sendNow(key: string) {
      return deps.withLock(() => attempt(key, { background: false, keepRefused: false }));
    },

    /**
     * Sends every pending item that is due (all of them with `force`), oldest first, after
     * setting aside the expired ones. `skip`: items a form in this tab is sending itself.
     */
    flush(options: { force?: boolean; skip?: ReadonlySet<string> } = {}): Promise<FlushResult> {
      return deps.withLock(async () => {
        const started = now();
        let sent = 0;
        let failed = 0;
        const pending: OutboxItem[] = [];
        for (const item of await storage.all()) {
          if (item.state !== 'pending') continue;
          if (isExpired(item, started)) {
            await expire(item);
            failed++;
          } else if (!options.skip?.has(item.idempotencyKey)) {
            pending.push(item);
          }
        }
        if (failed > 0) emit({ type: 'changed' });
        const due = pending
          .filter((item) => options.force || item.nextAttemptAt <= started)
          .sort(byAge);
        if (due.length === 0) return summary({ sent, failed, stoppedBy: null });

        const who = await whoAmI();
        if (who === 'unreachable') {
          const wait = Math.min(
            ...due.map((item) => backoffMs(Math.max(1, item.attempts), random)),
          );
          await deferAll(due, started + wait, null);
          return summary({ sent, failed, stoppedBy: 'network' });
        }
        if (who === null) {
          await deferAll(due, started + SIGNED_OUT_RETRY_MS, SIGNED_OUT_MESSAGE);
          return summary({ sent, failed, stoppedBy: 'signed-out' });
        }
        for (const [index, item] of due.entries()) {
          if (item.userId !== who) {
            await deferAll([item], now() + OTHER_USER_RETRY_MS, OTHER_USER_MESSAGE);
            continue;
          }
          const outcome = await attempt(item.idempotencyKey, {
            background: true,
            keepRefused: true,
          });
          if (outcome.type === 'sent') sent++;
          if (outcome.type === 'refused') failed++;
          if (outcome.type === 'retry' || outcome.type === 'signed-out') {
            const stopped = await storage.get(item.idempotencyKey);
            const rest = due.slice(index + 1).filter((other) => other.userId === who);
            await deferAll(rest, stopped?.nextAttemptAt ?? now(), null);
            return summary({
              sent,
              failed,
              stoppedBy: outcome.type === 'retry' ? 'network' : 'signed-out',
            });
          }
        }
        return summary({ sent, failed, stoppedBy: null });
      });
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;

/** A lock for one JavaScript realm, where Web Locks are missing (old browsers, unit tests). */
export function createLocalLock(): <T>(task: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>) => {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  };
}
