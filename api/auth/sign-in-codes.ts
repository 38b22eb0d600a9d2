import type { Kysely } from 'kysely';
import { isLanguage, type Language } from '../../contracts/languages.ts';
import { GHANA_MOBILE } from '../../contracts/mobile-networks.ts';
import { type DeliveryMethod, RESEND_CODE_AFTER_SECONDS } from '../../contracts/sign-in.ts';
import type { Database, Db } from '../db/database.ts';
import { addressGroup } from '../lib/address-group.ts';
import { alertLogFor } from '../lib/alert-log.ts';
import { addSeconds } from '../lib/clock.ts';
import { digestsEqual, hmac, randomCode } from '../lib/crypto.ts';
import { GatewayFailed, InvalidInput, LimitReached } from '../lib/domain-errors.ts';
import { lockSignIn } from '../lib/locks.ts';
import type { Log } from '../lib/log.ts';
import { translator } from '../messages/catalogs.ts';
import type { MessageTransport } from '../otp/transport.ts';
import { type Limit, type LimitUsage, limit, reachedLimit } from './otp-limits.ts';
import {
  type CodePurpose,
  deleteCode,
  deleteCodesOf,
  limitUsage,
  liveCodes,
  pruneOtherCodes,
  recordEvent,
  setCodeAttempts,
  storeCode,
} from './otp-repository.ts';
import { findUserByPhone } from './users-repository.ts';

const HOUR = 60 * 60;
const DAY = 24 * HOUR;

/**
 * Sends and wrong codes are counted per address group (an IPv4 address, an IPv6 /64), per
 * phone and group, per phone and in all. Nothing done from other groups can refuse the owner
 * the right code they asked for: wrong-code caps refuse only guesses from a group with no live
 * code for the phone. The per-phone send totals are four times what one group may send, so
 * blocking a number's sends for an hour takes at least four groups.
 */
export const OTP_RULES = {
  validSeconds: 10 * 60,
  /** A code dies after this many wrong tries from the address group that asked for it. */
  maxWrongTries: 5,
  /** Live codes a phone may hold at once; a send from another group replaces the oldest. */
  liveCodesPerPhone: 3,
  secondsBetweenSends: RESEND_CODE_AFTER_SECONDS,
  sendsPerPhoneGroupHour: 3,
  sendsPerPhoneGroupDay: 5,
  sendsPerPhoneHour: 12,
  sendsPerPhoneDay: 20,
  failuresPerPhoneGroupHour: 10,
  failuresPerPhoneHour: 20,
  /** Share of the global daily cap at which the log raises an alert. */
  dailyCapAlertRatio: 0.8,
} as const;

export const OTP_MESSAGES = {
  notMobile: 'Enter a Ghana mobile number (MTN, Telecel or AirtelTigo)',
  tooSoon: 'Please wait a minute before requesting another code.',
  phoneHourly: 'Too many codes were requested for this number. Please try again later.',
  ipHourly: 'Too many codes were requested from your network. Please try again later.',
  dailyCap: 'We are sending too many codes right now. Please try again later.',
  sendFailed: 'Failed to send code',
  /** Also the answer when the number has no live code: that is nobody else's business. */
  wrongCode: 'Incorrect or expired code. Please check it or request a new one.',
  tooManyTries: 'Too many wrong codes. Please request a new one.',
  tooManyFailures: 'Too many wrong codes for this number. Please try again later.',
  ipFailures: 'Too many wrong codes from your network. Please try again later.',
  failureCap: 'We are seeing too many wrong codes right now. Please try again later.',
} as const;

/**
 * Ghana's mobile ranges after +233: 20/50 Telecel, 24/25/53/54/55/59 MTN, 26/27/56/57
 * AirtelTigo, 23 Glo, 28 Expresso. Fixed lines and unassigned ranges cannot receive an SMS
 * and are a favourite of SMS-pumping fraud, so no code is sent to them.
 */

export interface OtpDeps {
  db: Db;
  transport: MessageTransport;
  secret: Buffer;
  log: Log;
  sendsPerIpHour: number;
  sendsPerDay: number;
  failuresPerIpHour: number;
  failuresPerHour: number;
  /** Phones spared the per-phone caps (the demo accounts, in development only: api/dev/demo-sign-in.ts). */
  sparedPhones: ReadonlySet<string>;
}

export type { CodePurpose };

// The phone is part of the HMAC input, so a code is bound to the number it was sent to; a
// payout code is bound to its purpose as well (sign-in codes keep the input they always had).
const codeHash = (secret: Buffer, phone: string, code: string, purpose: CodePurpose) =>
  hmac(secret, purpose === 'sign_in' ? `${phone}:${code}` : `${purpose}:${phone}:${code}`);

/** The SMS that carries a code of each purpose. */
const CODE_MESSAGES = { sign_in: 'signInCode', payout: 'payoutCode' } as const;

function sendLimits(deps: OtpDeps, phone: string): Limit[] {
  const { tooSoon, phoneHourly, ipHourly, dailyCap } = OTP_MESSAGES;
  const rules = OTP_RULES;
  const perPhone = deps.sparedPhones.has(phone)
    ? []
    : [
        limit('phone-group', HOUR, rules.sendsPerPhoneGroupHour, phoneHourly),
        limit('phone-group', DAY, rules.sendsPerPhoneGroupDay, phoneHourly),
        limit('phone', HOUR, rules.sendsPerPhoneHour, phoneHourly),
        limit('phone', DAY, rules.sendsPerPhoneDay, phoneHourly),
      ];
  return [
    limit('phone-group', rules.secondsBetweenSends, 1, tooSoon),
    ...perPhone,
    limit('group', HOUR, deps.sendsPerIpHour, ipHourly),
    limit('all', DAY, deps.sendsPerDay, dailyCap),
  ];
}

function failureLimits(deps: OtpDeps, phone: string): Limit[] {
  const { tooManyFailures, ipFailures, failureCap } = OTP_MESSAGES;
  const spared = deps.sparedPhones.has(phone);
  return [
    ...(spared
      ? []
      : [limit('phone-group', HOUR, OTP_RULES.failuresPerPhoneGroupHour, tooManyFailures)]),
    limit('group', HOUR, deps.failuresPerIpHour, ipFailures),
    ...(spared ? [] : [limit('phone', HOUR, OTP_RULES.failuresPerPhoneHour, tooManyFailures)]),
    limit('all', HOUR, deps.failuresPerHour, failureCap),
  ];
}

/**
 * Rate limits, then creates, stores (as an HMAC) and sends a fresh code, replacing any older one
 * this address group asked for and, beyond three live codes, the oldest of the others. The
 * limits are read and the send recorded in one transaction, so a burst of parallel requests
 * cannot all slip under a limit. The code goes in the account's language, or for a number with
 * no account (or no choice made) in `requestLanguage`, the language the phone's browser chose.
 * Codes of every purpose share the limits: they are all SMS to one phone.
 */
export async function sendCode(
  deps: OtpDeps,
  phone: string,
  channel: DeliveryMethod,
  clientIp: string,
  now: Date,
  requestLanguage: Language | null = null,
  purpose: CodePurpose = 'sign_in',
): Promise<void> {
  const { db } = deps;
  if (!GHANA_MOBILE.test(phone)) {
    throw new InvalidInput(OTP_MESSAGES.notMobile, { phoneNumber: OTP_MESSAGES.notMobile });
  }
  const code = randomCode();
  const who = { phone, group: addressGroup(clientIp), purpose };
  const refused = await db.transaction().execute(async (trx) => {
    await lockSignIn(trx, who);
    const usage = await limitUsage(trx, 'otp_sends', sendLimits(deps, phone), who, now);
    const reached = reachedLimit(usage);
    watchDailyCap(deps, usage, now);
    if (reached) return reached;

    // The attempt counts against the limits even if the gateway fails, so failures can't be farmed.
    await recordEvent(trx, 'otp_sends', who, now);
    await storeCode(trx, who, {
      hash: codeHash(deps.secret, phone, code, purpose),
      deliveryMethod: channel,
      createdAt: now.toISOString(),
      expiresAt: addSeconds(now, OTP_RULES.validSeconds).toISOString(),
    });
    await pruneOtherCodes(trx, who, OTP_RULES.liveCodesPerPhone - 1, now, OTP_RULES.maxWrongTries);
    return undefined;
  });
  if (refused) throw new LimitReached(refused.limit.message, refused.retryAfterSeconds);

  const account = await findUserByPhone(db, phone);
  const language = isLanguage(account?.language) ? account.language : requestLanguage;
  try {
    await deps.transport.send({
      to: phone,
      channel,
      body: translator(language)(CODE_MESSAGES[purpose], { code }),
    });
  } catch {
    // No usable code may outlive a failed send; codes other groups asked for are theirs.
    await deleteCode(db, who);
    throw new GatewayFailed(OTP_MESSAGES.sendFailed);
  }
}

/** An error line when the global daily cap refuses sends, a warning from 80% of it. */
function watchDailyCap(deps: OtpDeps, usage: readonly LimitUsage[], now: Date) {
  const today = usage.find((item) => item.limit.per === 'all')?.count ?? 0;
  const alerts = alertLogFor(deps.log);
  if (today >= deps.sendsPerDay) {
    alerts.raise(
      'error',
      'otp_daily_cap_reached',
      { sendsToday: today, cap: deps.sendsPerDay },
      'OTP daily cap reached: sign-in codes refused',
      now,
    );
  } else if (today + 1 >= Math.ceil(deps.sendsPerDay * OTP_RULES.dailyCapAlertRatio)) {
    alerts.raise(
      'warn',
      'otp_daily_cap_near',
      { sendsToday: today + 1, cap: deps.sendsPerDay },
      'OTP sends are near the global daily cap: check for SMS pumping',
      now,
    );
  }
}

type Verdict =
  | { kind: 'right'; deliveryMethod: string }
  | { kind: 'wrong' | 'code died' }
  | { kind: 'refused'; usage: LimitUsage };

/**
 * Checks a code without using it up (a new user sends it again with the profile). Any live code
 * of the phone matches, whichever group asked for it, since a phone's address changes between
 * networks.
 *
 * A guess from the address group that asked for a live code of the phone is always weighed:
 * no cap on wrong codes refuses it, so no one elsewhere, nor on the same carrier address, can
 * keep the owner from the code sent to them; their code alone dies after 5 wrong tries from
 * there. A guess from any other group is refused, unweighed, once a cap on wrong codes (per
 * phone and group, per group, per phone, in all) is reached. Wrong codes count towards the caps
 * wherever they come from. The answer and the work are the same whether or not the phone has a
 * live code (a group's own code is known to that group alone).
 */
export async function checkCode(
  deps: OtpDeps,
  phone: string,
  code: string,
  clientIp: string,
  now: Date,
  purpose: CodePurpose = 'sign_in',
): Promise<{ deliveryMethod: string }> {
  const hash = codeHash(deps.secret, phone, code, purpose);
  const who = { phone, group: addressGroup(clientIp), purpose };
  const verdict = await deps.db.transaction().execute(async (trx): Promise<Verdict> => {
    await lockSignIn(trx, who);
    const live = await liveCodes(trx, phone, purpose, now, OTP_RULES.maxWrongTries);
    const own = live.find((row) => row.client_ip === who.group);
    if (!own) {
      const usage = await limitUsage(trx, 'otp_failures', failureLimits(deps, phone), who, now);
      const reached = reachedLimit(usage);
      if (reached) return { kind: 'refused', usage: reached };
    }

    const match = live.find((row) => digestsEqual(row.code_hash, hash));
    if (match) return { kind: 'right', deliveryMethod: match.delivery_method };

    await recordEvent(trx, 'otp_failures', who, now);
    if (!own) return { kind: 'wrong' };
    if (own.attempts + 1 >= OTP_RULES.maxWrongTries) {
      await deleteCode(trx, who);
      return { kind: 'code died' };
    }
    await setCodeAttempts(trx, who, own.attempts + 1);
    return { kind: 'wrong' };
  });

  switch (verdict.kind) {
    case 'right':
      return { deliveryMethod: verdict.deliveryMethod };
    case 'refused': {
      const { limit, count, retryAfterSeconds } = verdict.usage;
      if (limit.per === 'all') {
        alertLogFor(deps.log).raise(
          'error',
          'otp_wrong_code_cap_reached',
          { failuresLastHour: count, cap: limit.max },
          'OTP wrong-code cap reached: guesses refused (codes typed where they were asked for still go)',
          now,
        );
      }
      throw new LimitReached(limit.message, retryAfterSeconds);
    }
    case 'code died':
      // A new code may be asked for as soon as the gap between sends allows.
      throw new LimitReached(OTP_MESSAGES.tooManyTries, OTP_RULES.secondsBetweenSends, {
        code: OTP_MESSAGES.tooManyTries,
      });
    case 'wrong':
      throw new InvalidInput(OTP_MESSAGES.wrongCode, { code: OTP_MESSAGES.wrongCode });
  }
}

/**
 * Single use: once a code has done its work, every code of that phone for that purpose is gone.
 * Answers how many were (0: a request at the same moment used the code first).
 */
export const consumeCode = (
  db: Kysely<Database>,
  phone: string,
  purpose: CodePurpose = 'sign_in',
): Promise<number> => deleteCodesOf(db, phone, purpose);
