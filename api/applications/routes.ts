import type { FastifyInstance } from 'fastify';
import {
  ApplicationListSchema,
  ApplicationSchema,
  ApplicationsSummarySchema,
} from '../../contracts/answers.schemas.ts';
import {
  CreateApplicationSchema,
  UserApplicationsQuerySchema,
} from '../../contracts/applications.schemas.ts';
import { IdParamsSchema } from '../../contracts/common.schemas.ts';
import { MilestonesSchema } from '../../contracts/engagements.schemas.ts';
import { PageQuerySchema } from '../../contracts/paging.schemas.ts';
import { StatusChangeSchema } from '../../contracts/transitions.schemas.ts';
import { actorOf, signedIn } from '../auth/current-user.ts';
import { engagementActionRoutes } from '../engagements/engagement-routes.ts';
import { answers, type ValibotTypeProvider } from '../http/contracts.ts';
import { created, keyedWrite } from '../http/idempotency.ts';
import { pageOf, sendOwnPage } from '../http/paging.ts';
import { type ApplicationsService, mayApply } from './applications-service.ts';

export async function applicationRoutes(
  instance: FastifyInstance,
  { applications }: { applications: ApplicationsService },
) {
  const app = instance.withTypeProvider<ValibotTypeProvider>();

  app.post(
    '/api/applications',
    {
      schema: { body: CreateApplicationSchema, response: answers({ 201: ApplicationSchema }) },
      preValidation: signedIn(mayApply),
    },
    created((request, options) => applications.apply(actorOf(request), request.body, options)),
  );

  app.patch(
    '/api/applications/:id',
    {
      schema: {
        params: IdParamsSchema,
        body: StatusChangeSchema,
        response: answers({ 200: ApplicationSchema }),
      },
      preValidation: signedIn(),
    },
    async (request) =>
      applications.decide(
        actorOf(request),
        request.params.id,
        request.body.status,
        keyedWrite(request, 200),
      ),
  );

  app.get(
    '/api/applications/user',
    {
      schema: {
        querystring: UserApplicationsQuerySchema,
        response: answers({ 200: ApplicationListSchema }),
      },
      preValidation: signedIn(),
    },
    async (request, reply) => {
      const { jobId, ...page } = request.query;
      return sendOwnPage(
        reply,
        await applications.listMine(actorOf(request), { jobId }, pageOf(page)),
      );
    },
  );

  app.get(
    '/api/applications/user/summary',
    {
      schema: { response: answers({ 200: ApplicationsSummarySchema }) },
      preValidation: signedIn(),
    },
    async (request) => applications.summary(actorOf(request)),
  );

  app.get(
    '/api/applications/job/:id',
    {
      schema: {
        params: IdParamsSchema,
        querystring: PageQuerySchema,
        response: answers({ 200: ApplicationListSchema }),
      },
      preValidation: signedIn(),
    },
    async (request, reply) =>
      sendOwnPage(
        reply,
        await applications.listForJob(actorOf(request), request.params.id, pageOf(request.query)),
      ),
  );

  app.put(
    '/api/applications/:id/milestones',
    {
      schema: {
        params: IdParamsSchema,
        body: MilestonesSchema,
        response: answers({ 200: ApplicationSchema }),
      },
      preValidation: signedIn(),
    },
    async (request) =>
      applications.setMilestones(
        actorOf(request),
        request.params.id,
        request.body,
        keyedWrite(request, 200),
      ),
  );

  engagementActionRoutes(instance, 'applications', applications, ApplicationSchema);
  engagementActionRoutes(instance, 'milestones', applications.milestones, ApplicationSchema);
}
