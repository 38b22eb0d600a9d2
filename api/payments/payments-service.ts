import { randomBytes } from 'node:crypto';
import { ENGAGEMENT_MESSAGES } from '../../contracts/engagements.ts';
import type { MobileNetwork } from '../../contracts/mobile-networks.ts';
import type { PayoutSettingsInput, StartPaymentInput } from '../../contracts/payments.schemas.ts';
import {
  type ChargeStep,
  HANDSET_APPROVAL_SECONDS,
  networkOfPhone,
  PAYMENT_MESSAGES,
  type PaymentProgress,
  type PaymentStarted,
  type PayoutSettings,
  serviceFeePesewas,
  type Wallet,
} from '../../contracts/payments.ts';
import type { Actor } from '../auth/actor.ts';
import type { Db } from '../db/database.ts';
import {
  dealTarget,
  type EngagementRef,
  findEngagement,
  type PaymentRow,
  resolvePayment,
} from '../engagements/engagements-service.ts';
import { queuePayout, recordChargeFailure } from '../engagements/escrow.ts';
import { addSeconds, type Clock } from '../lib/clock.ts';
import {
  Conflict,
  Forbidden,
  GatewayFailed,
  InvalidInput,
  NotFound,
  RuleBroken,
  Unauthenticated,
} from '../lib/domain-errors.ts';
import { lockUser, lockWallet } from '../lib/locks.ts';
import type { Log } from '../lib/log.ts';
import { payoutNumberChangedNotice } from '../notifications/messages.ts';
import { type NotificationDispatcher, queueNotification } from '../notifications/notifications.ts';
import { enforceChargeCaps } from './charge-caps.ts';
import {
  type ChargeRow,
  disputedPayments,
  ensurePayment,
  findCharge,
  findOpenCharge,
  findPayment,
  findRefundOfCharge,
  frozenPayments,
  insertCharge,
  updateCharge,
  updatePayment,
} from './payments-repository.ts';
import { payoutDestination } from './payout-settings.ts';
import { payoutsToRetry, repointWaitingPayouts, savePayoutSettings } from './payouts-repository.ts';
import {
  type PaystackClient,
  PaystackError,
  parseWebhookEvent,
  verifyWebhookSignature,
} from './paystack-client.ts';
import type { ChargeResult } from './paystack-wire.ts';
import { recordProviderEvent } from './provider-events-repository.ts';
import { PAYMENT_TIMINGS } from './provider-sync.ts';
import type { PaymentsWorker } from './reconciler.ts';
import { readWallet } from './wallet.ts';

/** Paystack needs an email for every charge; payers without one get an address that never delivers. */
const payerEmail = (actor: Actor) => actor.email ?? `payer-${actor.id}@ghanagigs.invalid`;

/** Ours, random: letters, digits and "-" (what Paystack and our paths both take). */
const newChargeReference = () => `ch-${randomBytes(12).toString('hex')}`;

/** How long the payer's own request holds a new charge before the reconciler may look at it. */
const START_CLAIM_SECONDS = 60;

const WAITING_STEPS = new Set(['pay_offline', 'send_otp']);

const FAILURE_MESSAGES: Record<string, string> = {
  abandoned: PAYMENT_MESSAGES.abandoned,
  refused: PAYMENT_MESSAGES.refused,
};

const NOT_FOUND: Record<EngagementRef['type'], string> = {
  booking: 'Booking not found',
  application: 'Application not found',
  milestone: ENGAGEMENT_MESSAGES.unknownMilestone,
};
const engagementNotFound = (ref: EngagementRef) => new NotFound(NOT_FOUND[ref.type]);

/**
 * The codes that prove the account's own phone before its payout number changes: the sign-in
 * machinery and limits (auth-service.ts payoutCodes), under a purpose of their own.
 */
export interface PayoutCodes {
  /** Sends a fresh code to the account's sign-in phone, by SMS. */
  send(actor: Actor, clientAddress: string): Promise<void>;
  /** Refuses a wrong or expired code (counted like a wrong sign-in code), or too many. */
  check(actor: Actor, code: string, clientAddress: string): Promise<void>;
  /** Uses the code up inside the change's transaction; false when another request used it. */
  consume(trx: Db, actor: Actor): Promise<boolean>;
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

/**
 * Mobile-money escrow with the provider: the payer's charge (prompt on the handset, or a code
 * first), its progress, recording the provider's webhooks, the wallet, Withdraw Funds, where payouts go,
 * and the operator's decisions on disputes. The state changes themselves are escrow.ts's.
 */
export function createPaymentsService(deps: {
  db: Db;
  clock: Clock;
  log: Log;
  notifier: NotificationDispatcher;
  worker: PaymentsWorker;
  client: PaystackClient;
  /** The key webhooks are signed with (the Paystack secret key). */
  webhookSecret: string;
  serviceFeePercent: number;
  /** Whether the per-user caps apply (USER_WRITE_CAPS). */
  userWriteCaps: boolean;
  payoutCodes: PayoutCodes;
}) {
  const { db, clock, log, notifier, worker, client, webhookSecret, serviceFeePercent } = deps;
  const { payoutCodes } = deps;
  const { userWriteCaps } = deps;

  function progressOf(charge: ChargeRow): PaymentProgress {
    const status: ChargeStep =
      charge.status === 'success'
        ? 'success'
        : charge.status === 'failed'
          ? 'failed'
          : WAITING_STEPS.has(charge.step ?? '')
            ? (charge.step as ChargeStep)
            : 'pending';
    const waiting = WAITING_STEPS.has(status);
    const since = Date.parse(charge.step_at ?? charge.created_at);
    return {
      reference: charge.reference,
      status,
      displayText: waiting ? charge.display_text : null,
      phoneNumber: charge.phone,
      network: charge.network as MobileNetwork,
      message:
        status === 'failed'
          ? (FAILURE_MESSAGES[charge.failure ?? ''] ?? PAYMENT_MESSAGES.declined)
          : null,
      secondsLeft: waiting
        ? Math.max(0, HANDSET_APPROVAL_SECONDS - Math.floor((clock().getTime() - since) / 1000))
        : null,
    };
  }

  const started = (progress: PaymentProgress): PaymentStarted => {
    const { reference, status, displayText, phoneNumber, network } = progress;
    return { reference, status, displayText, phoneNumber, network };
  };

  /** Records the provider's answer to a charge or an OTP: the payer's next step. */
  async function recordStep(charge: ChargeRow, result: ChargeResult): Promise<ChargeRow> {
    const now = clock();
    const nowIso = now.toISOString();
    await db.transaction().execute(async (trx) => {
      if (result.status === 'failed') {
        await recordChargeFailure(
          trx,
          charge,
          { reason: 'declined', message: result.message },
          now,
        );
        return;
      }
      const step = WAITING_STEPS.has(result.status) ? result.status : 'pending';
      await updateCharge(trx, charge.reference, ['initiating', 'pending'], {
        status: 'pending',
        step,
        step_at: nowIso,
        display_text: result.displayText,
        // A success is verified like any other before the money is credited.
        next_check_at: (result.status === 'success'
          ? now
          : addSeconds(now, PAYMENT_TIMINGS.chargePollSeconds)
        ).toISOString(),
        updated_at: nowIso,
      });
    });
    if (result.status === 'success') worker.kick();
    return (await findCharge(db, charge.reference)) as ChargeRow;
  }

  /** The payer's charge, or 404 for anyone else (a reference says nothing to them). */
  async function payersCharge(actor: Actor, reference: string): Promise<ChargeRow> {
    const charge = await findCharge(db, reference);
    if (!charge || charge.payer_id !== actor.id)
      throw new NotFound(PAYMENT_MESSAGES.unknownPayment);
    return charge;
  }

  return {
    /**
     * The payer pays an accepted engagement from a mobile-money wallet: the amount and our fee
     * are charged, and the provider rings the handset (or asks for a code first). The charge is
     * written with its reference before the provider is called, so a crash mid-call leaves a
     * reference the reconciler verifies. While a charge is under way, asking again answers it
     * rather than charging twice.
     */
    async start(
      actor: Actor,
      ref: EngagementRef,
      input: StartPaymentInput,
    ): Promise<PaymentStarted> {
      const now = clock();
      const nowIso = now.toISOString();
      const { charge, fresh } = await db.transaction().execute(async (trx) => {
        // One charge under way per engagement, however many taps in however many processes.
        await lockUser(trx, actor.id);
        // A job split into milestones is paid one stage at a time: the first not yet settled.
        // Locked by dealTarget, with its application when it is a milestone.
        const target = await dealTarget(trx, ref, 'pay');
        const engagement = await findEngagement(trx, target);
        if (!engagement) throw engagementNotFound(ref);
        if (engagement.payerId !== actor.id) {
          throw new Forbidden(
            engagement.payeeId === actor.id ? PAYMENT_MESSAGES.notPayer : PAYMENT_MESSAGES.notParty,
          );
        }
        if (engagement.status === 'completed') throw new Conflict(PAYMENT_MESSAGES.alreadyPaid);
        if (engagement.status !== 'accepted') throw new RuleBroken(PAYMENT_MESSAGES.notPayable);
        // Money for a suspended account would only be frozen: the payer is told at once.
        if (engagement.payeeSuspended) throw new RuleBroken(PAYMENT_MESSAGES.payeeSuspended);
        if (!engagement.amountPesewas) throw new RuleBroken(PAYMENT_MESSAGES.noPrice);
        const payment = await ensurePayment(trx, {
          ref: target,
          payerId: engagement.payerId,
          payeeId: engagement.payeeId,
          amountPesewas: engagement.amountPesewas,
          feePesewas: serviceFeePesewas(engagement.amountPesewas, serviceFeePercent),
          now: nowIso,
        });
        if (payment.status !== 'unpaid' && payment.status !== 'pending') {
          throw new Conflict(PAYMENT_MESSAGES.alreadyPaid);
        }
        const open = await findOpenCharge(trx, payment.id);
        if (open) return { charge: open, fresh: false };
        if (userWriteCaps) {
          await lockWallet(trx, input.phoneNumber);
          await enforceChargeCaps(trx, actor.id, input.phoneNumber, now);
        }
        const reference = newChargeReference();
        await insertCharge(trx, {
          reference,
          payment_id: payment.id,
          payer_id: actor.id,
          amount_pesewas: payment.amount_pesewas + payment.fee_pesewas,
          phone: input.phoneNumber,
          network: input.network,
          // Held by this request while it calls the provider; the reconciler takes it up if
          // this process dies before recording the answer.
          claimed_by: `start:${reference}`,
          lease_until: addSeconds(now, START_CLAIM_SECONDS).toISOString(),
          next_check_at: addSeconds(now, PAYMENT_TIMINGS.chargePollSeconds).toISOString(),
          created_at: nowIso,
          updated_at: nowIso,
        });
        await updatePayment(trx, payment.id, ['unpaid'], { status: 'pending', updated_at: nowIso });
        return { charge: (await findCharge(trx, reference)) as ChargeRow, fresh: true };
      });
      if (!fresh) return started(progressOf(charge));

      let result: ChargeResult;
      try {
        result = await client.charge({
          email: payerEmail(actor),
          amountPesewas: charge.amount_pesewas,
          reference: charge.reference,
          phone: charge.phone,
          network: input.network,
          metadata: { paymentId: charge.payment_id, engagement: `${ref.type}:${ref.id}` },
        });
      } catch (error) {
        if (error instanceof PaystackError && error.code !== 'duplicate_reference') {
          log.warn({ reference: charge.reference, reason: error.message }, 'charge refused');
          await db
            .transaction()
            .execute((trx) =>
              recordChargeFailure(
                trx,
                charge,
                { reason: 'refused', message: error.message },
                clock(),
              ),
            );
          throw new RuleBroken(PAYMENT_MESSAGES.refused);
        }
        // In doubt: the provider may have the charge. The reconciler verifies it shortly; the
        // paying screen polls meanwhile.
        log.warn({ reference: charge.reference, err: error }, 'charge in doubt');
        await updateCharge(db, charge.reference, ['initiating'], {
          next_check_at: addSeconds(clock(), PAYMENT_TIMINGS.chargePollSeconds).toISOString(),
        });
        return {
          reference: charge.reference,
          status: 'pending',
          displayText: null,
          phoneNumber: charge.phone,
          network: charge.network as MobileNetwork,
        };
      }
      return started(progressOf(await recordStep(charge, result)));
    },

    /** The payer types the code their network sent (the send_otp step); the handset rings next. */
    async submitOtp(actor: Actor, reference: string, otp: string): Promise<PaymentProgress> {
      const charge = await payersCharge(actor, reference);
      if (charge.status !== 'pending' || charge.step !== 'send_otp') {
        throw new Conflict(PAYMENT_MESSAGES.otpNotAsked);
      }
      let result: ChargeResult;
      try {
        result = await client.submitOtp({ reference, otp });
      } catch (error) {
        if (error instanceof PaystackError) throw new RuleBroken(PAYMENT_MESSAGES.otp);
        throw new GatewayFailed('We could not reach the payment provider. Please try again.');
      }
      return progressOf(await recordStep(charge, result));
    },

    /** Where the payer's charge stands, for the paying screen to poll. */
    async progress(actor: Actor, reference: string): Promise<PaymentProgress> {
      return progressOf(await payersCharge(actor, reference));
    },

    /**
     * A provider's webhook, recorded for the reconciler to apply (reconciler.ts): refused
     * (Unauthenticated) unless signed with our secret over the exact bytes. Nothing else is
     * done here: an event only names a reference, which the reconciler asks the provider about.
     * Each event is recorded once by its key, however many times it is delivered; this
     * process's reconciler is woken to apply it now, and any process's applies it later if this
     * one dies first.
     */
    async recordWebhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
      if (!verifyWebhookSignature(webhookSecret, rawBody, signature)) {
        throw new Unauthenticated('Invalid signature');
      }
      const event = parseWebhookEvent(rawBody);
      if (!event || event.event === 'other') {
        log.warn({ event: event?.event === 'other' ? event.name : null }, 'webhook ignored');
        return;
      }
      const reference =
        'transactionReference' in event ? event.transactionReference : event.reference;
      let eventKey = `${event.event}:${reference}`;
      if (event.event === 'refund.failed') {
        // A failed refund is asked for again, and may fail again: each try's failure is its own.
        eventKey += `:${(await findRefundOfCharge(db, reference))?.tries ?? 0}`;
      }
      await recordProviderEvent(db, {
        provider: 'paystack',
        eventKey,
        event: event.event,
        reference,
        payload: rawBody.toString('utf8'),
        now: clock().toISOString(),
      });
      worker.kick();
    },

    /** The signed-in user's wallet, from the ledger; and until when their payouts wait. */
    wallet(actor: Actor): Promise<Wallet> {
      return readWallet(db, actor.id, clock());
    },

    /**
     * Withdraw Funds: every payout of the user that failed or came back is sent again, as a new
     * attempt with a new fixed reference, to their payout number as it is now.
     */
    async withdraw(actor: Actor): Promise<Wallet> {
      const now = clock();
      await db.transaction().execute(async (trx) => {
        await lockUser(trx, actor.id);
        const retries = await payoutsToRetry(trx, actor.id);
        if (retries.length === 0) throw new RuleBroken(PAYMENT_MESSAGES.nothingToWithdraw);
        for (const retry of retries) {
          const payment = (await findPayment(trx, retry.payment_id)) as PaymentRow;
          await queuePayout(trx, payment, retry.attempt + 1, now);
        }
      });
      worker.kick();
      return readWallet(db, actor.id, clock());
    },

    async payoutSettings(actor: Actor): Promise<PayoutSettings> {
      const { phoneNumber, network, isDefault } = await payoutDestination(db, actor.id, clock());
      return { phoneNumber, network, isDefault };
    },

    /** POST /api/me/payout/code: a fresh code to the account's own sign-in phone. */
    sendPayoutCode(actor: Actor, clientAddress: string): Promise<void> {
      return payoutCodes.send(actor, clientAddress);
    },

    /**
     * Where the user's payouts go from now on. A session alone is not enough: the request
     * carries a fresh code sent to the sign-in phone (403 without a valid one), used up by the
     * change, unless it is back to the sign-in phone itself. After a change the sign-in phone is told by SMS (the new number's last four
     * digits, and what to do if it was not them); payouts not yet asked of the provider take
     * the new number, and payouts to a number other than the sign-in phone wait 24 hours from
     * when it was set (payout-settings.ts).
     */
    async savePayoutSettings(
      actor: Actor,
      input: PayoutSettingsInput,
      clientAddress: string,
    ): Promise<PayoutSettings> {
      const refused = (message: string) => new Forbidden(message, { code: message });
      // Back to the sign-in phone needs no code: money can only go to the account's own phone,
      // and a thief who keeps its codes from arriving (their hourly cap) cannot keep it away.
      const needsCode = !(
        input.phoneNumber === actor.phoneNumber &&
        input.network === networkOfPhone(actor.phoneNumber)
      );
      if (needsCode && !input.code) throw refused(PAYMENT_MESSAGES.payoutCode);
      try {
        if (needsCode) await payoutCodes.check(actor, input.code ?? '', clientAddress);
      } catch (error) {
        if (error instanceof InvalidInput) throw refused(PAYMENT_MESSAGES.payoutCodeWrong);
        throw error;
      }
      await db.transaction().execute(async (trx) => {
        await lockUser(trx, actor.id);
        // Single use, even for two requests with one code at the same moment.
        if (needsCode && !(await payoutCodes.consume(trx, actor))) {
          throw refused(PAYMENT_MESSAGES.payoutCodeWrong);
        }
        const now = clock();
        const before = await payoutDestination(trx, actor.id, now);
        if (before.phoneNumber === input.phoneNumber && before.network === input.network) return;
        await savePayoutSettings(trx, actor.id, input, now.toISOString());
        const after = await payoutDestination(trx, actor.id, now);
        await repointWaitingPayouts(trx, actor.id, after, now.toISOString());
        await queueNotification(
          trx,
          actor.id,
          payoutNumberChangedNotice({ phone: input.phoneNumber }),
          now,
        );
      });
      notifier.kick();
      return this.payoutSettings(actor);
    },

    /** Disputed payments for an operator, oldest first. */
    disputes: () => disputedPayments(db),

    /** Payments frozen or payouts paused because their payee is suspended, for an operator. */
    frozen: () => frozenPayments(db),

    /** An operator's decision on a disputed or frozen payment (engagements-service.ts). */
    async resolve(
      paymentId: number,
      decision: 'release' | 'refund' | 'no_show',
    ): Promise<PaymentRow> {
      const resolved = await resolvePayment(db, paymentId, decision, clock());
      notifier.kick();
      worker.kick();
      return resolved;
    },
  };
}
