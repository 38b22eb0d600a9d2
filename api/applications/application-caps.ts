import type { Kysely } from 'kysely';
import { APPLICATION_MESSAGES } from '../../contracts/applications.ts';
import type { Database } from '../db/database.ts';
import { HOUR_SECONDS, secondsUntilWindowFrees, USAGE_CAPS } from '../lib/caps.ts';
import { addSeconds } from '../lib/clock.ts';
import { LimitReached, RuleBroken } from '../lib/domain-errors.ts';
import { countApplicationsForCaps } from './applications-repository.ts';

/**
 * Refuses an application past the seeker's caps (USAGE_CAPS.applications): too many waiting
 * for an answer breaks a rule, too many in the last hour is a rate limit (with the wait). Runs inside the request's transaction, on counts from the database.
 */
export async function enforceApplicationCaps(
  trx: Kysely<Database>,
  applicantId: number,
  now: Date,
): Promise<void> {
  const caps = USAGE_CAPS.applications;
  const counts = await countApplicationsForCaps(
    trx,
    applicantId,
    addSeconds(now, -HOUR_SECONDS).toISOString(),
  );
  if (counts.open >= caps.openPerApplicant) {
    throw new RuleBroken(APPLICATION_MESSAGES.openApplications(caps.openPerApplicant));
  }
  if (counts.recent >= caps.perApplicantHour && counts.oldestRecent) {
    throw new LimitReached(
      APPLICATION_MESSAGES.hourly,
      secondsUntilWindowFrees(counts.oldestRecent, now),
    );
  }
}
