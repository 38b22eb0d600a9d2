import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OutboxQuerySchema } from '../../contracts/auth.schemas.ts';
import { isLoopbackHost } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { ValibotTypeProvider } from '../http/contracts.ts';
import { forbidden } from '../http/errors.ts';
import { latestOutboxMessages } from './outbox-repository.ts';

/**
 * A request from this machine itself, not relayed by a proxy on it: a local reverse proxy would
 * otherwise hand the outbox, and every sign-in code in it, to the internet.
 */
const fromThisMachine = (request: FastifyRequest) =>
  isLoopbackHost(request.ip) &&
  request.headers['x-forwarded-for'] === undefined &&
  request.headers.forwarded === undefined;

/**
 * Only registered with the dev transport: lets developers and browser tests read sent codes.
 * It answers only on this machine unless DEV_OUTBOX_PUBLIC=1 says everyone may read them.
 */
export async function devRoutes(
  instance: FastifyInstance,
  { db, outboxPublic }: { db: Db; outboxPublic: boolean },
) {
  const app = instance.withTypeProvider<ValibotTypeProvider>();
  app.addHook('onRequest', async (request) => {
    if (!outboxPublic && !fromThisMachine(request)) {
      throw forbidden(
        'The dev outbox answers only on this machine (DEV_OUTBOX_PUBLIC=1 shares it)',
      );
    }
  });

  app.get('/api/dev/outbox', { schema: { querystring: OutboxQuerySchema } }, async (request) =>
    latestOutboxMessages(db, request.query.to),
  );
}
