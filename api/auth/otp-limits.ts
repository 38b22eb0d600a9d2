/**
 * Whose recent rows a limit counts: one phone from one address group, one phone, one address
 * group (lib/address-group.ts), all.
 */
type LimitScope = 'phone-group' | 'phone' | 'group' | 'all';

export interface Limit {
  per: LimitScope;
  windowSeconds: number;
  max: number;
  /** What the refusal says when the limit is reached. */
  message: string;
}

export const limit = (
  per: LimitScope,
  windowSeconds: number,
  max: number,
  message: string,
): Limit => ({ per, windowSeconds, max, message });

export interface LimitUsage {
  limit: Limit;
  count: number;
  /** When the oldest counted row leaves the window. */
  retryAfterSeconds: number;
}

/** The first limit that is used up, if any. */
export const reachedLimit = (usage: readonly LimitUsage[]) =>
  usage.find((item) => item.count >= item.limit.max);
