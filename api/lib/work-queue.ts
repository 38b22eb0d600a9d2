/**
 * Runs at most `concurrency` jobs at a time; up to `maxWaiting` more wait their turn in order,
 * and a job beyond that is refused at once (`run` resolves to `busy`), so a burst costs a queue
 * of bounded length rather than memory without bound.
 */
export class WorkQueue {
  #running = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
  ) {}

  async run<T>(job: () => Promise<T>): Promise<{ busy: true } | { busy: false; value: T }> {
    if (this.#running >= this.concurrency) {
      if (this.#waiting.length >= this.maxWaiting) return { busy: true };
      await new Promise<void>((start) => this.#waiting.push(start));
    } else {
      this.#running++;
    }
    try {
      return { busy: false, value: await job() };
    } finally {
      // The slot passes straight to the next job in line, so none can overtake it.
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running--;
    }
  }

  get waiting(): number {
    return this.#waiting.length;
  }
}
