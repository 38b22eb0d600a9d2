import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import {
  ClockAnswerSchema,
  MessageAnswerSchema,
  OutboxAnswerSchema,
} from '../../contracts/answers.schemas.ts';
import { OutboxQuerySchema } from '../../contracts/auth.schemas.ts';
import { objectSchema } from '../../contracts/common.schemas.ts';
import { PaymentReferenceParamsSchema } from '../../contracts/payments.schemas.ts';
import { isLoopbackHost } from '../config.ts';
import type { Db } from '../db/database.ts';
import { answers, type ValibotTypeProvider } from '../http/contracts.ts';
import { forbidden, HttpError } from '../http/errors.ts';
import { checkChargeNow } from '../payments/payments-repository.ts';
import type { PaymentsWorker } from '../payments/reconciler.ts';
import { latestOutboxMessages } from './outbox-repository.ts';
import type { PaystackSimulator } from './paystack-simulator.ts';
import type { AdjustableClock } from './test-clock.ts';

/**
 * Headers a proxy or CDN adds to say whom it relays for. Not every proxy adds one (a bare nginx
 * `proxy_pass` adds none), which is why the dev transport must never sit behind a proxy at all;
 * these catch the ones that do.
 */
const PROXY_HEADERS = [
  'forwarded',
  'x-real-ip',
  'via',
  'cf-connecting-ip',
  'true-client-ip',
  'x-client-ip',
  'fastly-client-ip',
  'x-cluster-client-ip',
];

const relayedByProxy = (request: FastifyRequest) =>
  Object.keys(request.headers).some(
    (name) => name.startsWith('x-forwarded-') || PROXY_HEADERS.includes(name),
  );

/**
 * A request from this machine itself, not relayed by a proxy on it: a local reverse proxy would
 * otherwise hand the outbox, and every sign-in code in it, to the internet.
 */
const fromThisMachine = (request: FastifyRequest) =>
  isLoopbackHost(request.ip) && !relayedByProxy(request);

/** POST /api/dev/clock: how far to move the server's clock. */
const AdvanceClockSchema = objectSchema({
  advanceSeconds: v.pipe(
    v.number('Give advanceSeconds as a number of seconds'),
    v.integer('Give advanceSeconds as a whole number of seconds'),
    v.minValue(1, 'advanceSeconds must be at least 1'),
    v.maxValue(366 * 24 * 60 * 60, 'advanceSeconds must be at most a year'),
  ),
});

const AnswerParamsSchema = objectSchema({
  ...PaymentReferenceParamsSchema.entries,
  answer: v.picklist(['approve', 'decline'], 'Approve or decline'),
});

/**
 * For developers and browser tests, never in production: the dev outbox (sent codes and
 * messages, with the dev transport), the dev payments provider's handset (Approve and Decline
 * links), and the test clock (TEST_CLOCK=1). Each is registered only when its setting is on.
 * They answer only on this machine unless DEV_OUTBOX_PUBLIC=1 says everyone may use them.
 */
export async function devRoutes(
  instance: FastifyInstance,
  {
    db,
    outboxPublic,
    outbox,
    payments,
    testClock,
  }: {
    db: Db;
    outboxPublic: boolean;
    /** The dev transport: sign-in codes and notifications are kept for /api/dev/outbox. */
    outbox: boolean;
    /** The dev payments provider's simulator and our reconciler. */
    payments?: { simulator: PaystackSimulator; worker: PaymentsWorker } | undefined;
    testClock?: { clock: AdjustableClock; worker: PaymentsWorker } | undefined;
  },
) {
  const app = instance.withTypeProvider<ValibotTypeProvider>();
  app.addHook('onRequest', async (request) => {
    if (!outboxPublic && !fromThisMachine(request)) {
      throw forbidden(
        'The dev outbox answers only on this machine, never through a proxy (DEV_OUTBOX_PUBLIC=1 shares it)',
      );
    }
  });

  if (outbox) {
    app.get(
      '/api/dev/outbox',
      {
        schema: {
          querystring: OutboxQuerySchema,
          response: answers({ 200: OutboxAnswerSchema }),
        },
      },
      async (request) => latestOutboxMessages(db, request.query.to),
    );
  }

  if (payments) {
    const { simulator, worker } = payments;
    // Links in the dev outbox, opened in a browser: the payer's answer on the handset.
    app.get(
      '/api/dev/payments/:reference/:answer',
      { schema: { params: AnswerParamsSchema, response: answers({ 200: MessageAnswerSchema }) } },
      async (request) => {
        const { reference, answer } = request.params;
        const done =
          answer === 'approve'
            ? await simulator.approve(reference)
            : await simulator.decline(reference);
        if (!done) throw new HttpError(404, 'No payment is waiting for an answer on this phone');
        // A decline sends no webhook (the provider sends none): the reconciler asks now.
        await checkChargeNow(db, reference);
        await worker.runOnce();
        return {
          message:
            answer === 'approve'
              ? 'Approved on the handset. Ghana Gigs shows it paid in a moment.'
              : 'Declined on the handset.',
        };
      },
    );
  }

  if (testClock) {
    const { clock, worker } = testClock;
    // Browser tests move time past an event, a 48-hour or a 72-hour wait; what fell due runs now.
    app.post(
      '/api/dev/clock',
      { schema: { body: AdvanceClockSchema, response: answers({ 200: ClockAnswerSchema }) } },
      async (request) => {
        clock.advance(request.body.advanceSeconds);
        await payments?.simulator.runDue();
        await worker.runOnce();
        return { now: clock.clock().toISOString() };
      },
    );
  }
}
