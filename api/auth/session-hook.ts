import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import { isApiRoute } from '../http/api-route.ts';
import type { Clock } from '../lib/clock.ts';
import {
  clearSignedInHint,
  sessionCookieName,
  setSignedInHint,
  signedInCookieName,
} from './current-user.ts';
import { findSessionUser, SESSION_IDLE_SECONDS } from './sessions.ts';

/** Every /api request learns who is signed in: one indexed lookup, none for static files. */
export function registerSessionHook(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; cookieSecure: boolean },
): void {
  const cookieName = sessionCookieName(deps.cookieSecure);
  const hintName = signedInCookieName(deps.cookieSecure);
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!isApiRoute(request)) return;
    const token = request.cookies[cookieName];
    request.user = token ? ((await findSessionUser(deps.db, token, deps.clock())) ?? null) : null;
    // Keep the page's hint true: a session from before it gains it, an ended one loses it.
    const hinted = request.cookies[hintName] !== undefined;
    if (request.user && !hinted) setSignedInHint(reply, deps.cookieSecure, SESSION_IDLE_SECONDS);
    if (!request.user && hinted) clearSignedInHint(reply, deps.cookieSecure);
  });
}
