import type { FastifyInstance } from 'fastify';
import { IdParamsSchema } from '../../contracts/common.schemas.ts';
import {
  CreateReportSchema,
  DisputeDecisionSchema,
  ModerationDecisionSchema,
} from '../../contracts/moderation.schemas.ts';
import {
  AdminQueueSchema,
  DisputeResolvedSchema,
  ModerationResultSchema,
  ReportSchema,
} from '../../contracts/trust-answers.schemas.ts';
import { mustBeAdmin } from '../auth/actor.ts';
import { actorOf, signedIn } from '../auth/current-user.ts';
import { answers, type ValibotTypeProvider } from '../http/contracts.ts';
import type { ModerationService } from './moderation-service.ts';
import type { ReportsService } from './reports-service.ts';

/** Reports from users, and the operators' queue and decisions (operators only: 403 otherwise). */
export async function trustRoutes(
  instance: FastifyInstance,
  { reports, moderation }: { reports: ReportsService; moderation: ModerationService },
) {
  const app = instance.withTypeProvider<ValibotTypeProvider>();

  app.post(
    '/api/reports',
    {
      schema: { body: CreateReportSchema, response: answers({ 201: ReportSchema }) },
      preValidation: signedIn(),
    },
    async (request, reply) =>
      reply.code(201).send(await reports.report(actorOf(request), request.body, request.ip)),
  );

  const operators = signedIn(mustBeAdmin);

  app.get(
    '/api/admin/queue',
    { schema: { response: answers({ 200: AdminQueueSchema }) }, preValidation: operators },
    async (request) => moderation.queue(actorOf(request)),
  );

  app.post(
    '/api/admin/moderation',
    {
      schema: {
        body: ModerationDecisionSchema,
        response: answers({ 200: ModerationResultSchema }),
      },
      preValidation: operators,
    },
    async (request) => moderation.decide(actorOf(request), request.body),
  );

  app.post(
    '/api/admin/disputes/:id',
    {
      schema: {
        params: IdParamsSchema,
        body: DisputeDecisionSchema,
        response: answers({ 200: DisputeResolvedSchema }),
      },
      preValidation: operators,
    },
    async (request) =>
      moderation.resolveDispute(actorOf(request), request.params.id, request.body.decision),
  );
}
