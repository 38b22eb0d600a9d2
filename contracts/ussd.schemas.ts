import * as v from 'valibot';
import { looseObjectSchema, objectSchema } from './common.schemas.ts';

/** A gateway's field: text of at most `max` characters. */
const field = (name: string, max: number) =>
  v.pipe(
    v.string(`${name} must be text`),
    v.maxLength(max, `${name} must be at most ${max} characters`),
  );

/**
 * The longest `text` taken (the callback's form body may be 8 KB, the other fields are short). The engine caps a
 * session by its number of inputs and answers a longer one with a short END screen, which the
 * caller sees; a 400 here would only show the gateway's generic error.
 */
export const USSD_TEXT_MAX = 4000;

/**
 * What Africa's Talking posts to the USSD callback (application/x-www-form-urlencoded): the
 * session, the code dialled, the caller's number as the network reports it, the network, and
 * every input so far joined by `*` (empty on the first screen). Fields it may add pass through.
 */
export const AfricasTalkingUssdSchema = looseObjectSchema({
  sessionId: v.pipe(field('sessionId', 100), v.nonEmpty('sessionId is required')),
  serviceCode: field('serviceCode', 40),
  phoneNumber: field('phoneNumber', 20),
  networkCode: v.optional(field('networkCode', 10)),
  text: v.optional(field('text', USSD_TEXT_MAX), ''),
});
export type AfricasTalkingUssd = v.InferOutput<typeof AfricasTalkingUssdSchema>;

export const UssdTokenParamsSchema = objectSchema({ token: field('token', 200) });
