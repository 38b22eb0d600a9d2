import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { UssdTextSchema } from '../../contracts/answers.schemas.ts';
import { normalizeGhanaPhone } from '../../contracts/sign-in.ts';
import { AfricasTalkingUssdSchema, UssdTokenParamsSchema } from '../../contracts/ussd.schemas.ts';
import { answers, type ValibotTypeProvider } from '../http/contracts.ts';
import type { UssdReply } from './menu-kit.ts';
import type { UssdEngine } from './ussd-engine.ts';

export const USSD_CALLBACK_ROUTE = '/api/ussd/:token';

/** A form post is a few short fields (`text` at most USSD_TEXT_MAX): anything bigger is not the gateway. */
const FORM_BODY_LIMIT = 8 * 1024;

/**
 * The USSD callback as Africa's Talking speaks it: a form post with every input so far in
 * `text` (joined by `*`), answered in plain text starting `CON ` (more to come) or `END `. The
 * menus themselves know nothing of this format (ussd-engine.ts). The path's token is the only
 * proof the gateway sent the request: any other token is answered as any unknown path is.
 */
export async function ussdRoutes(
  instance: FastifyInstance,
  { engine, token }: { engine: UssdEngine; token: string },
): Promise<void> {
  const app = instance.withTypeProvider<ValibotTypeProvider>();
  // Only this plugin's routes read form bodies; every other route still takes JSON alone.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
  const expected = digest(token);

  app.post(
    USSD_CALLBACK_ROUTE,
    {
      schema: {
        params: UssdTokenParamsSchema,
        body: AfricasTalkingUssdSchema,
        // `CON ...` or `END ...`, as the gateway reads it.
        response: answers({ 200: { content: { 'text/plain': { schema: UssdTextSchema } } } }),
      },
      // Before the body is read or judged: a wrong token learns nothing about this route.
      onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
        const given = (request.params as { token?: unknown }).token;
        if (typeof given !== 'string' || !timingSafeEqual(digest(given), expected)) {
          return reply.callNotFound();
        }
      },
    },
    async (request, reply) => {
      const { sessionId, phoneNumber, text } = request.body;
      const answer = await engine({
        phoneNumber: normalizeGhanaPhone(phoneNumber),
        sessionId,
        inputs: text === '' ? [] : text.split('*'),
      });
      return reply.type('text/plain; charset=utf-8').send(wireText(answer));
    },
  );
}

/** A reply as the gateway reads it. */
export const wireText = (reply: UssdReply) => `${reply.end ? 'END' : 'CON'} ${reply.text}`;

/** Tokens are compared as digests: equal lengths, in constant time, whatever was sent. */
const digest = (value: string) => createHash('sha256').update(value).digest();
