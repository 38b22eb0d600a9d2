import type { FastifyInstance } from 'fastify';
import { IdParamsSchema } from '../../contracts/common.ts';
import { CreateJobSchema, JobListQuerySchema } from '../../contracts/jobs.ts';
import { requireVerifiedRoleHolder } from '../auth/current-user.ts';
import type { Db } from '../db/database.ts';
import { notFound } from '../http/errors.ts';
import { idempotentWrite } from '../http/idempotency.ts';
import { parse } from '../http/validate.ts';
import type { Clock } from '../lib/clock.ts';
import { findJob, insertJob, listJobs } from './jobs-repository.ts';

export async function jobRoutes(app: FastifyInstance, { db, clock }: { db: Db; clock: Clock }) {
  app.get('/api/jobs', async (request) => listJobs(db, parse(JobListQuerySchema, request.query)));

  app.get('/api/jobs/:id', async (request) => {
    const { id } = parse(IdParamsSchema, request.params);
    const job = await findJob(db, id);
    if (!job) throw notFound("The job you're looking for doesn't exist or has been removed");
    return job;
  });

  app.post('/api/jobs', async (request, reply) => {
    const user = requireVerifiedRoleHolder(request);
    const job = parse(CreateJobSchema, request.body);
    const now = clock();
    const result = await idempotentWrite(db, request, user.id, now, async (trx) => ({
      statusCode: 201,
      body: await insertJob(trx, user.id, job, now),
    }));
    return reply.code(result.statusCode).send(result.body);
  });
}
