import { EMPLOYER_SUBJECTS, type FeeRequest, has, NEGATIONS, phraseOf, set } from './reading.ts';

/**
 * The English rules, with Ghanaian usage (MoMo, forms that are "sold"): an applicant told to pay
 * to apply or start, money sent to a phone number, application forms for sale.
 */

/** Verbs by which an applicant would hand over money. */
const MONEY_VERBS = set('pay', 'send', 'transfer', 'deposit', 'momo', 'contribute', 'remit');
/** Words that may open an instruction before its verb: "Kindly pay ...", "NB: send ...". */
const INSTRUCTION_OPENERS = set(
  'kindly',
  'please',
  'pls',
  'plz',
  'just',
  'also',
  'then',
  'and',
  'so',
  'now',
  'first',
  'firstly',
  'note',
  'nb',
  ':',
  'simply',
  'quickly',
  'you',
  'must',
  'should',
  'will',
  'to',
  'need',
  'needs',
  'have',
  'has',
  'are',
  'is',
  'required',
  'expected',
  'asked',
  'only',
  'can',
  'may',
  'would',
  'each',
  'all',
  'every',
  'successful',
  'shortlisted',
  'selected',
  'interested',
  'qualified',
  'applicant',
  'applicants',
  'candidate',
  'candidates',
  'person',
  'persons',
  'people',
  'individuals',
  'everyone',
  'anyone',
  'who',
  'wants',
  'want',
  'wish',
  'wishing',
  'the',
  'be',
  'before',
  // A retraction that opens the clause: "No fee! Just kidding, pay 50 cedis first."
  'kidding',
  'joking',
  'jk',
  'lol',
  'but',
  'actually',
  'ok',
  'okay',
  'anyway',
);
/** The applicant as the one who pays: "you", "applicants", "interested persons". */
const APPLICANT_SUBJECTS = set(
  'you',
  'applicant',
  'applicants',
  'candidate',
  'candidates',
  'persons',
  'person',
  'people',
  'individuals',
  'everyone',
  'anyone',
  'each',
  'all',
);
/** Words after "pay" that make it a noun: "Pay: GHS 45/hr", "pay is weekly", "pay per hour". */
const PAY_AS_NOUN = set(
  ':',
  'is',
  'was',
  'rate',
  'rates',
  'range',
  'per',
  'of',
  'are',
  'will',
  'scale',
  'slip',
  'day',
  'days',
  'period',
  'date',
);

/** What the money is for, after "before": anything that stands between an applicant and the job. */
const BEFORE_WHAT = set(
  'you',
  'your',
  'apply',
  'applying',
  'application',
  'register',
  'registering',
  'registration',
  'start',
  'starting',
  'begin',
  'beginning',
  'resume',
  'resumption',
  'interview',
  'interviews',
  'work',
  'working',
  'employment',
  'training',
  'shortlisting',
  'selection',
  'the',
  'we',
  'being',
  'getting',
  'joining',
  'reporting',
  'screening',
  'medicals',
  'medical',
  'appointment',
  'placement',
  'engagement',
  'recruitment',
  'onboarding',
  'orientation',
  'deployment',
);
/** ... after "to" or "in order to": "to apply", "to be shortlisted", "to secure your slot". */
const TO_WHAT = set(
  'apply',
  'register',
  'registered',
  'shortlisted',
  'considered',
  'employed',
  'hired',
  'selected',
  'recruited',
  'secure',
  'confirm',
  'book',
  'process',
  'receive',
  'collect',
  'reserve',
  'qualify',
  'enrol',
  'enroll',
  'join',
  'attend',
  'get',
  'obtain',
  'activate',
  'unlock',
  'complete',
);
/** ... after "for": "for your form", "for registration", "for the uniform". */
const FOR_WHAT = set(
  'form',
  'forms',
  'registration',
  'application',
  'processing',
  'training',
  'uniform',
  'uniforms',
  'medical',
  'medicals',
  'id',
  'interview',
  'screening',
  'clearance',
  'documents',
  'documentation',
  'appointment',
  'slot',
  'placement',
  'shortlisting',
  'verification',
  'onboarding',
  'kit',
  'starter',
  'enrolment',
  'enrollment',
  'booking',
);

/** What shows an applicant's money changing hands: an amount, a fee, MoMo, cash. */
const MONEY_OBJECTS = set(
  'ghs',
  'money',
  'cash',
  'momo',
  'fee',
  'fees',
  'token',
  'airtime',
  'amount',
  'sum',
  'deposit',
  'payment',
  'dollars',
  'usd',
);
/** "MoMo" is a verb only when money or someone follows: "MoMo me", "MoMo GHS 50", not "MoMo agent". */
const AFTER_MOMO_AS_VERB = set(
  'me',
  'us',
  'it',
  'the',
  'ghs',
  'a',
  'your',
  'this',
  'to',
  'fee',
  'money',
  'amount',
  'token',
  'him',
  'her',
  'them',
);

/** Where a money verb is an instruction to the applicant to pay, or -1. */
function applicantPays(words: readonly string[]): number {
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? '';
    if (!MONEY_VERBS.has(word)) continue;
    const next = words[i + 1] ?? '';
    if (word === 'pay' && PAY_AS_NOUN.has(next)) continue;
    if (word === 'momo' && !(AFTER_MOMO_AS_VERB.has(next) || /^\d/.test(next))) continue;
    const before = words.slice(0, i);
    if (has(before.slice(-4), NEGATIONS) || has(before, EMPLOYER_SUBJECTS)) continue;
    const instruction =
      before.length === 0 ||
      before.every((w) => INSTRUCTION_OPENERS.has(w)) ||
      has(before.slice(-5), APPLICANT_SUBJECTS);
    if (!instruction) continue;
    // "pay nothing", "pay no fee"
    if (NEGATIONS.has(next) || NEGATIONS.has(words[i + 2] ?? '')) continue;
    return i;
  }
  return -1;
}

/** Whether the words name what the payment is for: to apply, before starting, for the form. */
function purposeAt(words: readonly string[], j: number): boolean {
  const word = words[j];
  const next = words[j + 1] ?? '';
  const then = words[j + 2] ?? '';
  return (
    (word === 'before' && BEFORE_WHAT.has(next)) ||
    word === 'ansa' ||
    (word === 'to' && (TO_WHAT.has(next) || (next === 'be' && TO_WHAT.has(then)))) ||
    (word === 'order' && next === 'to') ||
    (word === 'for' && words.slice(j + 1, j + 4).some((w) => FOR_WHAT.has(w))) ||
    (word === 'so' && (next === 'you' || next === 'that')) ||
    // After the payment: "pay GHS 50 first", "send it upfront", "in advance".
    word === 'first' ||
    word === 'upfront' ||
    word === 'beforehand' ||
    (word === 'in' && next === 'advance')
  );
}

/** "Pay GHS 50 before your interview", "send 100 cedis to register", "pay for your uniform". */
export function payToGetTheJob(words: readonly string[]): FeeRequest | null {
  const at = applicantPays(words);
  if (at < 0) return null;
  const verb = words[at];
  const object = words.slice(at + 1, at + 8);
  const forWhat = object.some((w, j) => w === 'for' && purposeAt(object, j));
  if (!(verb === 'momo' || has(object, MONEY_OBJECTS) || (verb === 'pay' && forWhat))) return null;
  for (let j = 0; j < words.length; j++) {
    if (j === at || (j < at && words[j] !== 'before')) continue;
    if (j > at + 14) break;
    if (purposeAt(words, j)) {
      const [from, to] = j < at ? [j, at + 3] : [at, j + 3];
      return { rule: 'pay to apply or start', phrase: phraseOf(words, from, to) };
    }
  }
  return null;
}

/** A Ghana phone number, local (024..., 0244 123 456 split over words) or international (233...). */
function phoneNumberAt(words: readonly string[], from: number): boolean {
  const digits = words
    .slice(from)
    .join(' ')
    .match(/^(?:\d[\d ]*)/)?.[0]
    ?.replace(/ /g, '');
  return Boolean(digits && /^(?:0\d{9}|233\d{9})/.test(digits));
}

/** Words that make a MoMo number the worker's pay, not the applicant's payment. */
const WORKER_IS_PAID = set('paid', 'salary', 'salaries', 'wage', 'wages', 'earn', 'earnings');

/**
 * "MoMo 0241234567" anywhere in a clause, not only as an instruction: a number to send MoMo
 * to is the poster's, and an employer who pays has no reason to publish one.
 */
function momoToANumber(words: readonly string[]): FeeRequest | null {
  for (let j = 0; j < words.length; j++) {
    if (words[j] !== 'momo' || !phoneNumberAt(words, j + 1)) continue;
    const before = words.slice(0, j);
    if (has(before, EMPLOYER_SUBJECTS) || has(before, WORKER_IS_PAID)) continue;
    if (has(before.slice(-4), NEGATIONS)) continue;
    return { rule: 'money to a phone number', phrase: phraseOf(words, j, j + 2) };
  }
  return null;
}

/** "Send the money to 0244123456", "MoMo 0551234567 with your name", "to our MoMo number". */
export function moneyToANumber(words: readonly string[]): FeeRequest | null {
  const straight = momoToANumber(words);
  if (straight) return straight;
  const at = applicantPays(words);
  if (at < 0) return null;
  const verb = words[at];
  if (verb !== 'pay' && verb !== 'momo' && !has(words.slice(at + 1, at + 8), MONEY_OBJECTS)) {
    return null;
  }
  // "MoMo me 50 cedis", "send us GHS 20": straight to the poster's own number.
  if (
    ['me', 'us'].includes(words[at + 1] ?? '') &&
    has(words.slice(at + 2, at + 8), MONEY_OBJECTS)
  ) {
    return { rule: 'money to a phone number', phrase: phraseOf(words, at, at + 5) };
  }
  for (let j = at + 1; j < Math.min(words.length, at + 12); j++) {
    if (/^\d/.test(words[j] ?? '') && phoneNumberAt(words, j)) {
      return { rule: 'money to a phone number', phrase: phraseOf(words, at, j + 1) };
    }
    const numberWord = words[j + 1] ?? '';
    if (
      words[j] === 'momo' &&
      ['number', 'no', 'line', 'account', 'wallet', 'merchant'].includes(numberWord)
    ) {
      if (['your', 'their', 'his', 'her'].includes(words[j - 1] ?? '')) continue;
      return { rule: 'money to a phone number', phrase: phraseOf(words, at, j + 2) };
    }
  }
  return null;
}

/** "Buy an application form", "forms are sold at GHS 50", "sale of forms". */
export function formsForSale(words: readonly string[]): FeeRequest | null {
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? '';
    if (word !== 'form' && word !== 'forms') continue;
    const before = words.slice(Math.max(0, i - 4), i);
    const after = words.slice(i + 1, i + 5);
    if (has(before, NEGATIONS) || has(after.slice(0, 2), NEGATIONS)) continue;
    const bought = before.some((w) => w === 'buy' || w === 'purchase' || w === 'sale');
    const sold = after.some(
      (w) => w === 'sold' || w === 'selling' || w === 'cost' || w === 'costs',
    );
    const priced = after[0] === 'at' && (after[1] === 'ghs' || /^\d/.test(after[1] ?? ''));
    if (bought || sold || priced) {
      return { rule: 'forms for sale', phrase: phraseOf(words, i - before.length, i + 3) };
    }
  }
  return null;
}
