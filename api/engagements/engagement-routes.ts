import type { FastifyInstance } from 'fastify';
import type * as v from 'valibot';
import { IdParamsSchema } from '../../contracts/common.schemas.ts';
import type { EngagementPath } from '../../contracts/paths.ts';
import { DisputeSchema } from '../../contracts/payments.schemas.ts';
import type { Actor } from '../auth/actor.ts';
import { actorOf, signedIn } from '../auth/current-user.ts';
import { answers, type ValibotTypeProvider } from '../http/contracts.ts';
import { keyedWrite } from '../http/idempotency.ts';
import type { WriteOptions } from '../lib/idempotent-write.ts';

/** What both kinds of paid work (a booking, a job application) let their two sides do. */
export interface EngagementActions {
  confirm(actor: Actor, id: number, options: WriteOptions): Promise<unknown>;
  dispute(actor: Actor, id: number, reason: string, options: WriteOptions): Promise<unknown>;
  cancel(actor: Actor, id: number, options: WriteOptions): Promise<unknown>;
}

/**
 * Escrow's routes for one kind of work: each side confirms the work was done, may dispute it,
 * or cancel before it. They go through the phone's outbox like other writes, so they take an
 * Idempotency-Key.
 */
export function engagementActionRoutes(
  instance: FastifyInstance,
  kind: EngagementPath,
  service: EngagementActions,
  /** What each action answers: the deal as the viewer now sees it. */
  answer: v.GenericSchema,
): void {
  const app = instance.withTypeProvider<ValibotTypeProvider>();

  app.post(
    `/api/${kind}/:id/confirm`,
    {
      schema: { params: IdParamsSchema, response: answers({ 200: answer }) },
      preValidation: signedIn(),
    },
    async (request) =>
      service.confirm(actorOf(request), request.params.id, keyedWrite(request, 200)),
  );

  app.post(
    `/api/${kind}/:id/dispute`,
    {
      schema: { params: IdParamsSchema, body: DisputeSchema, response: answers({ 200: answer }) },
      preValidation: signedIn(),
    },
    async (request) =>
      service.dispute(
        actorOf(request),
        request.params.id,
        request.body.reason,
        keyedWrite(request, 200),
      ),
  );

  app.post(
    `/api/${kind}/:id/cancel`,
    {
      schema: { params: IdParamsSchema, response: answers({ 200: answer }) },
      preValidation: signedIn(),
    },
    async (request) =>
      service.cancel(actorOf(request), request.params.id, keyedWrite(request, 200)),
  );
}
