import type { Clock } from '../lib/clock.ts';

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
