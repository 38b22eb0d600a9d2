import type { Application, ApplicationsSummary } from '../../contracts/applications.ts';
import { APPLICATION_MESSAGES } from '../../contracts/applications.ts';
import type { MilestonesInput } from '../../contracts/engagements.schemas.ts';
import { ENGAGEMENT_MESSAGES, type EngagementAction } from '../../contracts/engagements.ts';
import { formatAmount } from '../../contracts/money.ts';
import { APPLICATION_TRANSITIONS } from '../../contracts/transitions.ts';
import { type Actor, mustHoldRole } from '../auth/actor.ts';
import { applicationViews, newApplicationView, pageOf } from '../engagements/deal-view.ts';
import {
  anyChargeFor,
  applicationOfMilestone,
  asUser,
  findEngagement,
  act as move,
  replaceMilestones,
} from '../engagements/engagements-service.ts';
import { type DealServiceDeps, sideActions } from '../engagements/side-actions.ts';
import { findJob, findJobToApply, JOB_NOT_FOUND } from '../jobs/jobs-service.ts';
import { Conflict, Forbidden, NotFound, RuleBroken } from '../lib/domain-errors.ts';
import { runWrite, type WriteOptions } from '../lib/idempotent-write.ts';
import type { ListPage, PageRequest } from '../lib/keyset-page.ts';
import { lockEngagement } from '../lib/locks.ts';
import { STATE_CHANGE_RATE, takeAction } from '../lib/user-rates.ts';
import { applicationDecisionMessage, newApplicantMessage } from '../notifications/messages.ts';
import { queueNotification } from '../notifications/notifications.ts';
import { enforceApplicationCaps } from './application-caps.ts';
import {
  applicationsSummary,
  findApplication,
  findApplicationForDecision,
  insertApplication,
  listApplicationsByApplicant,
  listApplicationsForJob,
  updateApplicationStatus,
} from './applications-repository.ts';

const NOT_THE_EMPLOYER = 'Only the employer who posted this job can decide on its applicants';

/** Who may apply: someone who has chosen a role. */
export const mayApply = mustHoldRole;

export type ApplicationsService = ReturnType<typeof createApplicationsService>;

/**
 * Applying to jobs, the employer's decisions on their applicants, and the escrow of accepted
 * work: the employer pays the job's price (payments service), both sides confirm the work was
 * done, either may dispute, or cancel before the worker confirms.
 */
export function createApplicationsService(deps: DealServiceDeps) {
  const { db, clock, notifier, userWriteCaps, serviceFeePercent, escrowWorker } = deps;
  /** Confirm, dispute and cancel, by either side, and the application as a side sees it. */
  const sides = sideActions(deps, {
    type: 'application',
    notFound: 'Application not found',
    find: findApplication,
    views: applicationViews,
    decision: {
      find: findApplicationForDecision,
      sideOf: (current, actor) => {
        if (current.employerId !== actor.id) throw new Forbidden(NOT_THE_EMPLOYER);
        return 'owner';
      },
      transitions: APPLICATION_TRANSITIONS,
      othersMove: NOT_THE_EMPLOYER,
      store: (trx, _current, status, id) => updateApplicationStatus(trx, id, status),
      notice: (current, employer, accepted) => ({
        userId: current.applicantId,
        message: applicationDecisionMessage({
          employerFirstName: employer.firstName,
          employerLastName: employer.lastName,
          accepted,
        }),
      }),
    },
  });

  /** A milestone's escrow action, answered with its application as the actor sees it. */
  async function actOnMilestone(
    actor: Actor,
    milestoneId: number,
    { idempotency }: WriteOptions,
    action: EngagementAction,
    input: { reason?: string } = {},
  ): Promise<Application> {
    const now = clock();
    const options = { userId: actor.id, now, idempotency, userWriteCaps };
    const { value } = await runWrite(db, options, async (trx, write) => {
      const applicationId = await applicationOfMilestone(trx, milestoneId);
      if (applicationId === undefined) throw new NotFound(ENGAGEMENT_MESSAGES.unknownMilestone);
      const ref = { type: 'milestone', id: milestoneId } as const;
      if (await move(trx, ref, action, asUser(actor.id), now, input)) {
        if (userWriteCaps) await takeAction(trx, actor.id, STATE_CHANGE_RATE, now);
      } else {
        write.unchanged();
      }
      return sides.findView(trx, applicationId, actor.id);
    });
    notifier.kick();
    escrowWorker.kick();
    return value;
  }

  return {
    /**
     * Applies to an open job, once, never to one's own; within the seeker's caps. The employer
     * is told by SMS once the application is saved.
     */
    async apply(
      actor: Actor,
      { jobId, coverLetter }: { jobId: number; coverLetter: string },
      { idempotency }: WriteOptions = {},
    ): Promise<Application> {
      mustHoldRole(actor);
      const now = clock();
      const options = { userId: actor.id, now, idempotency, userWriteCaps };
      const { value } = await runWrite(db, options, async (trx) => {
        // The job and whether this seeker applied to it already, in one query.
        const found = await findJobToApply(trx, jobId, actor.id);
        const job = found?.job;
        // A job not shown on Ghana Gigs (held, hidden, removed) takes no applications.
        if (!found || job?.moderation !== 'published') throw new NotFound(JOB_NOT_FOUND);
        if (job.employerId === actor.id) throw new RuleBroken(APPLICATION_MESSAGES.ownJob);
        if (!job.isActive) throw new RuleBroken(APPLICATION_MESSAGES.inactive);
        if (found.applied) throw new Conflict(APPLICATION_MESSAGES.duplicate);
        if (userWriteCaps) await enforceApplicationCaps(trx, actor.id, now);
        const application = await insertApplication(trx, {
          job,
          applicant: actor,
          coverLetter,
          now,
        });
        await queueNotification(
          trx,
          job.employerId,
          newApplicantMessage({
            applicantFirstName: actor.firstName,
            applicantLastName: actor.lastName,
            jobId,
          }),
          now,
        );
        // Made just now: nothing paid, completed or reviewed yet, so nothing more to read.
        return newApplicationView(application, found.stored, serviceFeePercent);
      });
      notifier.kick();
      return value;
    },

    /**
     * decide: the job's poster accepts or rejects a pending application (final;
     * APPLICATION_TRANSITIONS), each a state change of the employer's (USAGE_CAPS.stateChanges);
     * setting the current status again changes nothing, counts nothing and stores no
     * idempotency record; any other move is a conflict. Nobody marks work completed: it is
     * completed when its escrow is released (confirm). The applicant is told of an acceptance
     * or a rejection.
     *
     * confirm: the employer or the worker confirms the work was done, once it is paid; when both
     * have, the worker is paid. The worker's confirmation gives the employer 72 hours to dispute,
     * after which the money is released anyway (api/engagements/process.ts).
     *
     * dispute: either side disputes paid work: its money stays held until an operator decides.
     *
     * cancel: either side cancels accepted work before the worker confirms it; paid work is
     * refunded.
     */
    ...sides.actions,

    /**
     * The employer splits the job into 1 to 5 milestones, while the application is pending or
     * accepted and nothing has been asked of them yet; setting them again replaces them. A
     * fixed-price job's stages add up to its price; an hourly job's are the agreed total.
     */
    async setMilestones(
      actor: Actor,
      id: number,
      { milestones }: MilestonesInput,
      { idempotency }: WriteOptions = {},
    ): Promise<Application> {
      const now = clock();
      const options = { userId: actor.id, now, idempotency, userWriteCaps };
      const { value } = await runWrite(db, options, async (trx) => {
        await lockEngagement(trx, { type: 'application', id });
        const application = await findEngagement(trx, { type: 'application', id });
        if (!application) throw new NotFound('Application not found');
        if (application.payerId !== actor.id) {
          throw new Forbidden(ENGAGEMENT_MESSAGES.notEmployer);
        }
        if (application.status !== 'pending' && application.status !== 'accepted') {
          throw new Conflict(ENGAGEMENT_MESSAGES.milestonesClosed);
        }
        if (await anyChargeFor(trx, id)) throw new Conflict(ENGAGEMENT_MESSAGES.milestonesLocked);
        const job = await findJob(trx, application.jobId as number);
        const total = milestones.reduce((sum, stage) => sum + stage.amount, 0);
        const price = application.amountPesewas;
        if (job?.jobType === 'fixed' && price !== null && total !== price) {
          throw new RuleBroken(ENGAGEMENT_MESSAGES.milestonesTotal(formatAmount(price)));
        }
        await replaceMilestones(
          trx,
          id,
          milestones.map((stage) => ({
            title: stage.title,
            amountPesewas: stage.amount,
            dueDate: stage.dueDate,
          })),
          now.toISOString(),
        );
        if (userWriteCaps) await takeAction(trx, actor.id, STATE_CHANGE_RATE, now);
        return sides.findView(trx, id, actor.id);
      });
      return value;
    },

    /** What each side does to one milestone of a job: POST /api/milestones/:id/... */
    milestones: {
      confirm: (actor: Actor, id: number, options: WriteOptions = {}) =>
        actOnMilestone(actor, id, options, 'confirm'),
      dispute: (actor: Actor, id: number, reason: string, options: WriteOptions = {}) =>
        actOnMilestone(actor, id, options, 'dispute', { reason }),
      cancel: (actor: Actor, id: number, options: WriteOptions = {}) =>
        actOnMilestone(actor, id, options, 'cancel'),
    },

    /** The actor's own applications, newest first; with `jobId`, the one to that job if any. */
    async listMine(
      actor: Actor,
      filter: { jobId?: number | undefined },
      page: PageRequest,
    ): Promise<ListPage<Application>> {
      const found = await listApplicationsByApplicant(db, actor.id, filter, page);
      return pageOf(found, (items) =>
        applicationViews(db, items, actor.id, serviceFeePercent, clock()),
      );
    },

    /** The job seeker dashboard's figures, counted in the database over all their applications. */
    summary(actor: Actor): Promise<ApplicationsSummary> {
      return applicationsSummary(db, actor.id);
    },

    /**
     * A job's applicants: names, emails and (once accepted) phone numbers are personal data, so
     * only for the job's poster.
     */
    async listForJob(
      actor: Actor,
      jobId: number,
      page: PageRequest,
    ): Promise<ListPage<Application>> {
      const job = await findJob(db, jobId);
      if (!job) throw new NotFound(JOB_NOT_FOUND);
      if (job.employerId !== actor.id) {
        throw new Forbidden('Only the employer who posted this job can see its applicants');
      }
      const found = await listApplicationsForJob(db, jobId, actor.id, page);
      return pageOf(found, (items) =>
        applicationViews(db, items, actor.id, serviceFeePercent, clock()),
      );
    },
  };
}
