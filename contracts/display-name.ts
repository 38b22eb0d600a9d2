/** The longest a cleaned display name may be, in characters. */
export const DISPLAY_NAME_MAX = 40;

/**
 * Letters that carry no accent to fold away, as Ghanaian and European names write them in plain
 * Latin: Akan's ɛ and ɔ, Ewe's ɖ, ƒ, ɣ, ŋ and ʋ, and a few of Europe's. Anything not listed that
 * is still not A-Z after folding is dropped.
 */
export const LATIN_SPELLING: Record<string, string> = {
  Ɛ: 'E',
  ɛ: 'e',
  Ɔ: 'O',
  ɔ: 'o',
  Ɖ: 'D',
  ɖ: 'd',
  Ƒ: 'F',
  ƒ: 'f',
  Ɣ: 'G',
  ɣ: 'g',
  Ŋ: 'Ng',
  ŋ: 'ng',
  Ʋ: 'V',
  ʋ: 'v',
  ß: 'ss',
  Æ: 'AE',
  æ: 'ae',
  Œ: 'OE',
  œ: 'oe',
  Ø: 'O',
  ø: 'o',
  Đ: 'D',
  đ: 'd',
  Ð: 'D',
  ð: 'd',
  Þ: 'Th',
  þ: 'th',
  Ł: 'L',
  ł: 'l',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  // Apostrophes and hyphens people type in names, as their plain forms.
  '\u2019': "'",
  '\u2018': "'",
  '\u02BC': "'",
  '\u2010': '-',
  '\u2011': '-',
  '\u2013': '-',
};
const SPELLED = new RegExp(`[${Object.keys(LATIN_SPELLING).join('')}]`, 'gu');

// Accents (after NFKD they are combining marks) and invisible format characters (bidi controls
// that reorder text, zero-width characters that hide it, soft hyphens) go without a trace.
const MARKS_AND_INVISIBLE = /[\p{M}\p{Cf}]/gu;
// Digits of any script and letters still outside A-Z (Cyrillic З, Latin Ƽ and ȣ, Greek ...,
// many of which look like digits) go without a trace too.
const DIGITS_AND_LETTERS = /[\p{N}\p{L}]/gu;
const LATIN = /^[A-Za-z]$/;
// Anything else but spaces, apostrophes, hyphens and '&' becomes a space: control characters,
// and the '.', '/', ':', '@', '+', '*' and '#' that make a web address or a USSD code.
const NOT_NAME = /[^A-Za-z '&-]/g;

/**
 * A person's or artist's name as it may be shown where its owner does not control the frame:
 * most of all inside an SMS that leaves under our sender ID. Only the Latin letters A-Z
 * (accents folded: é is e, ɔ is o), spaces, `'`, `-` and `&` are kept, and no digit at all, so a
 * name can spell no phone number, code, link or USSD string, in any script or look-alike, and
 * stays in the GSM 7-bit alphabet of a plain SMS. Whitespace is collapsed and the length capped.
 * Gives '' when no letter is left; the caller says what to show instead.
 */
export function cleanDisplayName(raw: string, maxLength: number = DISPLAY_NAME_MAX): string {
  const cleaned = raw
    .normalize('NFKD')
    .replace(MARKS_AND_INVISIBLE, '')
    .replace(SPELLED, (letter) => LATIN_SPELLING[letter] ?? '')
    .replace(DIGITS_AND_LETTERS, (char) => (LATIN.test(char) ? char : ''))
    .replace(NOT_NAME, ' ')
    .replace(/ +/g, ' ')
    .trim();
  if (!/[A-Za-z]/.test(cleaned)) return '';
  return cleaned.slice(0, maxLength).trim();
}
