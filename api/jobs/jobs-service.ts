import { DATE_WINDOWS, dayOf, isDayInWindow } from '../../contracts/dates.ts';
import { findFeeRequestInJob } from '../../contracts/fee-requests.ts';
import { JOB_MESSAGES } from '../../contracts/jobs.messages.ts';
import type { CreateJob } from '../../contracts/jobs.schemas.ts';
import type { EmployerJobsSummary, Job } from '../../contracts/jobs.ts';
import { MODERATION_MESSAGES } from '../../contracts/moderation.ts';
import { type Actor, mustBeVerifiedRoleHolder, NOBODY, type Viewer } from '../auth/actor.ts';
import { Forbidden, InvalidInput, NotFound } from '../lib/domain-errors.ts';
import { runWrite, type WriteOptions, type WriteServiceDeps } from '../lib/idempotent-write.ts';
import type { CountWith, PageRequest } from '../lib/keyset-page.ts';
import { mustMeetPriceFloors } from '../lib/price-floors.ts';
import { STATE_CHANGE_RATE, takeAction } from '../lib/user-rates.ts';
import {
  employerJobsSummary,
  findJob,
  insertJob,
  type JobListFilter,
  listJobs,
  setJobActive,
} from './jobs-repository.ts';
import { checkJobPostingLimits } from './posting-limits.ts';

export const JOB_NOT_FOUND = "The job you're looking for doesn't exist or has been removed";

/** Who may post a job: someone with a role and a verified phone. */
export const mayPostJobs = mustBeVerifiedRoleHolder;

export type JobsService = ReturnType<typeof createJobsService>;

/** A job by id, and one that may still be applied to (applications read them). */
export { findJob, findJobToApply } from './jobs-repository.ts';

/** Jobs: browsing, an employer's figures, posting within the limits, closing and reopening. */
export function createJobsService({ db, clock, userWriteCaps }: WriteServiceDeps) {
  return {
    /**
     * Open jobs (or all of one employer's, with their application counts), newest first, a page
     * at a time.
     */
    list: (filter: JobListFilter, page: PageRequest, countWith?: CountWith) =>
      listJobs(db, filter, page, countWith),

    /** The employer dashboard's figures, counted in the database over all their jobs. */
    summary(actor: Actor): Promise<EmployerJobsSummary> {
      return employerJobsSummary(db, actor.id);
    },

    /**
     * A job as `viewer` may see it: a job that is not shown (held, hidden by reports, removed,
     * its poster suspended) only to its poster and to operators. Anyone else is told a job
     * hidden by reports is under review, and that any other does not exist.
     */
    async find(id: number, viewer: Viewer = NOBODY): Promise<Job> {
      const job = await findJob(db, id);
      if (!job) throw new NotFound(JOB_NOT_FOUND);
      if (job.moderation === 'published') return job;
      const who = viewer();
      if (who && (who.id === job.employerId || who.isAdmin)) return job;
      if (job.moderation === 'under_review') {
        throw new NotFound(MODERATION_MESSAGES.underReview.job);
      }
      throw new NotFound(JOB_NOT_FOUND);
    },

    /**
     * Posts a job. Its start date, when given, lies from a year ago to two years ahead. The
     * posting limits are counted inside the write, so a replayed post is answered, never
     * counted again. A job whose text asks applicants for money (trust/fee-requests.ts) is
     * saved held for an operator, not published: the answer says so (`moderation: 'held'`). A
     * rate or price below its floor is refused (422).
     */
    async post(actor: Actor, job: CreateJob, { idempotency }: WriteOptions = {}): Promise<Job> {
      mustBeVerifiedRoleHolder(actor);
      mustMeetPriceFloors({ hourlyRate: job.hourlyRate, fixedPrice: job.fixedPrice });
      const now = clock();
      if (
        job.startDate !== null &&
        !isDayInWindow(job.startDate, dayOf(now), DATE_WINDOWS.jobStart)
      ) {
        throw new InvalidInput(JOB_MESSAGES.startDateWindow, {
          startDate: JOB_MESSAGES.startDateWindow,
        });
      }
      const options = { userId: actor.id, now, idempotency, userWriteCaps };
      const { value } = await runWrite(db, options, async (trx) => {
        await checkJobPostingLimits(trx, actor.id, now);
        const moderation = findFeeRequestInJob(job) ? 'held' : 'published';
        return insertJob(trx, actor.id, job, moderation, now);
      });
      return value;
    },

    /**
     * Closes or reopens a job (its poster only): a closed job takes no new applications. A
     * change counts towards the poster's state changes (USAGE_CAPS.stateChanges); setting the
     * state it is already in changes nothing, counts nothing and stores no idempotency record.
     */
    async setActive(
      actor: Actor,
      id: number,
      isActive: boolean,
      { idempotency }: WriteOptions = {},
    ): Promise<Job> {
      const now = clock();
      const { value } = await runWrite(
        db,
        { userId: actor.id, now, idempotency, userWriteCaps },
        async (trx, write) => {
          const job = await findJob(trx, id);
          if (!job) throw new NotFound(JOB_NOT_FOUND);
          if (job.employerId !== actor.id) {
            throw new Forbidden('Only the employer who posted this job can change it');
          }
          if (job.isActive === isActive) {
            write.unchanged();
            return job;
          }
          if (userWriteCaps) await takeAction(trx, actor.id, STATE_CHANGE_RATE, now);
          await setJobActive(trx, id, isActive);
          return { ...job, isActive };
        },
      );
      return value;
    },
  };
}
