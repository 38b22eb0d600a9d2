import { type FeeRequest, has, phraseOf, set } from './reading.ts';

/** The Twi (Akan) rule, written with the Akan letters or with e and o for them. */

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

export function twiPayment(words: readonly string[]): FeeRequest | null {
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
