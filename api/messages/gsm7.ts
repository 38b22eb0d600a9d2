import { LATIN_SPELLING } from '../../contracts/display-name.ts';

/**
 * The GSM 03.38 default alphabet (7-bit), in table order. A text made only of these characters
 * (and of the extension table's, two septets each) goes as GSM-7: 160 characters to an SMS,
 * 182 to a USSD screen. One character outside them (ɛ, ɔ, ŋ, an emoji, a curly quote) turns an
 * SMS into UCS-2, 70 characters, and a USSD screen into garbage on many handsets.
 */
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';

/** The extension table: each is sent as ESC and the character, so it counts twice. */
const GSM7_EXTENSION = '\f^{}\\[~]|€';

const BASIC = new Set(GSM7_BASIC.replace('\u001b', ''));
const EXTENSION = new Set(GSM7_EXTENSION);

/** The most a single SMS carries in GSM-7, in septets. */
export const SMS_MAX = 160;
/** The most a USSD screen carries, in septets; we aim at SMS_MAX where we can. */
export const USSD_MAX = 182;

/** Whether every character of the text is in the GSM-7 basic or extension table. */
export function isGsm7(text: string): boolean {
  for (const char of text) {
    if (!BASIC.has(char) && !EXTENSION.has(char)) return false;
  }
  return true;
}

/** The text's length in septets (an extension character counts two); NaN when not GSM-7. */
export function gsm7Length(text: string): number {
  let length = 0;
  for (const char of text) {
    if (BASIC.has(char)) length += 1;
    else if (EXTENSION.has(char)) length += 2;
    else return Number.NaN;
  }
  return length;
}

const SPELLED = new RegExp(`[${Object.keys(LATIN_SPELLING).join('')}]`, 'gu');

/**
 * Text someone wrote (a job title, an event type), as a USSD screen or an SMS can carry it:
 * accents folded, ɛ as e, ɔ as o, ŋ as ng (as names are spelled), control characters and
 * line breaks as spaces, and anything else outside the basic GSM-7 table dropped. Cut to
 * `maxLength` characters, with "..." when cut.
 */
export function gsm7Text(raw: string, maxLength: number): string {
  const cleaned = raw
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(SPELLED, (letter) => LATIN_SPELLING[letter] ?? '')
    .replace(/[\s\p{Cc}]+/gu, ' ')
    .replace(/./gu, (char) => (BASIC.has(char) ? char : ''))
    .replace(/ +/g, ' ')
    .trim();
  if (cleaned.length <= maxLength) return cleaned;
  return `${cleaned.slice(0, Math.max(0, maxLength - 3)).trimEnd()}...`;
}
