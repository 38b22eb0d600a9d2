/**
 * The fee-scam filter. The commonest job scam in Ghana is a fake job that asks applicants for
 * money ("registration fee", "pay GHS 50 before you start", "send MoMo to 024... to apply"), so
 * a job post whose text asks applicants to pay to apply, register or start is held for an
 * operator instead of published. The patterns read English (with Ghanaian usage: MoMo, forms
 * that are "sold") and Twi (Akan), written with or without the Akan letters.
 *
 * Tuned for few false positives: an employer paying ("We pay weekly", "We pay 50% on start",
 * "Yɛbɛtua wo", "Payment by MoMo after each shift"), a fee that is waived ("No registration
 * fee") and work about money ("reconcile MoMo statements") all pass. A post that slips through
 * can still be reported; one held wrongly is published by an operator. Pure: no I/O.
 */

import { formsForSale, moneyToANumber, payToGetTheJob } from './fee-requests/english.ts';
import { namedFee } from './fee-requests/named-fee.ts';
import { clauses, type FeeRequest, type FeeRule, normalise } from './fee-requests/reading.ts';
import { twiPayment } from './fee-requests/twi.ts';

export type { FeeRequest, FeeRule };

export const FEE_RULE_LABELS: Record<FeeRule, string> = {
  'named fee': 'Names a fee applicants pay',
  'pay to apply or start': 'Asks applicants to pay to apply or start',
  'money to a phone number': 'Asks applicants to send money to a number',
  'forms for sale': 'Sells application forms',
  'Twi: pay to apply or start': 'Asks applicants to pay (Twi)',
};

/** The first request for money in `text`, or null when it asks for none. */
export function findFeeRequest(text: string): FeeRequest | null {
  for (const clause of clauses(normalise(text))) {
    const words = clause.split(' ').filter(Boolean);
    const found =
      namedFee(words) ??
      payToGetTheJob(words) ??
      moneyToANumber(words) ??
      formsForSale(words) ??
      twiPayment(words);
    if (found) return found;
  }
  return null;
}

/** The parts of a job post people write, checked together (the town is free text too). */
export function findFeeRequestInJob(job: {
  title: string;
  description: string;
  requiredSkills: readonly string[];
  town?: string | null;
}): FeeRequest | null {
  return findFeeRequest(
    [job.title, job.description, ...job.requiredSkills, job.town ?? ''].join('\n'),
  );
}
