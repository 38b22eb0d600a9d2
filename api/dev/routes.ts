import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OutboxQuerySchema } from '../../contracts/auth.schemas.ts';
import { isLoopbackHost } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { ValibotTypeProvider } from '../http/contracts.ts';
import { forbidden } from '../http/errors.ts';
import { latestOutboxMessages } from './outbox-repository.ts';

/**
 * Headers a proxy or CDN adds to say whom it relays for. Not every proxy adds one (a bare nginx
 * `proxy_pass` adds none), which is why the dev transport must never sit behind a proxy at all;
 * these catch the ones that do.
 */
const PROXY_HEADERS = [
  'forwarded',
  'x-real-ip',
  'via',
  'cf-connecting-ip',
  'true-client-ip',
  'x-client-ip',
  'fastly-client-ip',
  'x-cluster-client-ip',
];

const relayedByProxy = (request: FastifyRequest) =>
  Object.keys(request.headers).some(
    (name) => name.startsWith('x-forwarded-') || PROXY_HEADERS.includes(name),
  );

/**
 * A request from this machine itself, not relayed by a proxy on it: a local reverse proxy would
 * otherwise hand the outbox, and every sign-in code in it, to the internet.
 */
const fromThisMachine = (request: FastifyRequest) =>
  isLoopbackHost(request.ip) && !relayedByProxy(request);

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
        'The dev outbox answers only on this machine, never through a proxy (DEV_OUTBOX_PUBLIC=1 shares it)',
      );
    }
  });

  app.get('/api/dev/outbox', { schema: { querystring: OutboxQuerySchema } }, async (request) =>
    latestOutboxMessages(db, request.query.to),
  );
}
