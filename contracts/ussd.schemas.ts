import * as v from 'valibot';
import { looseObjectSchema } from './common.schemas.ts';

const field = (max: number) => v.pipe(v.string(), v.maxLength(max));

/**
 * What Africa's Talking posts to the USSD callback (application/x-www-form-urlencoded): the
 * session, the code dialled, the caller's number as the network reports it, the network, and
 * every input so far joined by `*` (empty on the first screen). Fields it may add pass through.
 */
export const AfricasTalkingUssdSchema = looseObjectSchema({
  sessionId: v.pipe(field(100), v.nonEmpty()),
  serviceCode: field(40),
  phoneNumber: field(20),
  networkCode: v.optional(field(10)),
  text: v.optional(field(1000), ''),
});
export type AfricasTalkingUssd = v.InferOutput<typeof AfricasTalkingUssdSchema>;

export const UssdTokenParamsSchema = v.object({ token: field(200) });
