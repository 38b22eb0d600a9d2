import type { FastifyInstance } from 'fastify';
import { APPLICATION_MESSAGES, CreateApplicationSchema } from '../../contracts/applications.ts';
import { IdParamsSchema } from '../../contracts/common.ts';
import { requireRoleHolder, requireUser } from '../auth/current-user.ts';
import type { Db } from '../db/database.ts';
import { conflict, forbidden, notFound, unprocessable } from '../http/errors.ts';
import { idempotentWrite } from '../http/idempotency.ts';
import { parse } from '../http/validate.ts';
import { findJob } from '../jobs/jobs-repository.ts';
import type { Clock } from '../lib/clock.ts';
import {
  findApplicationByJobAndApplicant,
  insertApplication,
  listApplicationsByApplicant,
  listApplicationsForJob,
} from './applications-repository.ts';

export async function applicationRoutes(
  app: FastifyInstance,
  { db, clock }: { db: Db; clock: Clock },
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
      return {
        statusCode: 201,
        body: await insertApplication(trx, { jobId, applicantId: user.id, coverLetter, now }),
      };
    });
    return reply.code(result.statusCode).send(result.body);
  });

  app.get('/api/applications/user', async (request) =>
    listApplicationsByApplicant(db, requireUser(request).id),
  );

  // Applicants' names and emails are personal data: only the job's poster may read them.
  app.get('/api/applications/job/:id', async (request) => {
    const user = requireUser(request);
    const { id } = parse(IdParamsSchema, request.params);
    const job = await findJob(db, id);
    if (!job) throw notFound("The job you're looking for doesn't exist or has been removed");
    if (job.employerId !== user.id)
      throw forbidden('Only the employer who posted this job can see its applicants');
    return listApplicationsForJob(db, id);
  });
}
