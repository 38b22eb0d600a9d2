import type { FastifyBaseLogger } from 'fastify';
import type { DeliveryMethod } from '../../contracts/auth.ts';
import type { Db } from '../db/database.ts';
import { HttpError, tooManyRequests } from '../http/errors.ts';
import { addSeconds } from '../lib/clock.ts';
import { digestsEqual, hmac, randomCode } from '../lib/crypto.ts';
import type { MessageTransport } from '../otp/transport.ts';

const HOUR = 60 * 60;
const DAY = 24 * HOUR;

export const OTP_RULES = {
  validSeconds: 10 * 60,
  maxWrongTries: 5,
  failedVerificationsPerPhoneHour: 20,
  secondsBetweenSends: 60,
  sendsPerPhoneHour: 5,
  sendsPerPhoneDay: 10,
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
  wrongCode: 'Incorrect code. Please check it and try again.',
  noCode: 'This code has expired or was already used. Please request a new one.',
  tooManyTries: 'Too many wrong codes. Please request a new one.',
  tooManyFailures: 'Too many wrong codes for this number. Please try again later.',
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
  log: FastifyBaseLogger;
  sendsPerIpHour: number;
  sendsPerDay: number;
}

// The phone is part of the HMAC input, so a code is bound to the number it was sent to.
const codeHash = (secret: Buffer, phone: string, code: string) => hmac(secret, `${phone}:${code}`);

const secondsUntil = (isoTime: string, windowSeconds: number, now: Date) =>
  (Date.parse(isoTime) + windowSeconds * 1000 - now.getTime()) / 1000;

async function checkSendLimits(deps: OtpDeps, phone: string, clientIp: string, now: Date) {
  const { db } = deps;
  const hourAgo = addSeconds(now, -HOUR).toISOString();
  const dayAgo = addSeconds(now, -DAY).toISOString();

  const phoneSends = await db
    .selectFrom('otp_sends')
    .select('created_at')
    .where('phone_number', '=', phone)
    .where('created_at', '>', dayAgo)
    .orderBy('created_at', 'asc')
    .execute();
  const last = phoneSends.at(-1);
  if (last) {
    const wait = secondsUntil(last.created_at, OTP_RULES.secondsBetweenSends, now);
    if (wait > 0) throw tooManyRequests(OTP_MESSAGES.tooSoon, wait);
  }
  const lastHour = phoneSends.filter((send) => send.created_at > hourAgo);
  if (lastHour.length >= OTP_RULES.sendsPerPhoneHour && lastHour[0]) {
    throw tooManyRequests(
      OTP_MESSAGES.phoneHourly,
      secondsUntil(lastHour[0].created_at, HOUR, now),
    );
  }
  if (phoneSends.length >= OTP_RULES.sendsPerPhoneDay && phoneSends[0]) {
    throw tooManyRequests(
      OTP_MESSAGES.phoneHourly,
      secondsUntil(phoneSends[0].created_at, DAY, now),
    );
  }

  const ipSends = await db
    .selectFrom('otp_sends')
    .select(({ fn }) => [fn.countAll<number>().as('count'), fn.min('created_at').as('oldest')])
    .where('client_ip', '=', clientIp)
    .where('created_at', '>', hourAgo)
    .executeTakeFirstOrThrow();
  if (Number(ipSends.count) >= deps.sendsPerIpHour && ipSends.oldest) {
    throw tooManyRequests(OTP_MESSAGES.ipHourly, secondsUntil(ipSends.oldest, HOUR, now));
  }

  const allSends = await db
    .selectFrom('otp_sends')
    .select(({ fn }) => [fn.countAll<number>().as('count'), fn.min('created_at').as('oldest')])
    .where('created_at', '>', dayAgo)
    .executeTakeFirstOrThrow();
  const today = Number(allSends.count);
  if (today >= deps.sendsPerDay && allSends.oldest) {
    deps.log.error(
      { sendsToday: today, cap: deps.sendsPerDay },
      'OTP daily cap reached: sign-in codes refused',
    );
    throw tooManyRequests(OTP_MESSAGES.dailyCap, secondsUntil(allSends.oldest, DAY, now));
  }
  if (today + 1 >= Math.ceil(deps.sendsPerDay * OTP_RULES.dailyCapAlertRatio)) {
    deps.log.warn(
      { sendsToday: today + 1, cap: deps.sendsPerDay, alert: 'otp_daily_cap_near' },
      'OTP sends are near the global daily cap: check for SMS pumping',
    );
  }
}

/** Rate limits, then creates, stores (as an HMAC) and sends a fresh code, replacing any older one. */
export async function sendCode(
  deps: OtpDeps,
  phone: string,
  channel: DeliveryMethod,
  clientIp: string,
  now: Date,
): Promise<void> {
  const { db } = deps;
  if (!GHANA_MOBILE.test(phone)) {
    throw new HttpError(400, OTP_MESSAGES.notMobile, { phoneNumber: OTP_MESSAGES.notMobile });
  }
  await checkSendLimits(deps, phone, clientIp, now);

  const code = randomCode();
  // The attempt counts against the limits even if the gateway fails, so failures can't be farmed.
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('otp_sends')
      .values({ phone_number: phone, client_ip: clientIp, created_at: now.toISOString() })
      .execute();
    await trx
      .insertInto('otp_codes')
      .values({
        phone_number: phone,
        code_hash: codeHash(deps.secret, phone, code),
        delivery_method: channel,
        attempts: 0,
        created_at: now.toISOString(),
        expires_at: addSeconds(now, OTP_RULES.validSeconds).toISOString(),
      })
      .onConflict((oc) =>
        oc.column('phone_number').doUpdateSet((eb) => ({
          code_hash: eb.ref('excluded.code_hash'),
          delivery_method: eb.ref('excluded.delivery_method'),
          attempts: 0,
          created_at: eb.ref('excluded.created_at'),
          expires_at: eb.ref('excluded.expires_at'),
        })),
      )
      .execute();
  });

  try {
    await deps.transport.send({
      to: phone,
      channel,
      body: `Your Ghana Gigs code is ${code}. It expires in 10 minutes. Never share it with anyone.`,
    });
  } catch {
    // No usable code may outlive a failed send.
    await db.deleteFrom('otp_codes').where('phone_number', '=', phone).execute();
    throw new HttpError(502, OTP_MESSAGES.sendFailed);
  }
}

/**
 * Checks a code without using it up (a new user sends it again with the profile). Wrong tries
 * are counted per code and per phone; the code dies after too many.
 */
export async function checkCode(
  deps: Pick<OtpDeps, 'db' | 'secret'>,
  phone: string,
  code: string,
  now: Date,
): Promise<{ deliveryMethod: string }> {
  const { db } = deps;
  const failures = await db
    .selectFrom('otp_failures')
    .select(({ fn }) => [fn.countAll<number>().as('count'), fn.min('created_at').as('oldest')])
    .where('phone_number', '=', phone)
    .where('created_at', '>', addSeconds(now, -HOUR).toISOString())
    .executeTakeFirstOrThrow();
  if (Number(failures.count) >= OTP_RULES.failedVerificationsPerPhoneHour && failures.oldest) {
    throw tooManyRequests(OTP_MESSAGES.tooManyFailures, secondsUntil(failures.oldest, HOUR, now));
  }

  const row = await db
    .selectFrom('otp_codes')
    .selectAll()
    .where('phone_number', '=', phone)
    .executeTakeFirst();
  if (!row || Date.parse(row.expires_at) <= now.getTime()) {
    throw new HttpError(400, OTP_MESSAGES.noCode, { code: OTP_MESSAGES.noCode });
  }
  if (row.attempts >= OTP_RULES.maxWrongTries) throw tooManyTries();
  if (digestsEqual(row.code_hash, codeHash(deps.secret, phone, code))) {
    return { deliveryMethod: row.delivery_method };
  }

  const attempts = row.attempts + 1;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('otp_failures')
      .values({ phone_number: phone, created_at: now.toISOString() })
      .execute();
    if (attempts >= OTP_RULES.maxWrongTries) {
      await trx.deleteFrom('otp_codes').where('phone_number', '=', phone).execute();
    } else {
      await trx
        .updateTable('otp_codes')
        .set({ attempts })
        .where('phone_number', '=', phone)
        .execute();
    }
  });
  if (attempts >= OTP_RULES.maxWrongTries) throw tooManyTries();
  throw new HttpError(400, OTP_MESSAGES.wrongCode, { code: OTP_MESSAGES.wrongCode });
}

/** Single use: called once the code has signed someone in. */
export async function consumeCode(db: Db, phone: string): Promise<void> {
  await db.deleteFrom('otp_codes').where('phone_number', '=', phone).execute();
}

const tooManyTries = () =>
  new HttpError(
    429,
    OTP_MESSAGES.tooManyTries,
    { code: OTP_MESSAGES.tooManyTries },
    { 'retry-after': String(OTP_RULES.secondsBetweenSends) },
  );
