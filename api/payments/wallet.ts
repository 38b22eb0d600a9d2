import type { Kysely } from 'kysely';
import { formatAmount } from '../../contracts/money.ts';
import type { Wallet, WalletEntry } from '../../contracts/payments.ts';
import type { Database } from '../db/database.ts';
import {
  type Engagement,
  type EngagementType,
  findEngagement,
} from '../engagements/engagements-service.ts';
import { dayLabel } from '../lib/day-label.ts';
import { ACCOUNTS } from './ledger.ts';
import { userLedgerLines } from './ledger-repository.ts';
import { payoutDestination } from './payout-settings.ts';
import { payoutsToRetry } from './payouts-repository.ts';

/** The newest lines the wallet lists; its figures count every line. */
const WALLET_ENTRIES = 50;

interface UserTransaction {
  id: number;
  kind: string;
  createdAt: string;
  paymentId: number;
  payerId: number;
  payeeId: number;
  amountPesewas: number;
  engagement: { type: EngagementType; id: number };
  /** The transaction's lines, by account code. */
  lines: Map<string, number>;
}

/**
 * A user's wallet, read from the ledger alone: money they paid and got back as a payer, money
 * held for them, released to them and paid out as a payee. Held: escrow of their engagements
 * still holding money (their share, the fee aside). Earned: released to them. Spent: paid less
 * refunded. Pending payout: released and not yet in their wallet (on its way, or failed and
 * waiting for Withdraw Funds); payout failed: the failed part alone. Payout held until: when
 * payouts to a payout number set less than 24 hours before may go.
 */
export async function readWallet(db: Kysely<Database>, userId: number, now: Date): Promise<Wallet> {
  const rows = await userLedgerLines(db, userId);
  const transactions = new Map<number, UserTransaction>();
  for (const row of rows) {
    let transaction = transactions.get(row.id);
    if (!transaction) {
      transaction = {
        id: row.id,
        kind: row.kind,
        createdAt: row.created_at,
        paymentId: row.payment_id,
        payerId: row.payer_id,
        payeeId: row.payee_id,
        amountPesewas: row.payment_amount,
        engagement: { type: row.engagement_type as EngagementType, id: row.engagement_id },
        lines: new Map(),
      };
      transactions.set(row.id, transaction);
    }
    transaction.lines.set(row.code, (transaction.lines.get(row.code) ?? 0) + row.amount_pesewas);
  }

  const escrowOfPayee = new Map<number, { amount: number; escrow: number }>();
  let earned = 0;
  let spent = 0;
  let paidOut = 0;
  const entries: (Omit<WalletEntry, 'description' | 'engagement'> & {
    engagement: { type: EngagementType; id: number };
  })[] = [];
  for (const transaction of transactions.values()) {
    const escrowLine = transaction.lines.get(ACCOUNTS.escrow(transaction.paymentId)) ?? 0;
    const payeeLine = transaction.lines.get(ACCOUNTS.payee(transaction.payeeId)) ?? 0;
    const asPayer = transaction.payerId === userId;
    if (!asPayer && escrowLine !== 0) {
      const held = escrowOfPayee.get(transaction.paymentId) ?? {
        amount: transaction.amountPesewas,
        escrow: 0,
      };
      held.escrow += escrowLine;
      escrowOfPayee.set(transaction.paymentId, held);
    }
    const entry = (kind: WalletEntry['kind'], pesewas: number) =>
      entries.push({
        id: transaction.id,
        createdAt: transaction.createdAt,
        kind,
        amount: formatAmount(pesewas),
        engagement: transaction.engagement,
      });
    switch (transaction.kind) {
      case 'charge_succeeded':
        if (asPayer) {
          spent -= escrowLine;
          entry('paid', escrowLine);
        } else {
          entry('held_for_you', transaction.amountPesewas);
        }
        break;
      case 'refund_started':
        if (asPayer) {
          spent -= escrowLine;
          entry('refunded', escrowLine);
        } else {
          // The payee's share of the refunded charge: what "held for you" showed them.
          entry('returned_to_payer', -transaction.amountPesewas);
        }
        break;
      case 'released':
        if (!asPayer) {
          earned -= payeeLine;
          entry('released', -payeeLine);
        }
        break;
      case 'payout_started':
        if (!asPayer) entry('payout_sent', -payeeLine);
        break;
      case 'payout_succeeded':
        if (!asPayer) paidOut += transaction.lines.get(ACCOUNTS.payoutsInFlight) ?? 0;
        break;
      case 'payout_reversed':
        if (!asPayer) {
          paidOut += payeeLine;
          entry('payout_failed', -payeeLine);
        }
        break;
      case 'payout_failed':
        if (!asPayer) entry('payout_failed', -payeeLine);
        break;
    }
  }
  let held = 0;
  for (const { amount, escrow } of escrowOfPayee.values()) if (escrow !== 0) held += amount;

  const retries = await payoutsToRetry(db, userId);
  const payoutFailed = retries.reduce((sum, retry) => sum + retry.amount_pesewas, 0);

  const newest = entries.reverse().slice(0, WALLET_ENTRIES);
  const deals = new Map<string, Engagement | undefined>();
  const keyOf = (ref: { type: EngagementType; id: number }) => `${ref.type}:${ref.id}`;
  for (const { engagement } of newest) {
    if (!deals.has(keyOf(engagement))) {
      deals.set(keyOf(engagement), await findEngagement(db, engagement));
    }
  }
  return {
    held: formatAmount(held),
    earned: formatAmount(earned),
    spent: formatAmount(spent),
    pendingPayout: formatAmount(earned - paidOut),
    payoutFailed: formatAmount(payoutFailed),
    payoutHeldUntil: (await payoutDestination(db, userId, now)).heldUntil,
    entries: newest.map(({ engagement: ref, ...entry }) => {
      const deal = deals.get(keyOf(ref));
      const stage = deal?.milestone ?? null;
      return {
        ...entry,
        // A milestone's line names its job's application (its card) and which stage it was.
        engagement: stage
          ? { type: 'application' as const, id: stage.applicationId }
          : { type: ref.type as 'booking' | 'application', id: ref.id },
        ...(stage ? { milestone: { position: stage.position, title: stage.title } } : {}),
        description: deal ? describe(deal) : '',
      };
    }),
  };
}

/** "Booking of DJ Kasa, 14 Mar 2027" or "Job: Plumber needed in Kumasi". */
function describe(engagement: Engagement): string {
  if (engagement.type === 'booking') {
    return `Booking of ${engagement.stageName}, ${dayLabel(engagement.eventStart ?? '')}`;
  }
  return `Job: ${engagement.jobTitle}`;
}
