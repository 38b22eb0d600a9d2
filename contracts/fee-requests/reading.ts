/**
 * How the fee-scam filter reads a text: normalised words, amounts written in words as digits,
 * clauses, and the words shared by the English and Twi rules.
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
export function clauses(text: string): string[] {
  return text
    .split(/[.!?;\n]+/)
    .map((clause) => clause.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

export const set = (...words: string[]) => new Set(words);
export const has = (words: readonly string[], wanted: Set<string>) =>
  words.some((w) => wanted.has(w));
export const phraseOf = (words: readonly string[], from: number, to: number) =>
  words.slice(Math.max(0, from), to).join(' ');

/** Words that turn what follows into its opposite: "no registration fee", "you never pay". */
export const NEGATIONS = set(
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
export const EMPLOYER_SUBJECTS = set(
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
