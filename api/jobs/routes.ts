import type { FastifyInstance } from 'fastify';
import {
  EmployerJobsSummarySchema,
  JobListingsSchema,
  JobSchema,
} from '../../contracts/answers.schemas.ts';
import { IdParamsSchema } from '../../contracts/common.schemas.ts';
import { CreateJobSchema, JobListQuerySchema } from '../../contracts/jobs.schemas.ts';
import { JobActiveSchema } from '../../contracts/transitions.schemas.ts';
import { actorOf, signedIn } from '../auth/current-user.ts';
import { answers, type ValibotTypeProvider } from '../http/contracts.ts';
import { created, keyedWrite } from '../http/idempotency.ts';
import { sendPage } from '../http/paging.ts';
import type { ListCache } from '../lib/list-cache/list-cache.ts';
import { jobList } from '../lib/list-cache/lists.ts';
import { type JobsService, mayPostJobs } from './jobs-service.ts';

export async function jobRoutes(
  instance: FastifyInstance,
  { jobs, listCache }: { jobs: JobsService; listCache: ListCache },
) {
  const app = instance.withTypeProvider<ValibotTypeProvider>();

  // Cached for everyone who sees the same list: browsing and one employer's jobs as others
  // see them are the same for every viewer; an employer's own list (?employerId= their own id)
  // is theirs alone, with the jobs nobody else is shown. Always paged.
  app.get(
    '/api/jobs',
    {
      schema: {
        querystring: JobListQuerySchema,
        response: answers({ 200: JobListingsSchema }),
      },
    },
    async (request, reply) => {
      const { limit, cursor, ...query } = request.query;
      const ownJobs = query.employerId !== undefined && query.employerId === request.actor?.id;
      const filter = ownJobs ? { ...query, ownJobs } : query;
      return sendPage(reply, {
        cache: listCache,
        list: jobList(filter),
        query: { limit, cursor },
        items: JobListingsSchema,
        load: (page, countWith) => jobs.list(filter, page, countWith),
      });
    },
  );

  app.get(
    '/api/jobs/summary',
    {
      schema: { response: answers({ 200: EmployerJobsSummarySchema }) },
      preValidation: signedIn(),
    },
    async (request) => jobs.summary(actorOf(request)),
  );

  app.get(
    '/api/jobs/:id',
    { schema: { params: IdParamsSchema, response: answers({ 200: JobSchema }) } },
    async (request) => jobs.find(request.params.id, () => request.actor),
  );

  app.post(
    '/api/jobs',
    {
      schema: { body: CreateJobSchema, response: answers({ 201: JobSchema }) },
      preValidation: signedIn(mayPostJobs),
    },
    created((request, options) => jobs.post(actorOf(request), request.body, options)),
  );

  app.patch(
    '/api/jobs/:id',
    {
      schema: {
        params: IdParamsSchema,
        body: JobActiveSchema,
        response: answers({ 200: JobSchema }),
      },
      preValidation: signedIn(),
    },
    async (request) =>
      jobs.setActive(
        actorOf(request),
        request.params.id,
        request.body.isActive,
        keyedWrite(request, 200),
      ),
  );
}
