import type { Log } from './log.ts';

/** How often one kind of alert may be logged: once per window, however often it happens. */
const ALERT_WINDOW_SECONDS = 10 * 60;

/**
 * Log lines for thresholds crossed (a cap nearly used up, a cap reached, connections refused).
 * Each kind is logged at most once per window, with the fields of the moment and how many
 * times it happened since the line before (`repeatsSinceLastLine`), so an attack that trips a
 * cap thousands of times makes a few lines a day, not a flood that hides everything else.
 * Counted per process.
 */
export class AlertLog {
  readonly #log: Log;
  readonly #last = new Map<string, { atMs: number; repeats: number }>();

  constructor(log: Log) {
    this.#log = log;
  }

  raise(
    level: 'warn' | 'error',
    alert: string,
    fields: Record<string, unknown>,
    message: string,
    now: Date,
  ): void {
    const last = this.#last.get(alert);
    if (last && now.getTime() - last.atMs < ALERT_WINDOW_SECONDS * 1000) {
      last.repeats += 1;
      return;
    }
    const repeats = last ? { repeatsSinceLastLine: last.repeats } : {};
    this.#log[level]({ alert, ...fields, ...repeats }, message);
    this.#last.set(alert, { atMs: now.getTime(), repeats: 0 });
  }
}

const byLogger = new WeakMap<Log, AlertLog>();

/** The alert log of an app, found by its logger, so every module of the app shares one. */
export function alertLogFor(log: Log): AlertLog {
  let alerts = byLogger.get(log);
  if (!alerts) {
    alerts = new AlertLog(log);
    byLogger.set(log, alerts);
  }
  return alerts;
}
