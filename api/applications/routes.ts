import type { FastifyInstance } from 'fastify';
import { CreateApplicationSchema } from '../../contracts/applications.schemas.ts';
import { APPLICATION_MESSAGES } from '../../contracts/applications.ts';
import { IdParamsSchema } from '../../contracts/common.schemas.ts';
import { PageQuerySchema } from '../../contracts/paging.schemas.ts';
import { StatusChangeSchema } from '../../contracts/transitions.schemas.ts';
import {
  APPLICATION_TRANSITIONS,
  canTransition,
  STATUS_CHANGE_MESSAGES,
} from '../../contracts/transitions.ts';
import { requireRoleHolder, requireUser } from '../auth/current-user.ts';
import type { Db } from '../db/database.ts';
import { conflict, forbidden, notFound, unprocessable } from '../http/errors.ts';
import { idempotentWrite } from '../http/idempotency.ts';
import { sendOwnPage } from '../http/paging.ts';
import { parse } from '../http/validate.ts';
import { findJob } from '../jobs/jobs-repository.ts';
import type { Clock } from '../lib/clock.ts';
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

export async function applicationRoutes(
  app: FastifyInstance,
  {
    db,
    clock,
    notifier,
    userWriteCaps,
  }: { db: Db; clock: Clock; notifier: NotificationDispatcher; userWriteCaps: boolean },
) {
  app.post('/api/applications', async (request, reply) => {
    const user = requireRoleHolder(request);
    const { jobId, coverLetter } = parse(CreateApplicationSchema, request.body);
    const now = clock();
    const result = await idempotentWrite(db, request, user.id, now, async (trx) => {
      const job = await findJob(trx, jobId);
      if (!job) throw notFound("The job you're looking for doesn't exist or has been removed");
      if (job.employerId === user.id) throw unprocessable(APPLICATION_MESSAGES.ownJob);
      if (!job.isActive) throw unprocessable(APPLICATION_MESSAGES.inactive);
      if (await findApplicationByJobAndApplicant(trx, jobId, user.id)) {
        throw conflict(APPLICATION_MESSAGES.duplicate);
      }
      if (userWriteCaps) await enforceApplicationCaps(trx, user.id, now);
      const application = await insertApplication(trx, {
        jobId,
        applicantId: user.id,
        coverLetter,
        now,
      });
      await queueNotification(
        trx,
        job.employerId,
        newApplicantMessage({
          applicantFirstName: user.first_name,
          applicantLastName: user.last_name,
        }),
        now,
      );
      return { statusCode: 201, body: application };
    });
    notifier.kick();
    return reply.code(result.statusCode).send(result.body);
  });

  // Employers decide on applicants and mark accepted work completed; see contracts/transitions.ts.
  app.patch('/api/applications/:id', async (request, reply) => {
    const user = requireUser(request);
    const { id } = parse(IdParamsSchema, request.params);
    const { status } = parse(StatusChangeSchema, request.body);
    const now = clock();
    const result = await idempotentWrite(db, request, user.id, now, async (trx) => {
      const current = await findApplicationForDecision(trx, id);
      if (!current) throw notFound('Application not found');
      if (current.employerId !== user.id) {
        throw forbidden('Only the employer who posted this job can decide on its applicants');
      }
      if (current.status !== status) {
        if (!canTransition(APPLICATION_TRANSITIONS, current.status, status, 'owner')) {
          throw conflict(STATUS_CHANGE_MESSAGES.notAllowed(current.status, status));
        }
        await updateApplicationStatus(trx, id, status);
        if (status === 'accepted' || status === 'rejected') {
          await queueNotification(
            trx,
            current.applicantId,
            applicationDecisionMessage({
              employerFirstName: user.first_name,
              employerLastName: user.last_name,
              accepted: status === 'accepted',
            }),
            now,
          );
        }
      }
      return { statusCode: 200, body: await findApplication(trx, id) };
    });
    notifier.kick();
    return reply.code(result.statusCode).send(result.body);
  });

  app.get('/api/applications/user', async (request, reply) => {
    const user = requireUser(request);
    const page = parse(PageQuerySchema, request.query);
    return sendOwnPage(reply, await listApplicationsByApplicant(db, user.id, page));
  });

  // The job seeker dashboard's figures, counted in the database: the list itself is paged.
  app.get('/api/applications/user/summary', async (request) =>
    applicationsSummary(db, requireUser(request).id),
  );

  // Applicants' names and emails are personal data: only the job's poster may read them.
  app.get('/api/applications/job/:id', async (request, reply) => {
    const user = requireUser(request);
    const { id } = parse(IdParamsSchema, request.params);
    const page = parse(PageQuerySchema, request.query);
    const job = await findJob(db, id);
    if (!job) throw notFound("The job you're looking for doesn't exist or has been removed");
    if (job.employerId !== user.id)
      throw forbidden('Only the employer who posted this job can see its applicants');
    return sendOwnPage(reply, await listApplicationsForJob(db, id, page));
  });
}
