/**
 * Cleaning of text people type: names, searches and free text. Pure: runs everywhere.
 *
 * Bidi controls (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069) reorder the text around
 * them, so a name or a bio can be made to read as something else; they are removed everywhere.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
const CONTROL_CHARACTERS = /\p{Cc}/gu;
/** The control characters free text keeps. */
const KEPT_CONTROLS = new Set(['\n', '\t']);
/** Halves of a surrogate pair with no other half: no character at all. */
const LONE_SURROGATES = /\p{Cs}/gu;

/** Text on one line (a search): bidi controls removed, each control character a space. */
export function stripControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '').replace(CONTROL_CHARACTERS, ' ');
}

/**
 * Free text (a bio, a cover letter, a job's description, a venue, event details): bidi controls,
 * control characters other than line feeds and tabs (a carriage return included, so CRLF
 * becomes LF) and broken surrogates removed. The one cleaning every free-text field gets.
 */
export function cleanText(text: string): string {
  return text
    .replace(BIDI_CONTROLS, '')
    .replace(CONTROL_CHARACTERS, (control) => (KEPT_CONTROLS.has(control) ? control : ''))
    .replace(LONE_SURROGATES, '');
}

/**
 * What a name may not hold at all: format characters (bidi controls, zero-width characters,
 * soft hyphens, the interlinear annotation marks U+FFF9-U+FFFB, hieroglyph format controls),
 * private-use and unassigned code points (U+FFFF and the like, which draw nothing or whatever a
 * font decides), broken surrogates, and the other default-ignorable characters (Hangul fillers,
 * variation selectors) that draw nothing.
 */
const NOT_IN_NAMES = /[\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Default_Ignorable_Code_Point}]/gu;

/** A name as it is kept: invisible and unassigned characters gone, controls and runs of spaces one space, trimmed. */
export function cleanName(text: string): string {
  return text
    .replace(NOT_IN_NAMES, '')
    .replace(CONTROL_CHARACTERS, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether a name has a letter or a digit, of any script: what makes it a name at all. */
export const hasLetterOrDigit = (text: string): boolean => /[\p{L}\p{N}]/u.test(text);

/**
 * Whether text shows anything at all: a character left once the invisible ones (zero-width
 * spaces, format and unassigned characters) and spaces are gone. A title of symbols shows; one
 * of zero-width spaces does not.
 */
export const hasVisibleCharacter = (text: string): boolean =>
  text.replace(NOT_IN_NAMES, '').replace(CONTROL_CHARACTERS, '').trim() !== '';
