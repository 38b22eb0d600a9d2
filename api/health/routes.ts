import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { HealthAnswerSchema } from '../../contracts/answers.schemas.ts';
import type { Db } from '../db/database.ts';
import { answers } from '../http/contracts.ts';
import { alertLogFor } from '../lib/alert-log.ts';
import type { Clock } from '../lib/clock.ts';

export const HEALTH_PATH = '/api/health';

/** A database slower than this to answer `select 1` is as good as down to a load balancer. */
export const DATABASE_TIMEOUT_MS = 2_000;

const NOT_ANSWERING = 'The database is not answering';
const TOO_SLOW = `The database did not answer within ${DATABASE_TIMEOUT_MS / 1000} s`;

/** Why the database cannot serve requests now, or null when a trivial query comes back in time. */
async function databaseProblem(db: Db): Promise<{ reason: string; error?: unknown } | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<{ reason: string }>((resolve) => {
    timer = setTimeout(() => resolve({ reason: TOO_SLOW }), DATABASE_TIMEOUT_MS);
  });
  const query = sql`select 1 as ok`.execute(db).then(
    () => null,
    (error: unknown) => ({ reason: NOT_ANSWERING, error }),
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /api/health, for a load balancer or an orchestrator: 200 `{ "status": "ok" }` when this
 * instance can serve requests (its database answers a trivial query within 2 s), 503
 * `{ "status": "unavailable", "message" }` otherwise. No sign-in, no limit, no cache, no log
 * line per call (a checker calls every few seconds); one query and nothing else. While the
 * server shuts down it refuses new connections and Fastify answers 503 on those still open.
 */
export async function healthRoutes(
  instance: FastifyInstance,
  { db, clock }: { db: Db; clock: Clock },
) {
  const alerts = alertLogFor(instance.log);
  instance.get(
    HEALTH_PATH,
    {
      logLevel: 'warn',
      schema: { response: answers({ 200: HealthAnswerSchema, 503: HealthAnswerSchema }) },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const problem = await databaseProblem(db);
      if (!problem) return { status: 'ok' };
      // Once per ten minutes, however often the checkers ask.
      alerts.raise(
        'error',
        'health-database',
        { err: problem.error },
        `health check: ${problem.reason}`,
        clock(),
      );
      return reply.code(503).send({ status: 'unavailable', message: problem.reason });
    },
  );
}
