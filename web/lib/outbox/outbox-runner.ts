/**
 * When the app sends its outbox: at start, when the connection returns, when the app comes
 * back to the screen, and on a timer while items wait (each item's own backoff). The service
 * worker adds Background Sync, for when the app is closed.
 */
import { requestOutboxSync } from '../service-worker.ts';
import { outbox } from './browser-outbox.ts';

/** Never sooner than this after the last try, whatever an item's backoff says. */
const MIN_TIMER_MS = 1000;

let running: Promise<void> | null = null;
/** The one more flush asked for while one runs, and the promise its callers wait on. */
let again: { force: boolean; done: Promise<void>; resolve: () => void } | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;

/**
 * Sends what is due; a call while a flush runs makes one more flush after it, not a pile, and
 * resolves when that one has finished.
 */
export function flushOutbox(options: { force?: boolean } = {}): Promise<void> {
  if (running) {
    if (!again) {
      let resolve: () => void = () => undefined;
      const done = new Promise<void>((settle) => {
        resolve = settle;
      });
      again = { force: false, done, resolve };
    }
    again.force ||= Boolean(options.force);
    return again.done;
  }
  running = (async () => {
    try {
      const result = await outbox.flush(options);
      if (result.stoppedBy === 'network') void requestOutboxSync();
    } catch {
      // IndexedDB or the lock failed this time; the timer tries again.
    } finally {
      running = null;
      await schedule();
      if (again) {
        const next = again;
        again = null;
        void flushOutbox({ force: next.force }).then(next.resolve);
      }
    }
  })();
  return running;
}

/** Sets the timer for the earliest item that waits; offline, the `online` event does instead. */
async function schedule(): Promise<void> {
  const items = navigator.onLine ? await outbox.list().catch(() => []) : [];
  clearTimeout(timer);
  const pending = items.filter((item) => item.state === 'pending');
  if (pending.length === 0) return;
  const next = Math.min(...pending.map((item) => item.nextAttemptAt));
  timer = setTimeout(() => void flushOutbox(), Math.max(MIN_TIMER_MS, next - Date.now()));
}

/** Starts the triggers; returns a function that stops them. */
export function startOutbox(): () => void {
  const onOnline = () => void flushOutbox({ force: true });
  const onVisible = () => {
    if (document.visibilityState === 'visible') void flushOutbox();
  };
  // Another tab or the worker changed the outbox: the timer may need to move.
  const unsubscribe = outbox.subscribe((event) => {
    if (event.type === 'changed' && !running) void schedule();
  });
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisible);
  void flushOutbox();
  return () => {
    unsubscribe();
    clearTimeout(timer);
    window.removeEventListener('online', onOnline);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
