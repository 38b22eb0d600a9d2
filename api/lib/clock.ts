/** The time source of the app; tests pass their own to move time forward. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export const addSeconds = (date: Date, seconds: number) =>
  new Date(date.getTime() + seconds * 1000);

/** A clock that runs with real time and can be moved forward (TEST_CLOCK, browser tests). */
export interface AdjustableClock {
  clock: Clock;
  advance(seconds: number): void;
}

export function adjustableClock(): AdjustableClock {
  let offsetMs = 0;
  return {
    clock: () => new Date(Date.now() + offsetMs),
    advance(seconds) {
      offsetMs += seconds * 1000;
    },
  };
}
