import { FEE_RULE_LABELS, findFeeRequestInJob } from '../../contracts/fee-requests.ts';
import type { ModerationDecision } from '../../contracts/moderation.schemas.ts';
import {
  type AdminQueue,
  type DisputeCase,
  type DisputeDecision,
  type FrozenPayment,
  type HeldJob,
  MODERATION_MESSAGES,
  type ModerationResult,
  type PersonRef,
  type ReportedListing,
  type ReportReason,
  type ReportTarget,
} from '../../contracts/moderation.ts';
import { formatAmount } from '../../contracts/money.ts';
import { type Actor, mustBeAdmin } from '../auth/actor.ts';
import type { Db } from '../db/database.ts';
import {
  applicationOfMilestone,
  freezePayeeMoney,
  thawPayeeMoney,
} from '../engagements/engagements-service.ts';
import type { Clock } from '../lib/clock.ts';
import { Conflict, NotFound, RuleBroken } from '../lib/domain-errors.ts';
import type { NotificationDispatcher } from '../notifications/notifications.ts';
import type { PaymentsService } from '../payments/payments-service.ts';
import type { PaymentsWorker } from '../payments/reconciler.ts';
import {
  findTarget,
  heldJobs,
  liftSuspension,
  logModeration,
  peopleByIds,
  setModeration,
  suspendedJobsOf,
  suspendUser,
} from './moderation-repository.ts';
import { closeReports, closeReportsOfOwner, openReports } from './reports-repository.ts';

export type ModerationService = ReturnType<typeof createModerationService>;

type PersonRow = {
  first_name: string;
  last_name: string;
  business_name: string | null;
  phone_number: string;
  suspended_at: string | null;
};

const personRef = (id: number, row: PersonRow): PersonRef => ({
  id,
  name: row.business_name ?? `${row.first_name} ${row.last_name}`,
  phoneNumber: row.phone_number,
  suspended: row.suspended_at !== null,
});

/**
 * The operators' side of trust and safety: what waits for them (held jobs, reported listings,
 * disputed payments) and their decisions. Every method is for operators alone (`mustBeAdmin`);
 * every decision is logged with who made it.
 */
export function createModerationService({
  db,
  clock,
  payments,
  notifier,
  paymentsWorker,
}: {
  db: Db;
  clock: Clock;
  payments: Pick<PaymentsService, 'disputes' | 'frozen' | 'resolve'>;
  /** Told after a lifted suspension queued notices and released money. */
  notifier?: Pick<NotificationDispatcher, 'kick'>;
  paymentsWorker?: Pick<PaymentsWorker, 'kick'>;
}) {
  return {
    async queue(actor: Actor): Promise<AdminQueue> {
      mustBeAdmin(actor);
      const [held, reported, disputes, frozen] = await Promise.all([
        heldJobsQueue(db),
        reportedQueue(db),
        disputeQueue(db, payments),
        frozenQueue(db, payments),
      ]);
      return { heldJobs: held, reported, disputes, frozen };
    },

    /**
     * Publishes, removes, suspends or lifts a suspension. Publishing shows the listing again and
     * closes its open reports (three new ones are needed to hide it again); removing hides a job
     * or an artist for good; suspending acts on the account behind the target, whatever the
     * target is, and freezes the money on its way to it (escrow-operator.ts freezePayeeMoney); lifting
     * the suspension shows its listings again (a job whose text asks applicants for money is
     * held for review again) and lets its money go on where it stopped.
     */
    async decide(actor: Actor, decision: ModerationDecision): Promise<ModerationResult> {
      mustBeAdmin(actor);
      const now = clock();
      const target = { type: decision.targetType, id: decision.targetId };
      const result = await db.transaction().execute(async (trx) => {
        const state = await findTarget(trx, target);
        if (!state) throw new NotFound(`No ${target.type} ${target.id}`);
        let message: string;
        if (decision.action === 'suspend') {
          if (state.ownerId === actor.id) throw new RuleBroken(MODERATION_MESSAGES.selfSuspend);
          await suspendUser(trx, state.ownerId, now);
          await closeReportsOfOwner(trx, state.ownerId, now);
          await freezePayeeMoney(trx, state.ownerId, now);
          message = MODERATION_MESSAGES.suspendedDone;
        } else if (decision.action === 'unsuspend') {
          if (!(await liftSuspension(trx, state.ownerId))) {
            throw new Conflict(MODERATION_MESSAGES.notSuspended);
          }
          for (const job of await suspendedJobsOf(trx, state.ownerId)) {
            const asksForMoney = findFeeRequestInJob({
              title: job.title,
              description: job.description,
              requiredSkills: JSON.parse(job.required_skills) as string[],
              town: job.town,
            });
            await setModeration(
              trx,
              { type: 'job', id: job.id },
              asksForMoney ? 'held' : 'published',
            );
          }
          await thawPayeeMoney(trx, state.ownerId, now);
          message = MODERATION_MESSAGES.unsuspendedDone;
        } else if (decision.action === 'publish') {
          if (state.ownerSuspended) throw new Conflict(MODERATION_MESSAGES.ownerSuspended);
          await setModeration(trx, target, 'published');
          await closeReports(trx, target, now);
          message = MODERATION_MESSAGES.published;
        } else {
          if (target.type === 'user') throw new RuleBroken(MODERATION_MESSAGES.profileNotRemovable);
          await setModeration(trx, target, 'removed');
          await closeReports(trx, target, now);
          message = MODERATION_MESSAGES.removed;
        }
        await logModeration(trx, actor.id, decision.action, target, now);
        const after = await findTarget(trx, target);
        return {
          targetType: target.type,
          targetId: target.id,
          moderation: after?.moderation ?? state.moderation,
          message,
        };
      });
      notifier?.kick();
      paymentsWorker?.kick();
      return result;
    },

    /**
     * Releases a disputed or frozen payment to the payee or refunds the payer, as
     * payments:resolve does.
     */
    async resolveDispute(actor: Actor, paymentId: number, decision: DisputeDecision) {
      mustBeAdmin(actor);
      const payment = await payments.resolve(paymentId, decision);
      await logModeration(db, actor.id, decision, { type: 'payment', id: payment.id }, clock());
      return { paymentId: payment.id, status: payment.status };
    },
  };
}

async function heldJobsQueue(db: Db): Promise<HeldJob[]> {
  const rows = await heldJobs(db);
  return rows.map((row) => {
    const request = findFeeRequestInJob({
      title: row.title,
      description: row.description,
      requiredSkills: JSON.parse(row.required_skills) as string[],
      town: row.town,
    });
    return {
      id: row.id,
      title: row.title,
      description: row.description,
      region: row.region,
      town: row.town,
      createdAt: row.created_at,
      poster: personRef(row.poster_id, row),
      reason: request ? `${FEE_RULE_LABELS[request.rule]}: "${request.phrase}"` : 'Held for review',
    };
  });
}

/** Every listing with open reports, those hidden by them first, then by their first report. */
async function reportedQueue(db: Db): Promise<ReportedListing[]> {
  const byTarget = new Map<
    string,
    { type: ReportTarget; id: number; reports: ReportedListing['reports'] }
  >();
  for (const row of await openReports(db)) {
    const key = `${row.target_type} ${row.target_id}`;
    const entry = byTarget.get(key) ?? {
      type: row.target_type as ReportTarget,
      id: row.target_id,
      reports: [],
    };
    entry.reports.push({
      reason: row.reason as ReportReason,
      details: row.details,
      createdAt: row.created_at,
    });
    byTarget.set(key, entry);
  }
  const listings: ReportedListing[] = [];
  for (const entry of byTarget.values()) {
    const state = await findTarget(db, entry);
    if (!state) continue;
    const [owner] = await peopleByIds(db, [state.ownerId]);
    if (!owner) continue;
    listings.push({
      targetType: entry.type,
      targetId: entry.id,
      title: state.title,
      owner: personRef(owner.id, owner),
      moderation: state.moderation,
      reports: entry.reports,
    });
  }
  const hidden = (listing: ReportedListing) => (listing.moderation === 'published' ? 1 : 0);
  return listings.sort((a, b) => hidden(a) - hidden(b));
}

/**
 * The payer and the payee of each of these payments, read at once: answers each party's
 * PersonRef by user id.
 */
async function paymentPartiesOf(
  db: Db,
  rows: readonly { payer_id: number; payee_id: number }[],
): Promise<(id: number) => PersonRef> {
  const people = new Map(
    (
      await peopleByIds(
        db,
        rows.flatMap((row) => [row.payer_id, row.payee_id]),
      )
    ).map((row) => [row.id, row]),
  );
  return (id) => {
    const person = people.get(id);
    if (!person) throw new Error(`Payment party ${id} has no user row`);
    return personRef(id, person);
  };
}

/** Money stopped by a payee's suspension, with both sides. */
async function frozenQueue(
  db: Db,
  payments: Pick<PaymentsService, 'frozen'>,
): Promise<FrozenPayment[]> {
  const rows = await payments.frozen();
  const ref = await paymentPartiesOf(db, rows);
  return Promise.all(
    rows.map(async (row) => ({
      paymentId: row.id,
      ...(await shownEngagement(db, row)),
      status: row.status === 'released' ? 'released' : 'held',
      amount: formatAmount(row.amount_pesewas),
      serviceFee: formatAmount(row.fee_pesewas),
      frozenAt: row.stopped_at ?? '',
      payer: ref(row.payer_id),
      payee: ref(row.payee_id),
    })),
  );
}

/**
 * What an operator's queue names a payment by: its booking or job application (a milestone's
 * payment, by the application it is a stage of).
 */
async function shownEngagement(
  db: Db,
  row: { engagement_type: string; engagement_id: number },
): Promise<{ engagementType: 'booking' | 'application'; engagementId: number }> {
  if (row.engagement_type === 'milestone') {
    const applicationId = await applicationOfMilestone(db, row.engagement_id);
    return { engagementType: 'application', engagementId: applicationId ?? row.engagement_id };
  }
  return {
    engagementType: row.engagement_type as 'booking' | 'application',
    engagementId: row.engagement_id,
  };
}

async function disputeQueue(
  db: Db,
  payments: Pick<PaymentsService, 'disputes'>,
): Promise<DisputeCase[]> {
  const rows = await payments.disputes();
  const ref = await paymentPartiesOf(db, rows);
  return Promise.all(
    rows.map(async (row) => ({
      paymentId: row.id,
      ...(await shownEngagement(db, row)),
      amount: formatAmount(row.amount_pesewas),
      serviceFee: formatAmount(row.fee_pesewas),
      disputedAt: row.disputed_at ?? '',
      disputedBy: row.disputed_by === row.payer_id ? 'payer' : 'payee',
      reason: row.dispute_reason ?? '',
      payer: ref(row.payer_id),
      payee: ref(row.payee_id),
    })),
  );
}
