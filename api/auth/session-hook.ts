import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import { sessionCookieName } from './current-user.ts';
import { findSessionUser } from './sessions.ts';

/** Every /api request learns who is signed in: one indexed lookup, none for static files. */
export function registerSessionHook(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; cookieSecure: boolean },
): void {
  const cookieName = sessionCookieName(deps.cookieSecure);
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[cookieName];
    request.user = token ? ((await findSessionUser(deps.db, token, deps.clock())) ?? null) : null;
  });
}
