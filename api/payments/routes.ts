import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { MessageAnswerSchema, OkAnswerSchema } from '../../contracts/answers.schemas.ts';
import { IdParamsSchema } from '../../contracts/common.schemas.ts';
import {
  PaymentReferenceParamsSchema,
  PayoutSettingsSchema,
  StartPaymentSchema,
  SubmitOtpSchema,
} from '../../contracts/payments.schemas.ts';
import {
  PaymentProgressSchema,
  PaymentStartedSchema,
  PayoutSettingsAnswerSchema,
  WalletSchema,
} from '../../contracts/payments-answers.schemas.ts';
import { actorOf, signedIn } from '../auth/current-user.ts';
import type { EngagementType } from '../engagements/engagements-service.ts';
import { answers, type ValibotTypeProvider } from '../http/contracts.ts';
import type { PaymentsService } from './payments-service.ts';

/** Where Paystack delivers its events. */
export const PAYSTACK_WEBHOOK_PATH = '/api/payments/paystack/webhook';

const ENGAGEMENT_PATHS: Record<EngagementType, string> = {
  booking: '/api/bookings/:id/payment',
  application: '/api/applications/:id/payment',
  milestone: '/api/milestones/:id/payment',
};

/**
 * Paying, the paying screen's progress and OTP, the wallet and Withdraw Funds, payout
 * settings and the code that changing them takes. Paying is never queued offline: it needs the handset and a connection now, so it
 * takes no Idempotency-Key (a second tap while a charge is under way answers that charge).
 */
export async function paymentRoutes(
  instance: FastifyInstance,
  { payments }: { payments: PaymentsService },
) {
  const app = instance.withTypeProvider<ValibotTypeProvider>();

  for (const [type, url] of Object.entries(ENGAGEMENT_PATHS) as [EngagementType, string][]) {
    app.post(
      url,
      {
        schema: {
          params: IdParamsSchema,
          body: StartPaymentSchema,
          response: answers({ 202: PaymentStartedSchema }),
        },
        preValidation: signedIn(),
      },
      async (request, reply) =>
        reply
          .code(202)
          .send(
            await payments.start(actorOf(request), { type, id: request.params.id }, request.body),
          ),
    );
  }

  app.get(
    '/api/payments/:reference',
    {
      schema: {
        params: PaymentReferenceParamsSchema,
        response: answers({ 200: PaymentProgressSchema }),
      },
      preValidation: signedIn(),
    },
    async (request) => payments.progress(actorOf(request), request.params.reference),
  );

  app.post(
    '/api/payments/:reference/otp',
    {
      schema: {
        params: PaymentReferenceParamsSchema,
        body: SubmitOtpSchema,
        response: answers({ 200: PaymentProgressSchema }),
      },
      preValidation: signedIn(),
    },
    async (request) =>
      payments.submitOtp(actorOf(request), request.params.reference, request.body.otp),
  );

  app.get(
    '/api/wallet',
    { schema: { response: answers({ 200: WalletSchema }) }, preValidation: signedIn() },
    async (request) => payments.wallet(actorOf(request)),
  );

  app.post(
    '/api/wallet/withdraw',
    { schema: { response: answers({ 200: WalletSchema }) }, preValidation: signedIn() },
    async (request) => payments.withdraw(actorOf(request)),
  );

  app.get(
    '/api/me/payout',
    {
      schema: { response: answers({ 200: PayoutSettingsAnswerSchema }) },
      preValidation: signedIn(),
    },
    async (request) => payments.payoutSettings(actorOf(request)),
  );

  // Changing where money goes takes a fresh code sent to the sign-in phone (403 without one).
  app.put(
    '/api/me/payout',
    {
      schema: {
        body: PayoutSettingsSchema,
        response: answers({ 200: PayoutSettingsAnswerSchema }),
      },
      preValidation: signedIn(),
    },
    async (request) => payments.savePayoutSettings(actorOf(request), request.body, request.ip),
  );

  app.post(
    '/api/me/payout/code',
    { schema: { response: answers({ 200: OkAnswerSchema }) }, preValidation: signedIn() },
    async (request) => {
      await payments.sendPayoutCode(actorOf(request), request.ip);
      return { ok: true } as const;
    },
  );
}

/** The raw body, as signed: re-serialised JSON could differ by a byte. */
const WebhookBodySchema = v.instance(Buffer);

/**
 * Paystack's webhook, in a plugin of its own so that only this route reads JSON as raw bytes
 * (the signature is an HMAC of exactly those bytes). No session, no cookie: the signature is
 * the only credential, and a bad one changes nothing (401). A good one is answered 200 as soon as
 * its event is recorded; the reconciler applies it.
 */
export async function paystackWebhookRoute(
  instance: FastifyInstance,
  { payments }: { payments: PaymentsService },
) {
  const app = instance.withTypeProvider<ValibotTypeProvider>();
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    PAYSTACK_WEBHOOK_PATH,
    {
      schema: {
        body: { content: { 'application/json': { schema: WebhookBodySchema } } },
        // 200 recorded, 401 a bad signature: each says so in `message`.
        response: answers({ 200: MessageAnswerSchema }),
      },
    },
    async (request) => {
      const signature = request.headers['x-paystack-signature'];
      // A post with no Content-Type reaches here with no body at all: the signature of nothing.
      await payments.recordWebhook(
        Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        typeof signature === 'string' ? signature : undefined,
      );
      return { message: 'Received' };
    },
  );
}
