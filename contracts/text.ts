/**
 * Cleaning of short text people type: names and searches. Pure: runs everywhere.
 *
 * Bidi controls (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069) reorder the text around
 * them, so a name can be made to read as something else in a list or an SMS; they are removed.
 * Control characters (NUL, tab, newline ...) have no place in one line of text; they become
 * spaces.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
const CONTROL_CHARACTERS = /\p{Cc}/gu;

/** Text without bidi controls, each control character a space. */
export function stripControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '').replace(CONTROL_CHARACTERS, ' ');
}

/** A name as it is kept: controls stripped, runs of spaces made one, trimmed. */
export function cleanName(text: string): string {
  return stripControls(text).replace(/\s+/g, ' ').trim();
}

/**
 * Characters that draw nothing by themselves: spaces, the default-ignorable ones (zero-width
 * space and joiners, soft hyphen, word joiner, BOM, Hangul fillers, variation selectors, tags
 * ...), combining marks with no letter to sit on, and the blank Braille pattern.
 */
const INVISIBLE = /^[\p{Default_Ignorable_Code_Point}\p{Cc}\p{Z}\p{M}\s\u2800]*$/u;

/** Whether the text shows at least one character a reader can see. */
export const hasVisibleCharacter = (text: string): boolean => !INVISIBLE.test(text);
