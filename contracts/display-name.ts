/** The longest a cleaned display name may be, in characters. */
export const DISPLAY_NAME_MAX = 40;

/**
 * Digits a cleaned name keeps: enough for "R2Bees" or "4x4", too few to spell a phone number.
 */
const MAX_DIGITS = 3;

// Invisible format characters (bidi controls that reorder text, zero-width characters that hide
// it, soft hyphens) go without a trace.
const INVISIBLE = /\p{Cf}/gu;
// Everything else but letters, combining marks, digits, spaces, apostrophes, hyphens and '&'
// becomes a space: control characters, and the '.', '/', ':', '@', '+', '*' and '#' that make a
// web address, a phone number or a USSD code ("dial *170#") out of a name.
const NOT_NAME = /[^\p{L}\p{M}\p{Nd}\s'’&-]/gu;
const DIGIT = /\p{Nd}/gu;

/**
 * A person's or artist's name as it may be shown where its owner does not control the frame:
 * most of all inside an SMS that leaves under our sender ID. Compatibility forms are folded
 * (fullwidth letters and digits become plain ones), anything that is not part of a name is
 * dropped, whitespace is collapsed and the length capped. Gives '' when nothing is left; the
 * caller says what to show instead.
 */
export function cleanDisplayName(raw: string, maxLength: number = DISPLAY_NAME_MAX): string {
  let digits = 0;
  const cleaned = raw
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .replace(NOT_NAME, ' ')
    .replace(DIGIT, (digit) => (++digits <= MAX_DIGITS ? digit : ''))
    .replace(/\s+/gu, ' ')
    .trim();
  // Cut by code points, never inside a surrogate pair.
  return Array.from(cleaned).slice(0, maxLength).join('').trim();
}
