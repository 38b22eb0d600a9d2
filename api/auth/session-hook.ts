import type { FastifyInstance } from 'fastify';
import { isApiRoute } from '../http/api-route.ts';
import type { AuthService } from './auth-service.ts';
import {
  clearSignedInHint,
  sessionCookieName,
  setSignedInHint,
  signedInCookieName,
} from './current-user.ts';
import { SESSION_IDLE_SECONDS } from './sessions.ts';

/** Every /api request learns who is signed in: one indexed lookup, none for static files. */
export function registerSessionHook(
  app: FastifyInstance,
  deps: { auth: AuthService; cookieSecure: boolean },
): void {
  const cookieName = sessionCookieName(deps.cookieSecure);
  const hintName = signedInCookieName(deps.cookieSecure);
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!isApiRoute(request)) return;
    const token = request.cookies[cookieName];
    request.actor = token ? await deps.auth.actorForSession(token) : null;
    // Keep the page's hint true: a session from before it gains it, an ended one loses it.
    const hinted = request.cookies[hintName] !== undefined;
    if (request.actor && !hinted) setSignedInHint(reply, deps.cookieSecure, SESSION_IDLE_SECONDS);
    if (!request.actor && hinted) clearSignedInHint(reply, deps.cookieSecure);
  });
}
