/**
 * A worker's loop: a round runs on a timer and whenever something is kicked after a commit.
 * Kicks while a round runs coalesce into one more round, so a burst of commits costs two rounds,
 * not one each; a round that worked a full batch asks for another at once.
 */
export interface BackgroundLoop {
  /** Runs a round now, or once more after the one under way; never throws. */
  kick(): void;
  /** Resolves when the round under way (and any it asked for) is done. */
  idle(): Promise<void>;
  /** Whether stop() was called: a round checks it between rows to end early. */
  isStopped(): boolean;
  /** No more rounds; resolves when the one under way is done. */
  stop(): Promise<void>;
}

export function startBackgroundLoop(options: {
  /** One round of work; answers true when more is waiting (it worked a full batch). */
  round: () => Promise<boolean>;
  pollMs: number;
  /** A round that throws is reported here and the loop goes on. */
  onError: (error: unknown) => void;
}): BackgroundLoop {
  let running: Promise<void> = Promise.resolve();
  let busy = false;
  let again = false;
  let stopped = false;

  function kick() {
    if (stopped) return;
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    running = (async () => {
      do {
        again = false;
        try {
          if (await options.round()) again = true;
        } catch (error) {
          options.onError(error);
        }
      } while (again && !stopped);
      busy = false;
    })();
  }

  const timer = setInterval(kick, options.pollMs);
  timer.unref();

  return {
    kick,
    idle: () => running,
    isStopped: () => stopped,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
