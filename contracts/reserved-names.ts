/**
 * Names that pass for us or for a network: "Ghana Gigs Support", "MTN MoMo", "Telecel Official".
 * A name goes out under our sender ID ("New booking request from ..."), so nobody may set one
 * that reads as the platform, a mobile network, mobile money or the payment provider, however it
 * is spelled: in look-alike letters of other scripts (Cyrillic а, Greek ο), in digits and
 * symbols for letters (0 for o, 1 for l, $ for s, @ for a), spaced out or punctuated
 * ("G h a n a  G i g s", "M.T.N"), doubled ("Telecell"). Support, Admin and Official are refused
 * beside those names and beside the networks' older names (Airtel, Tigo, Vodafone), never alone:
 * "Kofi Admin" is someone's name. Pure: no I/O, runs everywhere.
 */

export const RESERVED_NAME_MESSAGES = {
  reserved:
    'A name cannot look like Ghana Gigs, MTN, MoMo, Telecel, AirtelTigo or Paystack, or their support',
} as const;

/**
 * Letters of other scripts (and Latin small capitals) that look like a Latin letter, in the case
 * they are typed: Greek capital Μ is M while small μ is u, so the case matters.
 */
const LOOK_ALIKES: Record<string, string> = {
  // Cyrillic
  А: 'a',
  а: 'a',
  В: 'b',
  в: 'b',
  Е: 'e',
  е: 'e',
  Ё: 'e',
  ё: 'e',
  К: 'k',
  к: 'k',
  М: 'm',
  м: 'm',
  Н: 'h',
  н: 'h',
  О: 'o',
  о: 'o',
  Р: 'p',
  р: 'p',
  С: 'c',
  с: 'c',
  Т: 't',
  т: 't',
  У: 'y',
  у: 'y',
  Х: 'x',
  х: 'x',
  І: 'i',
  і: 'i',
  Ї: 'i',
  ї: 'i',
  Ј: 'j',
  ј: 'j',
  Ѕ: 's',
  ѕ: 's',
  Ԁ: 'd',
  ԁ: 'd',
  Һ: 'h',
  һ: 'h',
  Ԍ: 'g',
  ԍ: 'g',
  Ԛ: 'q',
  ԛ: 'q',
  Ԝ: 'w',
  ԝ: 'w',
  Ӏ: 'l',
  ӏ: 'l',
  П: 'n',
  п: 'n',
  Г: 'r',
  г: 'r',
  // Greek
  Α: 'a',
  α: 'a',
  Β: 'b',
  β: 'b',
  Ε: 'e',
  ε: 'e',
  Ζ: 'z',
  Η: 'h',
  η: 'n',
  Ι: 'i',
  ι: 'i',
  Κ: 'k',
  κ: 'k',
  Μ: 'm',
  μ: 'u',
  Ν: 'n',
  ν: 'v',
  Ο: 'o',
  ο: 'o',
  Ρ: 'p',
  ρ: 'p',
  Σ: 's',
  σ: 'o',
  ς: 's',
  Τ: 't',
  τ: 't',
  Υ: 'y',
  υ: 'u',
  Χ: 'x',
  χ: 'x',
  // Armenian
  օ: 'o',
  ս: 'u',
  ո: 'n',
  ց: 'g',
  հ: 'h',
  // Coptic
  Ⲁ: 'a',
  ⲁ: 'a',
  Ⲃ: 'b',
  Ⲅ: 'r',
  Ⲉ: 'e',
  ⲉ: 'e',
  Ⲏ: 'h',
  Ⲓ: 'i',
  ⲓ: 'i',
  Ⲕ: 'k',
  ⲕ: 'k',
  Ⲙ: 'm',
  ⲙ: 'm',
  Ⲛ: 'n',
  ⲛ: 'n',
  Ⲟ: 'o',
  ⲟ: 'o',
  Ⲣ: 'p',
  ⲣ: 'p',
  Ⲥ: 'c',
  ⲥ: 'c',
  Ⲧ: 't',
  ⲧ: 't',
  Ⲩ: 'y',
  Ⲭ: 'x',
  // Cherokee
  Ꭺ: 'a',
  Ᏼ: 'b',
  Ꮯ: 'c',
  Ꭼ: 'e',
  Ꮐ: 'g',
  Ꮋ: 'h',
  Ꭵ: 'i',
  Ꮶ: 'k',
  Ꮮ: 'l',
  Ꮇ: 'm',
  Ꮲ: 'p',
  Ꮪ: 's',
  Ꭲ: 't',
  Ꮩ: 'v',
  Ꮃ: 'w',
  Ꮓ: 'z',
  // Lisu
  ꓮ: 'a',
  ꓐ: 'b',
  ꓚ: 'c',
  ꓓ: 'd',
  ꓰ: 'e',
  ꓝ: 'f',
  ꓖ: 'g',
  ꓧ: 'h',
  ꓲ: 'i',
  ꓙ: 'j',
  ꓗ: 'k',
  ꓡ: 'l',
  ꓟ: 'm',
  ꓠ: 'n',
  ꓳ: 'o',
  ꓑ: 'p',
  ꓣ: 'r',
  ꓢ: 's',
  ꓔ: 't',
  ꓴ: 'u',
  ꓦ: 'v',
  ꓪ: 'w',
  ꓫ: 'x',
  ꓬ: 'y',
  ꓜ: 'z',
  // Latin small capitals and dotless letters
  ᴀ: 'a',
  ʙ: 'b',
  ᴄ: 'c',
  ᴅ: 'd',
  ᴇ: 'e',
  ɢ: 'g',
  ʜ: 'h',
  ɪ: 'i',
  ı: 'i',
  ɩ: 'i',
  ᴊ: 'j',
  ᴋ: 'k',
  ʟ: 'l',
  ᴍ: 'm',
  ɴ: 'n',
  ᴏ: 'o',
  ᴘ: 'p',
  ʀ: 'r',
  ꜱ: 's',
  ᴛ: 't',
  ᴜ: 'u',
  ᴠ: 'v',
  ᴡ: 'w',
  ʏ: 'y',
  ᴢ: 'z',
  ɡ: 'g',
  // Akan and Ewe letters, as names write them in plain Latin
  ɛ: 'e',
  Ɛ: 'e',
  ɔ: 'o',
  Ɔ: 'o',
  ŋ: 'n',
  Ŋ: 'n',
  // Digits and symbols typed for letters
  '0': 'o',
  '1': 'l',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '6': 'g',
  '7': 't',
  '8': 'b',
  '9': 'g',
  $: 's',
  '@': 'a',
  '€': 'e',
  '£': 'l',
  '|': 'l',
  '!': 'l',
  '+': 't',
};

/**
 * A name as a list of words in one plain alphabet, spelled as it looks: look-alikes as their
 * Latin letter, accents and invisible characters gone, i and l one letter (they are told apart
 * by a serif), z as s and c as k (as "Gigz" and "Paystak" are read), "rn" as m, a doubled letter
 * as one. Anything else (spaces, dots, dashes, emoji)
 * separates words.
 */
function lookalikeWords(name: string): string[] {
  const plain = [
    ...name
      .normalize('NFKD')
      .replace(/[\p{M}\p{Cf}]/gu, '')
      // Words run together in camel case are words: "GhanaGigs", "MTNMoMo".
      .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
      .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2'),
  ]
    .map((char) => LOOK_ALIKES[char] ?? char.toLowerCase())
    .join('');
  return plain
    .split(/[^a-z]+/)
    .filter(Boolean)
    .map((word) => squeeze(word.replace(/i/g, 'l').replace(/z/g, 's').replace(/[cq]/g, 'k')));
}

/** "rn" as m (they look alike), and a doubled letter as one. */
const squeeze = (letters: string) => letters.replace(/rn/g, 'm').replace(/(.)\1+/g, '$1');

/** A reserved word spelled as `lookalikeWords` spells it. */
const spelled = (word: string) => lookalikeWords(word).join('');

/** Long enough to be refused anywhere in a name, run together with other words or not. */
const BRANDS_ANYWHERE = [
  'ghanagigs',
  'ganagigs',
  'telecel',
  'airteltigo',
  'paystack',
  'mobilemoney',
].map(spelled);
/**
 * Short: refused as whole words, or as letters spaced out ("M T N"), never inside a word
 * ("Momoh" is a name, "Ghana Gilgal" a church).
 */
const BRANDS_AS_WORDS = ['mtn', 'momo', 'ghana gig'].map(spelled);
/** Refused beside the words below: "Vodafone Support", "Gigs Admin". */
const NAMES_NEAR_BRANDS = ['airtel', 'tigo', 'vodafone', 'gigs', 'ghana gigs'].map(spelled);
/** Refused beside a brand, never alone. */
const STAFF_WORDS = ['support', 'admin', 'administrator', 'official', 'officials'].map(spelled);

const PARTS = [...BRANDS_AS_WORDS, ...NAMES_NEAR_BRANDS, ...STAFF_WORDS];

/**
 * A word made only of reserved words run together ("mtnmomo", "momosupport", "vodafoneadmin")
 * as those words; any other word as it is.
 */
function reservedParts(word: string): string[] {
  // ways[i]: a way to spell word.slice(0, i) in PARTS, or undefined.
  const ways: (string[] | undefined)[] = [[]];
  for (let end = 1; end <= word.length; end++) {
    for (const part of PARTS) {
      const start = end - part.length;
      const before = start >= 0 ? ways[start] : undefined;
      if (before && word.slice(start, end) === part) {
        ways[end] = [...before, part];
        break;
      }
    }
  }
  const whole = ways[word.length];
  return whole && whole.length > 1 ? whole : [word];
}

/** The [start, end) word ranges whose words, run together, spell one of `wanted`. */
function spans(words: readonly string[], wanted: readonly string[]): [number, number][] {
  const found: [number, number][] = [];
  const longest = Math.max(...wanted.map((word) => word.length));
  for (let start = 0; start < words.length; start++) {
    let joined = '';
    for (let end = start; end < words.length && joined.length < longest; end++) {
      joined += words[end];
      if (wanted.includes(squeeze(joined))) found.push([start, end + 1]);
    }
  }
  return found;
}

/**
 * Whether a name (a first or last name, both together, a stage or business name) passes for
 * Ghana Gigs, a mobile network, mobile money or Paystack, or their staff.
 */
export function impersonates(name: string): boolean {
  const words = lookalikeWords(name).flatMap(reservedParts);
  const joined = squeeze(words.join(''));
  if (BRANDS_ANYWHERE.some((brand) => joined.includes(brand))) return true;
  if (spans(words, BRANDS_AS_WORDS).length > 0) return true;
  const staff = spans(words, STAFF_WORDS);
  return spans(words, NAMES_NEAR_BRANDS).some(([start, end]) =>
    staff.some(([from, to]) => to === start || from === end),
  );
}
