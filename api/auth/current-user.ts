import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Role, SIGNED_IN_COOKIE } from '../../contracts/auth.ts';
import { forbidden, notSignedIn } from '../http/errors.ts';
import type { UserRow } from './users-repository.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null; set by the session hook for /api routes. */
    user: UserRow | null;
  }
}

export const SESSION_COOKIE = 'sid';
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

export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw notSignedIn();
  return request.user;
}

/** Applying and booking: a signed-in user who has chosen a role. */
export function requireRoleHolder(request: FastifyRequest): UserRow & { role: Role } {
  const user = requireUser(request);
  if (!user.role) throw forbidden('Choose a role on your profile first');
  return user as UserRow & { role: Role };
}

/** Posting a job: signed in, with a role and a verified phone. */
export function requireVerifiedRoleHolder(request: FastifyRequest): UserRow & { role: Role } {
  const user = requireRoleHolder(request);
  if (user.phone_verified !== 1) throw forbidden('Verify your phone number first');
  return user;
}
