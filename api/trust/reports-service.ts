import type { CreateReport } from '../../contracts/moderation.schemas.ts';
import {
  MODERATION_MESSAGES,
  REPORTER_MIN_AGE_DAYS,
  REPORTS_TO_HIDE,
  type Report,
} from '../../contracts/moderation.ts';
import type { Actor } from '../auth/actor.ts';
import type { Db } from '../db/database.ts';
import { addressGroup } from '../lib/address-group.ts';
import type { Clock } from '../lib/clock.ts';
import { Conflict, NotFound, RuleBroken } from '../lib/domain-errors.ts';
import { REPORT_RATE, takeAction } from '../lib/user-rates.ts';
import { paidGigs } from './badges-repository.ts';
import { findTarget, setModeration } from './moderation-repository.ts';
import { countOpenReports, insertReport } from './reports-repository.ts';

export type ReportsService = ReturnType<typeof createReportsService>;

/**
 * The figures behind badges: paid gigs, an employer's record, and which paid work counts (a
 * review counts only for it).
 */
export { employerFigures, isCountedWork, paidGigs } from './badges-repository.ts';

/** What a target is called when it cannot be reported (missing, or already hidden). */
const NOT_FOUND: Record<CreateReport['targetType'], string> = {
  job: "The job you're looking for doesn't exist or has been removed",
  artist: 'Artist not found',
  user: 'Employer not found',
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether the reporter's word may hide a listing: an account at least REPORTER_MIN_AGE_DAYS old,
 * or one with paid work ("Paid through Ghana Gigs", as its badge counts it). Judged when the
 * report is made, and kept with it.
 */
async function countsToHide(db: Db, reporter: Actor, now: Date): Promise<boolean> {
  const age = now.getTime() - Date.parse(reporter.createdAt);
  if (age >= REPORTER_MIN_AGE_DAYS * DAY_MS) return true;
  return (await paidGigs(db, reporter.id)) > 0;
}

/**
 * Reports from users. Anyone signed in may report what they can see, once each, never their own;
 * when REPORTS_TO_HIDE different people in different places (address groups, so one person's
 * throwaway accounts count once), each with an account a week old or paid work, have open
 * reports of one listing or profile, it is hidden (`under_review`) until an operator decides.
 * Every report, counted or not, reaches the operators' queue.
 */
export function createReportsService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    /** `address` is where the request came from: reports from one address group count once. */
    async report(actor: Actor, input: CreateReport, address: string): Promise<Report> {
      const now = clock();
      const target = { type: input.targetType, id: input.targetId };
      return db.transaction().execute(async (trx) => {
        const state = await findTarget(trx, target);
        // Only what is shown can be reported: a hidden listing is already with an operator.
        if (state?.moderation !== 'published') throw new NotFound(NOT_FOUND[target.type]);
        if (state.ownerId === actor.id) throw new RuleBroken(MODERATION_MESSAGES.ownListing);
        await takeAction(trx, actor.id, REPORT_RATE, now);
        const report = await insertReport(trx, {
          reporterId: actor.id,
          reporterGroup: addressGroup(address),
          countsToHide: await countsToHide(trx, actor, now),
          report: input,
          now,
        });
        if (!report) throw new Conflict(MODERATION_MESSAGES.duplicate);
        if ((await countOpenReports(trx, target)) >= REPORTS_TO_HIDE) {
          await setModeration(trx, target, 'under_review');
        }
        return report;
      });
    },
  };
}
