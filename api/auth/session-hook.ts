import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiRoute } from '../http/api-route.ts';
import type { Actor } from './actor.ts';
import type { AuthService } from './auth-service.ts';
import {
  clearSignedInHint,
  sessionCookieName,
  setSignedInHint,
  signedInCookieName,
} from './current-user.ts';
import { SESSION_IDLE_SECONDS } from './sessions.ts';

/** Who the session says is signed in; `request.actor` reads it. */
const SESSION_ACTOR = Symbol('sessionActor');
/** Set once anything read `request.actor`: the answer then depends on the session. */
const SESSION_READ = Symbol('sessionRead');

interface SessionSlots {
  [SESSION_ACTOR]?: Actor | null;
  [SESSION_READ]?: boolean;
}

/**
 * How an answer that depends on the session is marked: no shared cache (a proxy, a CDN) may
 * keep it, the browser asks again each time (a 304 through the ETag when nothing changed), and a
 * cache that keys by headers keys it by the cookie. The service worker keeps no API answers, so
 * nothing on the phone depends on these.
 */
export const PER_USER_CACHE_CONTROL = 'private, no-cache';

/** Adds `cookie` to the reply's Vary (the compression plugin may have set accept-encoding). */
function varyByCookie(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const listed = typeof vary === 'string' ? vary.split(',').map((name) => name.trim()) : [];
  if (listed.some((name) => name.toLowerCase() === 'cookie' || name === '*')) return;
  reply.header('vary', [...listed.filter(Boolean), 'cookie'].join(', '));
}

/**
 * Every /api request learns who is signed in: one indexed lookup, none for static files. Whether
 * an answer depends on the session is known, not declared: `request.actor` notes that it was
 * read, so a route that reads it (`signedIn()`, `actorOf`, a viewer asked only for a hidden
 * listing) is answered `Cache-Control: private, no-cache` with `Vary: cookie`, and a route that
 * never reads it (the public lists, a published job) keeps its shared caching. A new route
 * cannot forget it.
 */
export function registerSessionHook(
  app: FastifyInstance,
  deps: { auth: AuthService; cookieSecure: boolean },
): void {
  const cookieName = sessionCookieName(deps.cookieSecure);
  const hintName = signedInCookieName(deps.cookieSecure);
  app.decorateRequest('actor', {
    getter(this: FastifyRequest & SessionSlots) {
      this[SESSION_READ] = true;
      return this[SESSION_ACTOR] ?? null;
    },
    setter(this: FastifyRequest & SessionSlots, actor: Actor | null) {
      this[SESSION_ACTOR] = actor;
    },
  });
  app.addHook('onRequest', async (request: FastifyRequest & SessionSlots, reply) => {
    if (!isApiRoute(request)) return;
    const token = request.cookies[cookieName];
    const actor = token ? await deps.auth.actorForSession(token) : null;
    request[SESSION_ACTOR] = actor;
    // Keep the page's hint true: a session from before it gains it, an ended one loses it. An
    // answer that carries the change is the session's too.
    const hinted = request.cookies[hintName] !== undefined;
    if (actor && !hinted) setSignedInHint(reply, deps.cookieSecure, SESSION_IDLE_SECONDS);
    if (!actor && hinted) clearSignedInHint(reply, deps.cookieSecure);
    if (Boolean(actor) !== hinted) request[SESSION_READ] = true;
  });
  app.addHook('onSend', async (request: FastifyRequest & SessionSlots, reply, payload) => {
    if (!request[SESSION_READ]) return payload;
    const cacheControl = reply.getHeader('cache-control');
    if (typeof cacheControl !== 'string' || !cacheControl.includes('no-store')) {
      reply.header('cache-control', PER_USER_CACHE_CONTROL);
    }
    varyByCookie(reply);
    return payload;
  });
}
