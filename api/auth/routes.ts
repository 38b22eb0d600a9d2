import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  NoBodySchema,
  OkAnswerSchema,
  UserSchema,
  VerifyCodeAnswerSchema,
} from '../../contracts/answers.schemas.ts';
import { SendCodeSchema, VerifyCodeRequestSchema } from '../../contracts/auth.schemas.ts';
import type { VerifyCodeResult } from '../../contracts/auth.ts';
import { SetLanguageSchema } from '../../contracts/languages.schemas.ts';
import { isLanguage, LANGUAGE_COOKIE } from '../../contracts/languages.ts';
import { answers, type ValibotTypeProvider } from '../http/contracts.ts';
import { isOwnNavigation } from '../http/same-origin.ts';
import { userOf } from './actor.ts';
import type { AuthService } from './auth-service.ts';
import {
  actorOf,
  clearSignedInHint,
  sessionCookieName,
  setSignedInHint,
  signedIn,
} from './current-user.ts';
import { SESSION_IDLE_SECONDS } from './sessions.ts';

/**
 * A fresh session id at every sign-in, in the session cookie and its readable hint; the one the
 * browser held before is revoked. The API's sign-in and the sign-in form's (api/web-app/login-form.ts).
 */
export async function startSessionCookie(
  { auth, cookieSecure }: { auth: AuthService; cookieSecure: boolean },
  request: FastifyRequest,
  reply: FastifyReply,
  actorId: number,
): Promise<void> {
  const cookieName = sessionCookieName(cookieSecure);
  const token = await auth.startSession(actorId, request.cookies[cookieName]);
  reply.setCookie(cookieName, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: cookieSecure,
    maxAge: SESSION_IDLE_SECONDS,
  });
  setSignedInHint(reply, cookieSecure, SESSION_IDLE_SECONDS);
}

export async function authRoutes(
  instance: FastifyInstance,
  { auth, cookieSecure }: { auth: AuthService; cookieSecure: boolean },
): Promise<void> {
  const app = instance.withTypeProvider<ValibotTypeProvider>();
  const cookieName = sessionCookieName(cookieSecure);

  const startSession = (request: FastifyRequest, reply: FastifyReply, actorId: number) =>
    startSessionCookie({ auth, cookieSecure }, request, reply, actorId);

  async function endSession(request: FastifyRequest, reply: FastifyReply) {
    const token = request.cookies[cookieName];
    if (token) await auth.endSession(token);
    reply.clearCookie(cookieName, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: cookieSecure,
    });
    clearSignedInHint(reply, cookieSecure);
  }

  app.get(
    '/api/auth/user',
    { schema: { response: answers({ 200: UserSchema }) }, preValidation: signedIn() },
    async (request) => userOf(actorOf(request)),
  );

  app.put(
    '/api/me/language',
    {
      schema: { body: SetLanguageSchema, response: answers({ 200: UserSchema }) },
      preValidation: signedIn(),
    },
    async (request) => auth.setLanguage(actorOf(request), request.body.language),
  );

  app.post(
    '/api/auth/send-code',
    { schema: { body: SendCodeSchema, response: answers({ 200: OkAnswerSchema }) } },
    async (request) => {
      const chosen = request.cookies[LANGUAGE_COOKIE];
      await auth.sendCode({
        ...request.body,
        clientAddress: request.ip,
        requestLanguage: isLanguage(chosen) ? chosen : null,
      });
      return { ok: true } as const;
    },
  );

  app.post(
    '/api/auth/verify-code',
    {
      schema: {
        body: VerifyCodeRequestSchema,
        response: answers({ 200: VerifyCodeAnswerSchema, 201: VerifyCodeAnswerSchema }),
      },
    },
    async (request, reply): Promise<VerifyCodeResult> => {
      const outcome = await auth.verifyCode({ ...request.body, clientAddress: request.ip });
      // A new number: the code stays valid until the profile arrives with it.
      if (outcome.kind === 'new number') return { isNewUser: true };
      await startSession(request, reply, outcome.actor.id);
      if (outcome.created) reply.code(201);
      return { isNewUser: false, user: userOf(outcome.actor) };
    },
  );

  // Writes, like every POST, must be same-origin (http/same-origin.ts).
  app.post(
    '/api/logout',
    { schema: { response: answers({ 204: NoBodySchema }) } },
    async (request, reply) => {
      await endSession(request, reply);
      return reply.code(204).send();
    },
  );

  // Signing out is a plain navigation to this address. Only one made on this site (or typed)
  // acts: a link or image on another site, or a HEAD, is sent home without signing anyone out.
  app.get(
    '/api/logout',
    { schema: { response: answers({ 302: NoBodySchema }) } },
    async (request, reply) => {
      if (request.method === 'GET' && isOwnNavigation(request)) await endSession(request, reply);
      return reply.redirect('/');
    },
  );
}
