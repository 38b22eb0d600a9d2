import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SendCodeSchema, SignupSchema, VerifyCodeSchema } from '../../contracts/auth.schemas.ts';
import { SIGNUP_PROFILE_FIELDS, type VerifyCodeResult } from '../../contracts/auth.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { isOwnNavigation } from '../http/same-origin.ts';
import { parse } from '../http/validate.ts';
import type { Clock } from '../lib/clock.ts';
import type { MessageTransport } from '../otp/transport.ts';
import {
  clearSignedInHint,
  requireUser,
  sessionCookieName,
  setSignedInHint,
} from './current-user.ts';
import { checkCode, consumeCode, type OtpDeps, sendCode } from './otp-service.ts';
import { createSession, revokeSession, SESSION_IDLE_SECONDS } from './sessions.ts';
import { createUser, findUserByPhone, userRowToUser } from './users-repository.ts';

interface AuthDeps {
  db: Db;
  config: Config;
  transport: MessageTransport;
  secret: Buffer;
  clock: Clock;
}

export async function authRoutes(app: FastifyInstance, deps: AuthDeps): Promise<void> {
  const { db, config, clock } = deps;
  const cookieName = sessionCookieName(config.cookieSecure);
  const otp: OtpDeps = {
    db,
    transport: deps.transport,
    secret: deps.secret,
    log: app.log,
    sendsPerIpHour: config.otpSendsPerIpHour,
    sendsPerDay: config.otpSendsPerDay,
    failuresPerIpHour: config.otpFailuresPerIpHour,
    failuresPerHour: config.otpFailuresPerHour,
  };

  // A fresh session id at every sign-in; the one the browser held before is revoked.
  async function signIn(request: FastifyRequest, reply: FastifyReply, userId: number) {
    const previous = request.cookies[cookieName];
    if (previous) await revokeSession(db, previous);
    const token = await createSession(db, userId, clock());
    reply.setCookie(cookieName, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: config.cookieSecure,
      maxAge: SESSION_IDLE_SECONDS,
    });
    setSignedInHint(reply, config.cookieSecure, SESSION_IDLE_SECONDS);
  }

  async function endSession(request: FastifyRequest, reply: FastifyReply) {
    const token = request.cookies[cookieName];
    if (token) await revokeSession(db, token);
    reply.clearCookie(cookieName, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: config.cookieSecure,
    });
    clearSignedInHint(reply, config.cookieSecure);
  }

  app.get('/api/auth/user', async (request) => userRowToUser(requireUser(request)));

  app.post('/api/auth/send-code', async (request) => {
    const { phoneNumber, deliveryMethod } = parse(SendCodeSchema, request.body);
    await sendCode(otp, phoneNumber, deliveryMethod, request.ip, clock());
    return { ok: true };
  });

  app.post('/api/auth/verify-code', async (request, reply): Promise<VerifyCodeResult> => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const isSignup = SIGNUP_PROFILE_FIELDS.some((field) => body[field] !== undefined);
    const { phoneNumber, code } = parse(VerifyCodeSchema, body);
    const profile = isSignup ? parse(SignupSchema, body) : undefined;

    const { deliveryMethod } = await checkCode(otp, phoneNumber, code, request.ip, clock());
    const existing = await findUserByPhone(db, phoneNumber);
    if (existing) {
      await consumeCode(db, phoneNumber);
      // Notifications follow the channel the user last signed in with.
      if (existing.delivery_method !== deliveryMethod) {
        await db
          .updateTable('users')
          .set({ delivery_method: deliveryMethod })
          .where('id', '=', existing.id)
          .execute();
      }
      await signIn(request, reply, existing.id);
      return { isNewUser: false, user: userRowToUser(existing) };
    }
    // A new number: the code stays valid until the profile arrives with it.
    if (!profile) return { isNewUser: true };

    const user = await db.transaction().execute(async (trx) => {
      const created = await createUser(trx, phoneNumber, profile, deliveryMethod, clock());
      await trx.deleteFrom('otp_codes').where('phone_number', '=', phoneNumber).execute();
      return created;
    });
    await signIn(request, reply, user.id);
    reply.code(201);
    return { isNewUser: false, user: userRowToUser(user) };
  });

  // Writes, like every POST, must be same-origin (http/same-origin.ts).
  app.post('/api/logout', async (request, reply) => {
    await endSession(request, reply);
    return reply.code(204).send();
  });

  // The spec signs out with a plain navigation. Only one made on this site (or typed) acts: a
  // link or image on another site, or a HEAD, is sent home without signing anyone out.
  app.get('/api/logout', async (request, reply) => {
    if (request.method === 'GET' && isOwnNavigation(request)) await endSession(request, reply);
    return reply.redirect('/');
  });
}
