import type { Kysely } from 'kysely';
import type { DeliveryMethod } from '../../contracts/auth.ts';
import type { Database, Db } from '../db/database.ts';
import { addSeconds } from '../lib/clock.ts';
import { digestsEqual, hmac, randomCode } from '../lib/crypto.ts';
import { GatewayFailed, InvalidInput, LimitReached } from '../lib/domain-errors.ts';
import type { Log } from '../lib/log.ts';
import type { MessageTransport } from '../otp/transport.ts';
import { type Limit, type LimitUsage, limit, reachedLimit } from './otp-limits.ts';
import {
  deleteCode,
  deleteCodesOf,
  limitUsage,
  liveCodes,
  recordEvent,
  setCodeAttempts,
  storeCode,
} from './otp-repository.ts';

const HOUR = 60 * 60;
const DAY = 24 * HOUR;

/**
 * Sends and wrong codes are counted per phone and address, so that nothing done from one
 * address can lock the owner of a number, elsewhere, out of signing in: the per-phone totals,
 * the brake on SMS pumping and on guessing, are twice what one address may use.
 */
export const OTP_RULES = {
  validSeconds: 10 * 60,
  /** A code dies after this many wrong tries from the address that asked for it. */
  maxWrongTries: 5,
  secondsBetweenSends: 60,
  sendsPerPhoneAddressHour: 3,
  sendsPerPhoneAddressDay: 5,
  sendsPerPhoneHour: 6,
  sendsPerPhoneDay: 10,
  failuresPerPhoneAddressHour: 10,
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
export const GHANA_MOBILE = /^\+233(2[0345678]|5[0345679])\d{7}$/;

export interface OtpDeps {
  db: Db;
  transport: MessageTransport;
  secret: Buffer;
  log: Log;
  sendsPerIpHour: number;
  sendsPerDay: number;
  failuresPerIpHour: number;
  failuresPerHour: number;
}

// The phone is part of the HMAC input, so a code is bound to the number it was sent to.
const codeHash = (secret: Buffer, phone: string, code: string) => hmac(secret, `${phone}:${code}`);

function sendLimits(deps: OtpDeps): Limit[] {
  const { tooSoon, phoneHourly, ipHourly, dailyCap } = OTP_MESSAGES;
  const rules = OTP_RULES;
  return [
    limit('phone-address', rules.secondsBetweenSends, 1, tooSoon),
    limit('phone-address', HOUR, rules.sendsPerPhoneAddressHour, phoneHourly),
    limit('phone-address', DAY, rules.sendsPerPhoneAddressDay, phoneHourly),
    limit('phone', HOUR, rules.sendsPerPhoneHour, phoneHourly),
    limit('phone', DAY, rules.sendsPerPhoneDay, phoneHourly),
    limit('address', HOUR, deps.sendsPerIpHour, ipHourly),
    limit('all', DAY, deps.sendsPerDay, dailyCap),
  ];
}

function failureLimits(deps: OtpDeps): Limit[] {
  const { tooManyFailures, ipFailures, failureCap } = OTP_MESSAGES;
  return [
    limit('phone-address', HOUR, OTP_RULES.failuresPerPhoneAddressHour, tooManyFailures),
    limit('address', HOUR, deps.failuresPerIpHour, ipFailures),
    limit('phone', HOUR, OTP_RULES.failuresPerPhoneHour, tooManyFailures),
    limit('all', HOUR, deps.failuresPerHour, failureCap),
  ];
}

/**
 * Rate limits, then creates, stores (as an HMAC) and sends a fresh code, replacing any older one
 * this address asked for. The limits are read and the send recorded in one transaction, so a
 * burst of parallel requests cannot all slip under a limit.
 */
export async function sendCode(
  deps: OtpDeps,
  phone: string,
  channel: DeliveryMethod,
  clientIp: string,
  now: Date,
): Promise<void> {
  const { db } = deps;
  if (!GHANA_MOBILE.test(phone)) {
    throw new InvalidInput(OTP_MESSAGES.notMobile, { phoneNumber: OTP_MESSAGES.notMobile });
  }
  const code = randomCode();
  const who = { phone, address: clientIp };
  const refused = await db.transaction().execute(async (trx) => {
    const usage = await limitUsage(trx, 'otp_sends', sendLimits(deps), who, now);
    const reached = reachedLimit(usage);
    watchDailyCap(deps, usage);
    if (reached) return reached;

    // The attempt counts against the limits even if the gateway fails, so failures can't be farmed.
    await recordEvent(trx, 'otp_sends', who, now);
    await storeCode(trx, who, {
      hash: codeHash(deps.secret, phone, code),
      deliveryMethod: channel,
      createdAt: now.toISOString(),
      expiresAt: addSeconds(now, OTP_RULES.validSeconds).toISOString(),
    });
    return undefined;
  });
  if (refused) throw new LimitReached(refused.limit.message, refused.retryAfterSeconds);

  try {
    await deps.transport.send({
      to: phone,
      channel,
      body: `Your Ghana Gigs code is ${code}. It expires in 10 minutes. Never share it with anyone.`,
    });
  } catch {
    // No usable code may outlive a failed send; codes other addresses asked for are theirs.
    await deleteCode(db, who);
    throw new GatewayFailed(OTP_MESSAGES.sendFailed);
  }
}

/** An error line when the global daily cap refuses sends, a warning from 80% of it. */
function watchDailyCap(deps: OtpDeps, usage: readonly LimitUsage[]) {
  const today = usage.find((item) => item.limit.per === 'all')?.count ?? 0;
  if (today >= deps.sendsPerDay) {
    deps.log.error(
      { sendsToday: today, cap: deps.sendsPerDay },
      'OTP daily cap reached: sign-in codes refused',
    );
  } else if (today + 1 >= Math.ceil(deps.sendsPerDay * OTP_RULES.dailyCapAlertRatio)) {
    deps.log.warn(
      { sendsToday: today + 1, cap: deps.sendsPerDay, alert: 'otp_daily_cap_near' },
      'OTP sends are near the global daily cap: check for SMS pumping',
    );
  }
}

type Verdict =
  | { kind: 'right'; deliveryMethod: string }
  | { kind: 'wrong' | 'code died' }
  | { kind: 'refused'; usage: LimitUsage };

/**
 * Checks a code without using it up (a new user sends it again with the profile). Any live code
 * of the phone matches, whichever address asked for it, since a phone's address changes between
 * networks. A wrong code is counted per phone and address, per address and in all, and against
 * the code this address asked for, which dies after too many. The answer and the work are the
 * same whether or not the phone has a live code.
 */
export async function checkCode(
  deps: OtpDeps,
  phone: string,
  code: string,
  clientIp: string,
  now: Date,
): Promise<{ deliveryMethod: string }> {
  const hash = codeHash(deps.secret, phone, code);
  const who = { phone, address: clientIp };
  const verdict = await deps.db.transaction().execute(async (trx): Promise<Verdict> => {
    const usage = await limitUsage(trx, 'otp_failures', failureLimits(deps), who, now);
    const reached = reachedLimit(usage);
    if (reached) return { kind: 'refused', usage: reached };

    const live = await liveCodes(trx, phone, now, OTP_RULES.maxWrongTries);
    const match = live.find((row) => digestsEqual(row.code_hash, hash));
    if (match) return { kind: 'right', deliveryMethod: match.delivery_method };

    await recordEvent(trx, 'otp_failures', who, now);
    const own = live.find((row) => row.client_ip === clientIp);
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
        deps.log.error(
          { failuresLastHour: count, cap: limit.max },
          'OTP wrong-code cap reached: sign-ins refused',
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

/** Single use: once a code has signed someone in, every code of that phone is gone. */
export const consumeCode = (db: Kysely<Database>, phone: string): Promise<void> =>
  deleteCodesOf(db, phone);
