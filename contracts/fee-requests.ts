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

/** Why a text was held, for the operator: the kind of request and the words that made it one. */
export interface FeeRequest {
  rule: FeeRule;
  /** The matching words, as normalised (lower case, Akan letters as e and o). */
  phrase: string;
}

export type FeeRule =
  | 'named fee'
  | 'pay to apply or start'
  | 'money to a phone number'
  | 'forms for sale'
  | 'Twi: pay to apply or start';

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

// ---------------------------------------------------------------------------------------------
// Normalising

/**
 * Lower case, accents and zero-width characters gone, the Akan letters as their usual
 * replacements (ɛ e, ɔ o), currencies as "ghs", every spelling of mobile money as "momo",
 * decimals joined (so "50.00" does not end a sentence), punctuation as spaces.
 */
export function normalise(text: string): string {
  return (
    text
      .replace(/[ɛƐ]/g, 'e')
      .replace(/[ɔƆ]/g, 'o')
      .replace(/[ŋŊ]/g, 'ng')
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .replace(/[\p{Cf}]/gu, '')
      .toLowerCase()
      // Letters spaced out to slip past a filter ("r e g i s t r a t i o n  f e e") joined again,
      // and letters written apart with dots, dashes or stars ("f.e.e", "f-e-e", "f. e. e").
      .replace(/(?:^|(?<=\s))(?:\p{L} ){3,}\p{L}(?=\s|$|[^\p{L}])/gu, (run) =>
        run.replace(/ /g, ''),
      )
      .replace(/(?<![\p{L}\p{N}])\p{L}(?:[.\-_*·•] ?\p{L}){2,}(?![\p{L}\p{N}])/gu, (run) =>
        run.replace(/[^\p{L}]/gu, ''),
      )
      // A retraction ("just kidding") or a "but" ends what a "No fee!" before it said.
      .replace(
        /\b(?:just\s+)?(?:kidding|joking|jk|lol|haha)\b|\b(?:but|however)\b/g,
        (word) => ` ; ${word} `,
      )
      .replace(/(\d)[.,](\d)/g, '$1$2')
      .replace(/\b(reg|app|approx|e\.g|i\.e|no|nb|n\.b|tel)\.\s*/g, '$1 ')
      .replace(/gh\s?[₵¢]|ghs\b|ghc\b|gh¢|[₵¢]|\b(?:ghana\s+)?(?:cedis?|sidi)\b/g, ' ghs ')
      .replace(/\bmobile\s*money\b|\bm\s*[.-]?\s*o\s*[.-]\s*m\s*[.-]?\s*o\b|\bmomo\b/g, ' momo ')
      .replace(/(\d)\s?gh\b/g, '$1 ghs')
      .replace(/(\d)(ghs)/g, '$1 $2')
      .replace(/(ghs)(\d)/g, '$1 $2')
      .replace(/:/g, ' : ')
      .replace(/[^\p{L}\p{N}:.!?;\n]+/gu, ' ')
      .replace(/[\p{L}\p{N}]+(?: [\p{L}\p{N}]+)*/gu, amountsAsDigits)
  );
}

// ---------------------------------------------------------------------------------------------
// Amounts written in words

/** English and Twi number words (Twi as written without the Akan letters, ɔ as o, ɛ as e). */
const UNITS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fourty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  // Twi
  baako: 1,
  biako: 1,
  mmienu: 2,
  abien: 2,
  mmiensa: 3,
  abiesa: 3,
  enan: 4,
  anan: 4,
  enum: 5,
  anum: 5,
  nsia: 6,
  nson: 7,
  awotwe: 8,
  nwotwe: 8,
  akron: 9,
  nkron: 9,
  du: 10,
  aduonu: 20,
  aduasa: 30,
  aduanan: 40,
  aduonum: 50,
  aduosia: 60,
  aduoson: 70,
  aduowotwe: 80,
  aduokron: 90,
  ahanu: 200,
  ahasa: 300,
  ahanan: 400,
  ahanum: 500,
};
/** Words that multiply what came before them, or stand alone as their value. */
const SCALES: Record<string, number> = {
  hundred: 100,
  thousand: 1000,
  oha: 100,
  ha: 100,
  apem: 1000,
  mpem: 1000,
};
/** Words that join the parts of one amount: "two hundred and fifty", "oha ne aduonum". */
const NUMBER_JOINERS = new Set(['and', 'ne']);

/**
 * An amount written in words as digits ("fifty" 50, "two hundred and fifty" 250, Twi "aduonum"
 * 50, "oha ne aduonum" 150), so the rules below read it as they read "50". A run of words is
 * read left to right; a word that is not part of a number ends the amount.
 */
function amountsAsDigits(run: string): string {
  const words = run.split(' ');
  const out: string[] = [];
  let i = 0;
  while (i < words.length) {
    let total = 0;
    let current = 0;
    let j = i;
    let read = false;
    while (j < words.length) {
      const word = words[j] ?? '';
      const next = words[j + 1] ?? '';
      if (UNITS[word] !== undefined) {
        current += UNITS[word] ?? 0;
      } else if (SCALES[word] !== undefined) {
        const scale = SCALES[word] ?? 1;
        if (scale >= 1000) {
          total += (current || 1) * scale;
          current = 0;
        } else {
          current = (current || 1) * scale;
        }
      } else if (word === 'a' && SCALES[next] !== undefined) {
        // "a hundred"
      } else if (read && NUMBER_JOINERS.has(word) && (UNITS[next] ?? SCALES[next]) !== undefined) {
        // "and" between two parts of one amount
      } else {
        break;
      }
      read ||= UNITS[word] !== undefined || SCALES[word] !== undefined;
      j += 1;
    }
    if (read) {
      out.push(String(total + current));
      i = j;
    } else {
      out.push(words[i] ?? '');
      i += 1;
    }
  }
  return out.join(' ');
}

/** Sentences and lines: a request for money is made within one. */
function clauses(text: string): string[] {
  return text
    .split(/[.!?;\n]+/)
    .map((clause) => clause.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

const set = (...words: string[]) => new Set(words);
const has = (words: readonly string[], wanted: Set<string>) => words.some((w) => wanted.has(w));
const phraseOf = (words: readonly string[], from: number, to: number) =>
  words.slice(Math.max(0, from), to).join(' ');

/** Words that turn what follows into its opposite: "no registration fee", "you never pay". */
const NEGATIONS = set(
  'no',
  'not',
  'never',
  'dont',
  'don',
  'without',
  'zero',
  'nothing',
  'free',
  'wont',
  'doesn',
  'doesnt',
  'nil',
  'none',
  'waived',
);

/** Someone other than the applicant pays: "we pay", "the company covers". */
const EMPLOYER_SUBJECTS = set(
  'we',
  'weve',
  'well',
  'us',
  'our',
  'company',
  'employer',
  'employers',
  'management',
  'i',
  'ill',
  'client',
  'firm',
  'organisation',
  'organization',
  'agency',
  'hotel',
  'school',
  'church',
  'they',
);

// ---------------------------------------------------------------------------------------------
// English

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
function namedFee(words: readonly string[]): FeeRequest | null {
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
function payToGetTheJob(words: readonly string[]): FeeRequest | null {
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
function moneyToANumber(words: readonly string[]): FeeRequest | null {
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
function formsForSale(words: readonly string[]): FeeRequest | null {
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

// ---------------------------------------------------------------------------------------------
// Twi (Akan), written with the Akan letters or with e and o for them

/**
 * "Pay" with the applicant paying: the command (tua), "you (will) pay" (wotua, wobetua, and the
 * plural motua, mobetua), "you paid" (wotuaa). Not "we pay" (yetua, yebetua), "I pay" (metua),
 * "they pay you" (wobetua wo: the object is the applicant), nor the negatives (ntua, wontua,
 * worentua), which simply do not match.
 */
const TWI_APPLICANT_PAYS = /^(?:tua|wotua|wobetua|motua|mobetua|wotuaa)$/;
/** Money in a Twi clause: "sika" (money), "ka" (the cost), an amount, a fee, MoMo. */
const TWI_MONEY = set(
  'sika',
  'ka',
  'ghs',
  'fee',
  'fees',
  'registration',
  'form',
  'momo',
  'kaa',
  'ntoboa',
);
const isAmount = (word: string) => /^\d+$/.test(word);
/** "Yɛ" (we), "me" (I), "o/ɔ" (he, she): someone else is paying. */
const TWI_OTHERS_PAY = set('ye', 'yen', 'me', 'o', 'company', 'adwumawura', 'owura', 'yebe', 'ebe');

function twiPayment(words: readonly string[]): FeeRequest | null {
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? '';
    const next = words[i + 1] ?? '';
    // "tua" and its forms, paid by the applicant, with money or "before" in the clause.
    if (TWI_APPLICANT_PAYS.test(word)) {
      if (next === 'wo' || next === 'mo') continue; // someone pays you
      if (TWI_OTHERS_PAY.has(words[i - 1] ?? '')) continue;
      const rest = words.slice(i + 1, i + 12);
      if (rest.some((w) => TWI_MONEY.has(w) || isAmount(w)) || rest.includes('ansa')) {
        return { rule: 'Twi: pay to apply or start', phrase: phraseOf(words, i, i + 4) };
      }
    }
    // "Fa sika bra / ma" (bring, give money), "de sika bra" (bring money).
    if ((word === 'fa' || word === 'de') && (next === 'sika' || next === 'ghs' || isAmount(next))) {
      const rest = words.slice(i + 2, i + 8);
      if (
        rest.some((w) => w === 'bra' || w === 'ma' || w === 'soma' || w === 'to' || w === 'ansa')
      ) {
        return { rule: 'Twi: pay to apply or start', phrase: phraseOf(words, i, i + 4) };
      }
    }
    // "Soma sika / momo" (send money), by the applicant.
    if (
      (word === 'soma' || word === 'wosoma') &&
      (next === 'sika' || next === 'momo' || next === 'ghs' || isAmount(next))
    ) {
      if (TWI_OTHERS_PAY.has(words[i - 1] ?? '')) continue;
      return { rule: 'Twi: pay to apply or start', phrase: phraseOf(words, i, i + 3) };
    }
    // "MoMo ... ansa" (MoMo ... before).
    if (word === 'momo' && words.slice(i + 1, i + 10).includes('ansa')) {
      if (has(words.slice(0, i), set('yebetua', 'yetua', 'yebede', 'yede'))) continue;
      return { rule: 'Twi: pay to apply or start', phrase: phraseOf(words, i, i + 6) };
    }
  }
  return null;
}
