import type { FastifyInstance } from 'fastify';
import { IdParamsSchema } from '../../contracts/common.schemas.ts';
import { DATE_WINDOWS, dayOf, isDayInWindow } from '../../contracts/dates.ts';
import { CreateJobSchema, JobListQuerySchema } from '../../contracts/jobs.schemas.ts';
import { JOB_MESSAGES } from '../../contracts/jobs.ts';
import { JobActiveSchema } from '../../contracts/transitions.schemas.ts';
import { requireUser, requireVerifiedRoleHolder } from '../auth/current-user.ts';
import type { Db } from '../db/database.ts';
import { forbidden, HttpError, notFound } from '../http/errors.ts';
import { idempotentWrite } from '../http/idempotency.ts';
import { sendPage } from '../http/paging.ts';
import { parse } from '../http/validate.ts';
import type { Clock } from '../lib/clock.ts';
import type { ListCache } from '../lib/list-cache.ts';
import {
  employerJobsSummary,
  findJob,
  insertJob,
  JOB_LIST_DATA,
  listJobs,
  setJobActive,
} from './jobs-repository.ts';
import { checkJobPostingLimits } from './posting-limits.ts';

const JOB_NOT_FOUND = "The job you're looking for doesn't exist or has been removed";

export async function jobRoutes(
  app: FastifyInstance,
  { db, clock, listCache }: { db: Db; clock: Clock; listCache: ListCache },
) {
  // The same for every viewer (nothing in it depends on who is signed in), so cached for all,
  // keyed on the whole validated query (its fields come out in the schema's order). Always
  // paged, an employer's own list (?employerId=) too.
  app.get('/api/jobs', async (request, reply) => {
    const query = parse(JobListQuerySchema, request.query);
    return sendPage(request, reply, {
      db,
      cache: listCache,
      key: `jobs ${JSON.stringify(query)}`,
      dependsOn: JOB_LIST_DATA,
      load: (versions) => listJobs(db, query, { cache: listCache, versions }),
    });
  });

  // The employer dashboard's figures, counted in the database: the list itself is paged.
  app.get('/api/jobs/summary', async (request) => employerJobsSummary(db, requireUser(request).id));

  app.get('/api/jobs/:id', async (request) => {
    const { id } = parse(IdParamsSchema, request.params);
    const job = await findJob(db, id);
    if (!job) throw notFound(JOB_NOT_FOUND);
    return job;
  });

  app.post('/api/jobs', async (request, reply) => {
    const user = requireVerifiedRoleHolder(request);
    const job = parse(CreateJobSchema, request.body);
    const now = clock();
    if (
      job.startDate !== null &&
      !isDayInWindow(job.startDate, dayOf(now), DATE_WINDOWS.jobStart)
    ) {
      throw new HttpError(400, JOB_MESSAGES.startDateWindow, {
        startDate: JOB_MESSAGES.startDateWindow,
      });
    }
    // Inside the write, so a replay of a job already posted is answered, never counted again.
    const result = await idempotentWrite(db, request, user.id, now, async (trx) => {
      await checkJobPostingLimits(trx, user.id, now);
      return { statusCode: 201, body: await insertJob(trx, user.id, job, now) };
    });
    return reply.code(result.statusCode).send(result.body);
  });

  // Close or reopen: a closed job takes no new applications. Setting the current state is a no-op.
  app.patch('/api/jobs/:id', async (request, reply) => {
    const user = requireUser(request);
    const { id } = parse(IdParamsSchema, request.params);
    const { isActive } = parse(JobActiveSchema, request.body);
    const result = await idempotentWrite(db, request, user.id, clock(), async (trx) => {
      const job = await findJob(trx, id);
      if (!job) throw notFound(JOB_NOT_FOUND);
      if (job.employerId !== user.id)
        throw forbidden('Only the employer who posted this job can change it');
      if (job.isActive !== isActive) await setJobActive(trx, id, isActive);
      return { statusCode: 200, body: { ...job, isActive } };
    });
    return reply.code(result.statusCode).send(result.body);
  });
}
