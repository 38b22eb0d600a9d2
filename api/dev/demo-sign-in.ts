import type { Config } from '../config.ts';
import { DEMO_USERS } from './seed/seed-data.ts';

/**
 * A developer signs in and out of the demo accounts many times an hour, and the per-phone caps
 * (3 codes an hour, 5 a day from one address; 10 wrong codes an hour) would lock them out. In
 * development with the dev transport, where every code lands in the developer's own outbox and
 * no SMS is paid for, the seeded demo numbers are spared those caps; one code a minute, the
 * per-address and the global caps still hold. Never in production or in tests: the set is empty.
 */
export function demoPhonesSparedSignInCaps(
  config: Pick<Config, 'nodeEnv' | 'otpTransport'>,
): ReadonlySet<string> {
  if (config.nodeEnv !== 'development' || config.otpTransport !== 'dev') return new Set();
  return new Set(Object.values(DEMO_USERS).map((user) => user.phoneNumber));
}
