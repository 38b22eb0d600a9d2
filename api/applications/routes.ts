import type { FastifyInstance } from 'fastify';
import {
  CreateApplicationSchema,
  UserApplicationsQuerySchema,
} from '../../contracts/applications.schemas.ts';
import { IdParamsSchema } from '../../contracts/common.schemas.ts';
import { PageQuerySchema } from '../../contracts/paging.schemas.ts';
import { DisputeSchema } from '../../contracts/payments.schemas.ts';
import { StatusChangeSchema } from '../../contracts/transitions.schemas.ts';
import { actorOf, signedIn } from '../auth/current-user.ts';
import type { ValibotTypeProvider } from '../http/contracts.ts';
import { idempotencyOf } from '../http/idempotency.ts';
import { pageOf, sendOwnPage } from '../http/paging.ts';
import { type ApplicationsService, mayApply } from './applications-service.ts';

export async function applicationRoutes(
  instance: FastifyInstance,
  { applications }: { applications: ApplicationsService },
) {
  const app = instance.withTypeProvider<ValibotTypeProvider>();

  app.post(
    '/api/applications',
    { schema: { body: CreateApplicationSchema }, preValidation: signedIn(mayApply) },
    async (request, reply) => {
      const application = await applications.apply(actorOf(request), request.body, {
        idempotency: idempotencyOf(request, 201),
      });
      return reply.code(201).send(application);
    },
  );

  app.patch(
    '/api/applications/:id',
    { schema: { params: IdParamsSchema, body: StatusChangeSchema }, preValidation: signedIn() },
    async (request) =>
      applications.decide(actorOf(request), request.params.id, request.body.status, {
        idempotency: idempotencyOf(request, 200),
      }),
  );

  app.get(
    '/api/applications/user',
    { schema: { querystring: UserApplicationsQuerySchema }, preValidation: signedIn() },
    async (request, reply) => {
      const { jobId, ...page } = request.query;
      return sendOwnPage(
        reply,
        await applications.listMine(actorOf(request), { jobId }, pageOf(page)),
      );
    },
  );

  app.get('/api/applications/user/summary', { preValidation: signedIn() }, async (request) =>
    applications.summary(actorOf(request)),
  );

  app.get(
    '/api/applications/job/:id',
    {
      schema: { params: IdParamsSchema, querystring: PageQuerySchema },
      preValidation: signedIn(),
    },
    async (request, reply) =>
      sendOwnPage(
        reply,
        await applications.listForJob(actorOf(request), request.params.id, pageOf(request.query)),
      ),
  );

  // Escrow: each side confirms the work was done, may dispute it, or cancel before it. These go
  // through the phone's outbox like other writes, so they take an Idempotency-Key.
  app.post(
    '/api/applications/:id/confirm',
    { schema: { params: IdParamsSchema }, preValidation: signedIn() },
    async (request) =>
      applications.confirm(actorOf(request), request.params.id, {
        idempotency: idempotencyOf(request, 200),
      }),
  );

  app.post(
    '/api/applications/:id/dispute',
    { schema: { params: IdParamsSchema, body: DisputeSchema }, preValidation: signedIn() },
    async (request) =>
      applications.dispute(actorOf(request), request.params.id, request.body.reason, {
        idempotency: idempotencyOf(request, 200),
      }),
  );

  app.post(
    '/api/applications/:id/cancel',
    { schema: { params: IdParamsSchema }, preValidation: signedIn() },
    async (request) =>
      applications.cancel(actorOf(request), request.params.id, {
        idempotency: idempotencyOf(request, 200),
      }),
  );
}
