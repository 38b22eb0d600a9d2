import type { SignupProfile } from '../../contracts/auth.schemas.ts';
import type { User } from '../../contracts/auth.ts';
import type { Language } from '../../contracts/languages.ts';
import { MODERATION_MESSAGES } from '../../contracts/moderation.ts';
import type { DeliveryMethod } from '../../contracts/sign-in.ts';
import type { Db } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import { Conflict, Forbidden } from '../lib/domain-errors.ts';
import { lockPhone } from '../lib/locks.ts';
import type { Log } from '../lib/log.ts';
import type { MessageTransport } from '../otp/transport.ts';
import { type Actor, actorFromRow, userOf } from './actor.ts';
import { createSession, findSessionUser, revokeSession } from './sessions.ts';
import { checkCode, consumeCode, type OtpDeps, sendCode } from './sign-in-codes.ts';
import { createUser, findUserByPhone, setDeliveryMethod, setLanguage } from './users-repository.ts';

/** Who is calling from a number the mobile network vouches for (a USSD session). */
export type Caller =
  | { kind: 'unknown' }
  | { kind: 'suspended'; language: Language | null }
  | { kind: 'member'; actor: Actor };

export const NUMBER_TAKEN = 'This number already has an account';

interface AuthServiceDeps {
  db: Db;
  clock: Clock;
  transport: MessageTransport;
  /** Keys the hashes of sign-in codes. */
  secret: Buffer;
  log: Log;
  /** The sign-in limits the settings choose (OTP_SENDS_PER_IP_HOUR ...). */
  limits: Pick<
    OtpDeps,
    'sendsPerIpHour' | 'sendsPerDay' | 'failuresPerIpHour' | 'failuresPerHour' | 'sparedPhones'
  >;
}

/** What a right code does: sign in a known number, or ask a new one for its profile. */
type SignInOutcome = { kind: 'new number' } | { kind: 'signed in'; actor: Actor; created: boolean };

export type AuthService = ReturnType<typeof createAuthService>;

/** A user by id (reviews check that the one reviewed exists). */
export { findUserById } from './users-repository.ts';

/** Signing in by a code sent to a phone, signing up, and the sessions that follow. */
export function createAuthService(deps: AuthServiceDeps) {
  const { db, clock } = deps;
  const otp: OtpDeps = {
    db,
    transport: deps.transport,
    secret: deps.secret,
    log: deps.log,
    ...deps.limits,
  };

  return {
    /** Sends a fresh code to the phone, within the limits of the phone and the client address. */
    sendCode(input: {
      phoneNumber: string;
      deliveryMethod: DeliveryMethod;
      clientAddress: string;
      /** The language the phone's browser chose (its `lang` cookie), if any. */
      requestLanguage?: Language | null;
    }) {
      return sendCode(
        otp,
        input.phoneNumber,
        input.deliveryMethod,
        input.clientAddress,
        clock(),
        input.requestLanguage ?? null,
      );
    },

    /**
     * Checks a code. A known number is signed in (the code used up, and its notifications moved
     * to the channel the code went by). A new number without a profile is told so and keeps its
     * code for the call that brings the profile; with one, the user is created, phone verified.
     */
    async verifyCode(input: {
      phoneNumber: string;
      code: string;
      profile?: SignupProfile | undefined;
      clientAddress: string;
    }): Promise<SignInOutcome> {
      const { phoneNumber } = input;
      const { deliveryMethod } = await checkCode(
        otp,
        phoneNumber,
        input.code,
        input.clientAddress,
        clock(),
      );
      const existing = await findUserByPhone(db, phoneNumber);
      if (existing) {
        await consumeCode(db, phoneNumber);
        // An operator suspended the account: it signs in no more (its sessions were ended).
        if (existing.suspended_at !== null) throw new Forbidden(MODERATION_MESSAGES.suspended);
        if (existing.delivery_method !== deliveryMethod) {
          await setDeliveryMethod(db, existing.id, deliveryMethod);
        }
        return { kind: 'signed in', actor: actorFromRow(existing), created: false };
      }
      const { profile } = input;
      if (!profile) return { kind: 'new number' };
      const outcome = await db.transaction().execute(async (trx) => {
        // Two sign-ups of one number at once (a double tap, two processes) make one user.
        await lockPhone(trx, phoneNumber);
        const signedUpMeanwhile = await findUserByPhone(trx, phoneNumber);
        if (signedUpMeanwhile) return { user: signedUpMeanwhile, created: false };
        const user = await createUser(trx, phoneNumber, profile, deliveryMethod, clock());
        await consumeCode(trx, phoneNumber);
        return { user, created: true };
      });
      return { kind: 'signed in', actor: actorFromRow(outcome.user), created: outcome.created };
    },

    /** A fresh session for the actor; the one the client held before, if any, ends. */
    async startSession(actorId: number, replacing?: string): Promise<string> {
      if (replacing) await revokeSession(db, replacing);
      return createSession(db, actorId, clock());
    },

    endSession: (token: string) => revokeSession(db, token),

    /**
     * The account behind a number the mobile network itself reports (the USSD gateway's
     * caller): no code is needed, because the network has already proved who holds the SIM.
     */
    async callerByPhone(phoneNumber: string): Promise<Caller> {
      const row = await findUserByPhone(db, phoneNumber);
      if (!row) return { kind: 'unknown' };
      const actor = actorFromRow(row);
      // An operator suspended the account: it is refused at every door, as at sign-in.
      if (row.suspended_at !== null) return { kind: 'suspended', language: actor.language };
      return { kind: 'member', actor };
    },

    /**
     * Signs up the caller of a network-verified number (USSD): the same profile rules as the
     * web's sign-up, phone verified, notifications by SMS, in the language they chose.
     */
    async signUpVerifiedCaller(input: {
      phoneNumber: string;
      profile: SignupProfile;
      language: Language | null;
    }): Promise<Actor> {
      const created = await db.transaction().execute(async (trx) => {
        // Two sign-ups of one number at once (on two processes): one user, the other a 409.
        await lockPhone(trx, input.phoneNumber);
        if (await findUserByPhone(trx, input.phoneNumber)) throw new Conflict(NUMBER_TAKEN);
        return createUser(trx, input.phoneNumber, input.profile, 'sms', clock(), input.language);
      });
      return actorFromRow(created);
    },

    /** Remembers the language for the account: its SMS and USSD menus follow it. */
    async setLanguage(actor: Actor, language: Language): Promise<User> {
      await setLanguage(db, actor.id, language);
      return userOf({ ...actor, language });
    },

    /**
     * Codes that prove the account holds its sign-in phone before its payout number changes: the
     * sign-in machinery and limits, under the purpose `payout`, so such a code never signs anyone
     * in and a sign-in code never changes a payout number. Sent by SMS to the account's own
     * phone, never to one the request names.
     */
    payoutCodes: {
      send: (actor: Actor, clientAddress: string) =>
        sendCode(otp, actor.phoneNumber, 'sms', clientAddress, clock(), actor.language, 'payout'),
      async check(actor: Actor, code: string, clientAddress: string): Promise<void> {
        await checkCode(otp, actor.phoneNumber, code, clientAddress, clock(), 'payout');
      },
      consume: async (trx: Db, actor: Actor) =>
        (await consumeCode(trx, actor.phoneNumber, 'payout')) > 0,
    },

    /** Who a session belongs to, or null when it has ended (its expiry slides forward). */
    async actorForSession(token: string): Promise<Actor | null> {
      const row = await findSessionUser(db, token, clock());
      return row ? actorFromRow(row) : null;
    },
  };
}
