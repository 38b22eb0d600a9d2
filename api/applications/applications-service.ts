import type { Application, ApplicationsSummary, Status } from '../../contracts/applications.ts';
import { APPLICATION_MESSAGES } from '../../contracts/applications.ts';
import {
  APPLICATION_TRANSITIONS,
  canTransition,
  STATUS_CHANGE_MESSAGES,
} from '../../contracts/transitions.ts';
import { type Actor, mustHoldRole } from '../auth/actor.ts';
import type { Db } from '../db/database.ts';
import { findJob } from '../jobs/jobs-repository.ts';
import { JOB_NOT_FOUND } from '../jobs/jobs-service.ts';
import type { Clock } from '../lib/clock.ts';
import { Conflict, Forbidden, NotFound, RuleBroken } from '../lib/domain-errors.ts';
import { runWrite, type WriteOptions } from '../lib/idempotent-write.ts';
import type { ListPage, PageRequest } from '../lib/keyset-page.ts';
import { STATE_CHANGE_RATE, takeAction } from '../lib/user-rates.ts';
import { applicationDecisionMessage, newApplicantMessage } from '../notifications/messages.ts';
import { type NotificationDispatcher, queueNotification } from '../notifications/notifications.ts';
import { enforceApplicationCaps } from './application-caps.ts';
import {
  applicationsSummary,
  findApplication,
  findApplicationByJobAndApplicant,
  findApplicationForDecision,
  insertApplication,
  listApplicationsByApplicant,
  listApplicationsForJob,
  updateApplicationStatus,
} from './applications-repository.ts';

/** Who may apply: someone who has chosen a role. */
export const mayApply = mustHoldRole;

export type ApplicationsService = ReturnType<typeof createApplicationsService>;

/** Applying to jobs, and the employer's decisions on their applicants. */
export function createApplicationsService({
  db,
  clock,
  notifier,
  userWriteCaps,
}: {
  db: Db;
  clock: Clock;
  notifier: NotificationDispatcher;
  /** Whether the per-user caps apply (USER_WRITE_CAPS). */
  userWriteCaps: boolean;
}) {
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
        const job = await findJob(trx, jobId);
        // A job not shown on Ghana Gigs (held, hidden, removed) takes no applications.
        if (!job || job.moderation !== 'published') throw new NotFound(JOB_NOT_FOUND);
        if (job.employerId === actor.id) throw new RuleBroken(APPLICATION_MESSAGES.ownJob);
        if (!job.isActive) throw new RuleBroken(APPLICATION_MESSAGES.inactive);
        if (await findApplicationByJobAndApplicant(trx, jobId, actor.id)) {
          throw new Conflict(APPLICATION_MESSAGES.duplicate);
        }
        if (userWriteCaps) await enforceApplicationCaps(trx, actor.id, now);
        const application = await insertApplication(trx, {
          jobId,
          applicantId: actor.id,
          coverLetter,
          now,
        });
        await queueNotification(
          trx,
          job.employerId,
          newApplicantMessage({
            applicantFirstName: actor.firstName,
            applicantLastName: actor.lastName,
          }),
          now,
        );
        return application;
      });
      notifier.kick();
      return value;
    },

    /**
     * The job's poster accepts or rejects a pending application (final) and marks accepted
     * work completed (APPLICATION_TRANSITIONS), each a state change of the employer's
     * (USAGE_CAPS.stateChanges). Setting the current status again changes nothing, counts
     * nothing and stores no idempotency record; any other move is a conflict. The applicant is
     * told of an acceptance or a rejection.
     */
    async decide(
      actor: Actor,
      id: number,
      status: Status,
      { idempotency }: WriteOptions = {},
    ): Promise<Application> {
      const now = clock();
      const options = { userId: actor.id, now, idempotency, userWriteCaps };
      const { value } = await runWrite(db, options, async (trx, write) => {
        const current = await findApplicationForDecision(trx, id);
        if (!current) throw new NotFound('Application not found');
        if (current.employerId !== actor.id) {
          throw new Forbidden('Only the employer who posted this job can decide on its applicants');
        }
        if (current.status === status) {
          write.unchanged();
        } else {
          if (!canTransition(APPLICATION_TRANSITIONS, current.status, status, 'owner')) {
            throw new Conflict(STATUS_CHANGE_MESSAGES.notAllowed(current.status, status));
          }
          if (userWriteCaps) await takeAction(trx, actor.id, STATE_CHANGE_RATE, now);
          await updateApplicationStatus(trx, id, status);
          if (status === 'accepted' || status === 'rejected') {
            await queueNotification(
              trx,
              current.applicantId,
              applicationDecisionMessage({
                employerFirstName: actor.firstName,
                employerLastName: actor.lastName,
                accepted: status === 'accepted',
              }),
              now,
            );
          }
        }
        return findApplication(trx, id);
      });
      notifier.kick();
      return value;
    },

    /** The actor's own applications, newest first. */
    listMine(actor: Actor, page: PageRequest): Promise<ListPage<Application>> {
      return listApplicationsByApplicant(db, actor.id, page);
    },

    /** The job seeker dashboard's figures, counted in the database over all their applications. */
    summary(actor: Actor): Promise<ApplicationsSummary> {
      return applicationsSummary(db, actor.id);
    },

    /** A job's applicants: names and emails are personal data, so only for the job's poster. */
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
      return listApplicationsForJob(db, jobId, page);
    },
  };
}
