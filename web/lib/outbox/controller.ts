/**
 * The app's one outbox controller, created at start-up (web/app/providers.tsx). Forms hand it
 * their writes; it stores each one first, then loads the sender (the code that sends, a lazy
 * chunk) and the registry of write kinds, listens to the outbox, and sends: at once for the
 * form, and otherwise at start, when the connection returns, when the app is shown again, on a
 * timer at the next item's time, and after a sign-in. Whenever the server answers, in this tab,
 * another one or the service worker, it refreshes what the write changed and tells the user.
 * See docs/decisions/015-one-outbox-controller.md.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { User } from '../../../contracts/auth.ts';
import { msg, t } from '../i18n/translate.ts';
import { newIdempotencyKey } from '../idempotency-key.ts';
import { USER_QUERY_KEY } from '../query-client.ts';
import { requestOutboxSync } from '../service-worker.ts';
import type { Outbox, OutboxEvent } from './outbox.ts';
import { byAge, newOutboxItem, type OutboxItem, type OutboxStorage } from './outbox-item.ts';
import { outboxStorage } from './outbox-store.ts';
import { type AnyWriteKind, type Message, sentMessage, type WriteKind } from './write-kind.ts';

type Sender = Pick<Outbox, 'subscribe' | 'changed' | 'sendNow' | 'flush'>;

type WriteResult =
  /** The server has it. */
  | { status: 'sent' }
  /** Kept in the outbox: offline, a network failure or a 5xx, or the session ended. */
  | { status: 'queued'; reason: 'offline' | 'signed-out' }
  /**
   * Refused, or not stored at all: `message` says why. The user has been told (by a toast, or
   * by the form itself when it asked to show refusals), and the form keeps what was typed.
   */
  | { status: 'failed'; message: string };

interface SubmitOptions {
  /**
   * The form shows a refusal itself. A dialog must: a toast appears under a modal dialog,
   * dimmed and out of reach, and the button would seem to do nothing.
   */
  showsRefusal?: boolean;
}

interface OutboxControllerOptions {
  queryClient: QueryClient;
  toast(message: Message): void;
  /** The registry: every write kind, for the answers to writes no form here is waiting for. */
  loadKinds(): Promise<readonly AnyWriteKind[]>;
  /** The sender, loaded on the first start or write (the service worker's copy is its own). */
  loadSender?(): Promise<Sender>;
  storage?: OutboxStorage;
  now?: () => number;
  newKey?: () => string;
  isOnline?: () => boolean;
  /** Asks the service worker to send when the connection returns, even with the app closed. */
  requestSync?: () => Promise<void>;
}

export const QUEUED_MESSAGES = {
  offline: { title: msg("Saved. It will be sent when you're back online.") },
  'signed-out': { title: msg('Saved. Sign in again to send it.') },
} as const satisfies Record<string, Message>;

/** Never sooner than this after the last try, whatever an item's backoff says. */
const MIN_TIMER_MS = 1000;
/**
 * Writes that went later (back online, another tab, the service worker) and were heard within
 * this long of each other are told in one toast: only one toast shows at a time, so one each
 * would leave the person reading only the last.
 */
const SENT_SUMMARY_WINDOW_MS = 400;
/** Writes named in a summary's description; the rest are counted. */
const SUMMARY_NAMES = 3;

/** "3 saved actions were sent", naming the first few. */
export function sentSummary(sent: readonly { message: Message; item: OutboxItem }[]): Message {
  const [only] = sent;
  if (sent.length === 1 && only) return only.message;
  const names = sent.slice(0, SUMMARY_NAMES).map(({ item }) => item.title);
  const more = sent.length - names.length;
  return {
    title: t('{length} saved actions were sent', { length: sent.length }),
    description:
      more > 0
        ? t('{names} and {more} more.', { names: names.join(', '), more })
        : `${names.join(', ')}.`,
  };
}

export function createOutboxController(options: OutboxControllerOptions) {
  const { queryClient, toast } = options;
  const loadSender =
    options.loadSender ?? (() => import('./browser-outbox.ts').then((module) => module.outbox));
  const storage = options.storage ?? outboxStorage();
  const now = options.now ?? Date.now;
  const newKey = options.newKey ?? newIdempotencyKey;
  const isOnline = options.isOnline ?? (() => navigator.onLine);
  const requestSync = options.requestSync ?? requestOutboxSync;

  const kinds = new Map<string, AnyWriteKind>();
  /** Writes this tab's forms are sending: this tab's flushes leave them to the form. */
  const sending = new Set<string>();
  let started: Promise<Sender> | null = null;
  let sender: Sender | null = null;
  let stopListening = () => {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  let flushing: Promise<void> | null = null;
  let nextFlush: { force: boolean; done: Promise<void> } | null = null;

  let items: OutboxItem[] = [];
  const itemListeners = new Set<() => void>();
  let heard: { message: Message; item: OutboxItem }[] = [];
  let summaryTimer: ReturnType<typeof setTimeout> | undefined;

  /** Tells what was heard going out since the last toast, in one toast. */
  function tellHeard(): void {
    clearTimeout(summaryTimer);
    summaryTimer = undefined;
    if (heard.length === 0) return;
    const told = heard;
    heard = [];
    toast(sentSummary(told));
  }

  const currentUserId = () => queryClient.getQueryData<User | null>(USER_QUERY_KEY)?.id;

  /**
   * Loads the sender and the registry, listens, and sends what waits. Once; a load that
   * failed (offline before the app was saved on the phone) is tried again on the next call.
   */
  function start(): Promise<Sender> {
    started ??= (async () => {
      const [loaded, registry] = await Promise.all([loadSender(), options.loadKinds()]);
      for (const kind of registry) kinds.set(kind.name, kind);
      sender = loaded;
      stopListening = listen(loaded);
      // What waits from an earlier visit: a new page is a new chance, whatever the backoff says.
      void flush(true);
      return loaded;
    })();
    started.catch(() => {
      started = null;
    });
    return started;
  }

  function listen(loaded: Sender): () => void {
    const unsubscribe = loaded.subscribe(onEvent);
    const onOnline = () => void flush(true);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void flush();
    };
    // Signing in (again) releases the writes that waited for this user's session.
    let userId = currentUserId();
    const unsubscribeUser = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.query.queryKey[0] !== USER_QUERY_KEY[0]) return;
      const next = currentUserId();
      if (next === userId) return;
      userId = next;
      if (next !== undefined) void flush(true);
    });
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      unsubscribe();
      unsubscribeUser();
      clearTimeout(timer);
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }

  /**
   * Fetches again what a write changed. A fetch already under way may have left before the
   * write landed (a screen opened offline resumes its first fetch as the connection returns,
   * racing this send), and with no data yet TanStack would hand the refresh that answer: it is
   * cancelled first, so the refetch asks the server after the write.
   */
  async function refresh(queryKey: readonly unknown[]): Promise<void> {
    await queryClient.cancelQueries({ queryKey });
    await queryClient.invalidateQueries({ queryKey });
  }

  function onEvent(event: OutboxEvent): void {
    if (event.type === 'changed') {
      void reloadItems();
      // Another tab or the worker changed the outbox: the timer may need to move.
      if (!flushing) void schedule();
      return;
    }
    const { item } = event;
    const kind = kinds.get(item.kind);
    for (const queryKey of kind?.refreshes ?? []) void refresh(queryKey);
    // On a shared phone, nobody hears about another account's writes.
    if (item.userId !== currentUserId()) return;
    if (event.type === 'failed') {
      toast({
        variant: 'destructive',
        title: t("Couldn't send"),
        description: `${item.title}: ${item.lastError ?? ''}`,
      });
    } else if (sending.has(item.idempotencyKey)) {
      // A form's own send is told at once; a form in another tab speaks for itself.
      toast(kind ? sentMessage(kind, item) : { title: t('Sent'), description: item.title });
    } else if (event.background) {
      heard.push({
        message: kind ? sentMessage(kind, item) : { title: t('Sent'), description: item.title },
        item,
      });
      clearTimeout(summaryTimer);
      summaryTimer = setTimeout(tellHeard, SENT_SUMMARY_WINDOW_MS);
    }
  }

  /**
   * Sends what is due (everything with `force`). A call while a flush runs makes one more
   * after it, not a pile, and resolves when that one ends.
   */
  function flush(force = false): Promise<void> {
    if (!flushing) {
      flushing = sendDue(force).finally(() => {
        flushing = null;
      });
      return flushing;
    }
    if (!nextFlush) {
      const next = { force, done: Promise.resolve() };
      next.done = flushing.then(() => {
        nextFlush = null;
        return flush(next.force);
      });
      nextFlush = next;
    }
    nextFlush.force ||= force;
    return nextFlush.done;
  }

  async function sendDue(force: boolean): Promise<void> {
    if (!sender) return;
    try {
      const result = await sender.flush({ force, skip: sending });
      // What this flush sent is told now, together, rather than after the quiet window.
      tellHeard();
      if (result.stoppedBy === 'network') void requestSync();
    } catch {
      // IndexedDB or the lock failed this time; the timer tries again.
    }
    await schedule();
  }

  /** Sets the timer for the earliest item that waits; offline, the `online` event does instead. */
  async function schedule(): Promise<void> {
    const waiting = sender && isOnline() ? await storage.all().catch(() => []) : [];
    clearTimeout(timer);
    const pending = waiting.filter((item) => item.state === 'pending');
    if (pending.length === 0) return;
    const next = Math.min(...pending.map((item) => item.nextAttemptAt));
    timer = setTimeout(() => void flush(), Math.max(MIN_TIMER_MS, next - now()));
  }

  async function reloadItems(): Promise<void> {
    if (itemListeners.size === 0) return;
    try {
      items = (await storage.all()).sort(byAge);
    } catch {
      return; // Keep what we had.
    }
    for (const listener of itemListeners) listener();
  }

  /** The lists here and, once the sender is loaded, in the other tabs. */
  function itemsChanged(): void {
    if (sender) sender.changed();
    else void reloadItems();
  }

  function queued(reason: 'offline' | 'signed-out'): WriteResult {
    toast(QUEUED_MESSAGES[reason]);
    return { status: 'queued', reason };
  }

  /** A form's write that did not go: refused by the server, or never stored. */
  function notSent<V>(
    kind: WriteKind<V>,
    message: string | undefined,
    { showsRefusal = false }: SubmitOptions,
  ): WriteResult {
    const description = message || kind.failed.fallback;
    if (!showsRefusal) toast({ variant: 'destructive', title: kind.failed.title, description });
    return { status: 'failed', message: description };
  }

  /** A write of a kind that waits once per thing, when one about the same thing already waits. */
  async function alreadyWaiting(kind: AnyWriteKind, userId: number, ref: number | null) {
    if (!kind.oneWaitingPerRef || ref === null) return false;
    const stored = await storage.all().catch(() => []);
    return stored.some(
      (item) =>
        item.state === 'pending' &&
        item.kind === kind.name &&
        item.userId === userId &&
        item.ref === ref,
    );
  }

  return {
    start,

    /** At start-up: writes kept from an earlier visit start the controller now, to send them. */
    async startIfItemsWait(): Promise<void> {
      const all = await storage.all().catch(() => []);
      if (all.length > 0) await start().catch(() => undefined);
    },

    /**
     * Makes a write that must not be lost. It is stored first, then sent at once when the phone
     * is online; the user is told how it went (sent, kept for later, or refused with the
     * server's message, in which case nothing is kept and the form still holds what was typed).
     */
    async submit<V>(
      kind: WriteKind<V>,
      variables: V,
      options: SubmitOptions = {},
    ): Promise<WriteResult> {
      const userId = currentUserId();
      if (userId === undefined) return notSent(kind, msg('Please sign in again.'), options);
      const draft = { ...kind.request(variables), kind: kind.name, userId };
      if (await alreadyWaiting(kind as AnyWriteKind, userId, draft.ref)) {
        return notSent(kind, kind.oneWaitingPerRef, options);
      }
      const item = newOutboxItem(draft, now(), newKey());
      sending.add(item.idempotencyKey);
      try {
        try {
          await storage.put(item);
        } catch {
          return notSent(kind, undefined, options);
        }
        let loaded: Sender;
        try {
          loaded = await start();
        } catch {
          // The sender could not load (offline before the app was saved): the item waits.
          void reloadItems();
          return queued('offline');
        }
        loaded.changed();
        if (!isOnline()) {
          void requestSync();
          return queued('offline');
        }
        // Its "sent" message and refresh come from the outbox's event, as for any other send.
        const outcome = await loaded.sendNow(item.idempotencyKey);
        switch (outcome.type) {
          case 'sent':
          case 'gone': // Another tab or the worker sent it first, and its event says how it went.
            return { status: 'sent' };
          case 'refused':
            return notSent(kind, outcome.message, options);
          case 'signed-out':
            return queued('signed-out');
          case 'retry':
            void requestSync();
            return queued('offline');
        }
      } finally {
        sending.delete(item.idempotencyKey);
      }
    },

    /** Removes a write the user has seen fail. */
    async dismiss(key: string): Promise<void> {
      await storage.remove(key);
      itemsChanged();
    },

    /** The outbox as stored, oldest first, for "Waiting to send" and "Couldn't send". */
    items: (): OutboxItem[] => items,

    subscribeToItems(listener: () => void): () => void {
      itemListeners.add(listener);
      if (itemListeners.size === 1) void reloadItems();
      return () => itemListeners.delete(listener);
    },

    /** Stops listening (tests; the app's controller lives as long as the page). */
    stop(): void {
      clearTimeout(summaryTimer);
      stopListening();
      stopListening = () => {};
      started = null;
      sender = null;
    },
  };
}

export type OutboxController = ReturnType<typeof createOutboxController>;
