import { EMPLOYER_SUBJECTS, type FeeRequest, has, NEGATIONS, phraseOf, set } from './reading.ts';

/** The English rule for a fee named with an amount: "registration fee GHS 50", "form: 50 cedis". */

/** The kinds of fee a scam asks applicants for. "Transport fee" and "booking fee" are not among them. */
const FEE_KINDS = set(
  'registration',
  'reg',
  'registeration',
  'application',
  'processing',
  'training',
  'medical',
  'medicals',
  'interview',
  'form',
  'forms',
  'admin',
  'administrative',
  'administration',
  'uniform',
  'commitment',
  'placement',
  'recruitment',
  'screening',
  'onboarding',
  'enrolment',
  'enrollment',
  'joining',
  'membership',
  'induction',
  'verification',
  'clearance',
  'documentation',
  'orientation',
  'card',
  'kit',
  'pack',
  'logistics',
  'consultation',
  'shortlisting',
  'appointment',
);
const FEE_WORDS = set('fee', 'fees', 'charge', 'charges', 'levy', 'deposit');
/** Who pays a fee, when it is not the applicant: "paid by the company", "covered by us". */
const PAID_BY_OTHERS = set(
  'paid',
  'covered',
  'borne',
  'refunded',
  'sponsored',
  'provided',
  'waived',
);
const EMPLOYER_PAYING = set(
  'pay',
  'pays',
  'cover',
  'covers',
  'refund',
  'refunds',
  'bear',
  'bears',
  'sponsor',
  'sponsors',
  'provide',
  'provides',
);

/** What may stand between a fee's kind and its amount: "Registration: GHS 50", "Training is 200 cedis". */
const BEFORE_AMOUNT = set(':', 'is', 'cost', 'costs', 'of', 'at', 'will', 'be');

/**
 * Where the fee named at `kind` (a FEE_KINDS word) has its amount right after it, with no fee
 * word: "Registration: fifty cedis", "Reg GHS 50", "Medicals 200 cedis". The index after the
 * amount's currency, or -1.
 */
function kindWithAmount(words: readonly string[], kind: number): number {
  for (let j = kind + 1; j <= kind + 4 && j < words.length; j++) {
    const word = words[j] ?? '';
    if (word === 'ghs') {
      const amount = [words[j - 1] ?? '', words[j + 1] ?? ''].some((w) => /^\d/.test(w));
      return amount ? j + 1 : -1;
    }
    if (!(BEFORE_AMOUNT.has(word) || /^\d/.test(word))) return -1;
  }
  return -1;
}

/**
 * "registration fee", "training and uniform fees", "Registration: GHS 50", unless waived or paid
 * by the employer.
 */
export function namedFee(words: readonly string[]): FeeRequest | null {
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? '';
    const named = FEE_WORDS.has(word) && FEE_KINDS.has(words[i - 1] ?? '');
    // Forms with a price are forms for sale (formsForSale), not a fee.
    const priced = FEE_KINDS.has(word) && !word.startsWith('form') && kindWithAmount(words, i) > 0;
    if (!named && !priced) continue;
    const kind = named ? i - 1 : i;
    const end = named ? i + 1 : kindWithAmount(words, i);
    const before = words.slice(Math.max(0, kind - 5), kind);
    const after = words.slice(end, end + 4);
    if (has(before, NEGATIONS) || has(after.slice(0, 3), NEGATIONS)) continue;
    if (after[0] === ':' && NEGATIONS.has(after[1] ?? '')) continue;
    if (has(after, PAID_BY_OTHERS) && after.includes('by')) continue;
    const clauseBefore = words.slice(0, kind);
    if (has(clauseBefore, EMPLOYER_SUBJECTS) && has(clauseBefore, EMPLOYER_PAYING)) continue;
    return { rule: 'named fee', phrase: phraseOf(words, kind, end) };
  }
  return null;
}
