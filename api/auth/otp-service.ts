import type { DeliveryMethod } from '../../contracts/auth.ts';
import type { Db } from '../db/database.ts';
import { HttpError, tooManyRequests } from '../http/errors.ts';
import { addSeconds } from '../lib/clock.ts';
import { digestsEqual, hmac, randomCode } from '../lib/crypto.ts';
import type { MessageTransport } from '../otp/transport.ts';

export const OTP_RULES = {
  validSeconds: 10 * 60,
  maxWrongTries: 5,
  secondsBetweenSends: 60,
  sendsPerPhonePerHour: 5,
} as const;

const HOUR = 60 * 60;

export const OTP_MESSAGES = {
  tooSoon: 'Please wait a minute before requesting another code.',
  phoneHourly: 'Too many codes were requested for this number. Please try again later.',
  ipHourly: 'Too many codes were requested from your network. Please try again later.',
  sendFailed: 'Failed to send code',
  wrongCode: 'Incorrect code. Please check it and try again.',
  noCode: 'This code has expired or was already used. Please request a new one.',
  tooManyTries: 'Too many wrong codes. Please request a new one.',
} as const;

interface OtpDeps {
  db: Db;
  transport: MessageTransport;
  secret: Buffer;
  sendsPerIpHour: number;
}

// The phone is part of the HMAC input, so a code is bound to the number it was sent to.
const codeHash = (secret: Buffer, phone: string, code: string) => hmac(secret, `${phone}:${code}`);

/** Rate limits, then creates, stores (hashed) and sends a fresh code, replacing any older one. */
export async function sendCode(
  deps: OtpDeps,
  phone: string,
  channel: DeliveryMethod,
  clientIp: string,
  now: Date,
): Promise<void> {
  const { db } = deps;
  const hourAgo = addSeconds(now, -HOUR).toISOString();

  const phoneSends = await db
    .selectFrom('otp_sends')
    .select('created_at')
    .where('phone_number', '=', phone)
    .where('created_at', '>', hourAgo)
    .orderBy('created_at', 'asc')
    .execute();
  const last = phoneSends.at(-1);
  if (last) {
    const wait =
      OTP_RULES.secondsBetweenSends - (now.getTime() - Date.parse(last.created_at)) / 1000;
    if (wait > 0) throw tooManyRequests(OTP_MESSAGES.tooSoon, wait);
  }
  const oldest = phoneSends[0];
  if (oldest && phoneSends.length >= OTP_RULES.sendsPerPhonePerHour) {
    throw tooManyRequests(OTP_MESSAGES.phoneHourly, secondsUntilHourAfter(oldest.created_at, now));
  }
  const ipSends = await db
    .selectFrom('otp_sends')
    .select(({ fn }) => [fn.countAll<number>().as('count'), fn.min('created_at').as('oldest')])
    .where('client_ip', '=', clientIp)
    .where('created_at', '>', hourAgo)
    .executeTakeFirstOrThrow();
  if (Number(ipSends.count) >= deps.sendsPerIpHour && ipSends.oldest) {
    throw tooManyRequests(OTP_MESSAGES.ipHourly, secondsUntilHourAfter(ipSends.oldest, now));
  }

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

function secondsUntilHourAfter(isoTime: string, now: Date): number {
  return (Date.parse(isoTime) + HOUR * 1000 - now.getTime()) / 1000;
}

/**
 * Checks a code. With `consume` false a right code stays usable (a new user sends it again
 * with the profile). Wrong tries are counted; the code dies after too many.
 */
export async function checkCode(
  deps: Pick<OtpDeps, 'db' | 'secret'>,
  phone: string,
  code: string,
  now: Date,
): Promise<{ deliveryMethod: string }> {
  const { db } = deps;
  const row = await db
    .selectFrom('otp_codes')
    .selectAll()
    .where('phone_number', '=', phone)
    .executeTakeFirst();
  if (!row || Date.parse(row.expires_at) <= now.getTime()) {
    throw new HttpError(400, OTP_MESSAGES.noCode, { code: OTP_MESSAGES.noCode });
  }
  if (row.attempts >= OTP_RULES.maxWrongTries) {
    throw tooManyTries();
  }
  if (!digestsEqual(row.code_hash, codeHash(deps.secret, phone, code))) {
    const attempts = row.attempts + 1;
    if (attempts >= OTP_RULES.maxWrongTries) {
      await db.deleteFrom('otp_codes').where('phone_number', '=', phone).execute();
      throw tooManyTries();
    }
    await db.updateTable('otp_codes').set({ attempts }).where('phone_number', '=', phone).execute();
    throw new HttpError(400, OTP_MESSAGES.wrongCode, { code: OTP_MESSAGES.wrongCode });
  }
  return { deliveryMethod: row.delivery_method };
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
