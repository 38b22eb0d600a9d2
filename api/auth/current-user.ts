import type { FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { SIGNED_IN_COOKIE } from '../../contracts/auth.ts';
import { notSignedIn } from '../http/errors.ts';
import type { Actor } from './actor.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is signed in, or null; set by the session hook for /api routes. */
    actor: Actor | null;
  }
}

const SESSION_COOKIE = 'sid';
/** The __Host- prefix pins a secure cookie to this host and path /, out of reach of subdomains. */
export const sessionCookieName = (secure: boolean) =>
  secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
export const signedInCookieName = (secure: boolean) =>
  secure ? `__Host-${SIGNED_IN_COOKIE}` : SIGNED_IN_COOKIE;

/** The readable "signed in here" hint, with the session's lifetime (see SIGNED_IN_COOKIE). */
export function setSignedInHint(reply: FastifyReply, secure: boolean, maxAge: number): void {
  reply.setCookie(signedInCookieName(secure), '1', {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure,
    maxAge,
  });
}

export function clearSignedInHint(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(signedInCookieName(secure), { path: '/', sameSite: 'lax', secure });
}

/** The signed-in actor, or 401. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw notSignedIn();
  return request.actor;
}

/**
 * A route's gate, run before its input is judged: not signed in is 401, and `policy` (the
 * service's own rule of who may call, which the service applies again itself) refuses the
 * rest. So someone who may not call a route learns that, not what was wrong with their input.
 */
export const signedIn =
  (policy?: (actor: Actor) => unknown): preValidationAsyncHookHandler =>
  async (request) => {
    const actor = actorOf(request);
    if (policy) await policy(actor);
  };
