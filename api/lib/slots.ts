/**
 * A fixed number of places, taken without waiting: `take` answers the function that gives the
 * place back (once, however often it is called), or undefined when every place is taken.
 */
export class Slots {
  #free: number;

  constructor(readonly size: number) {
    this.#free = size;
  }

  take(): (() => void) | undefined {
    if (this.#free === 0) return undefined;
    this.#free--;
    let given = false;
    return () => {
      if (given) return;
      given = true;
      this.#free++;
    };
  }

  get inUse(): number {
    return this.size - this.#free;
  }
}
