import { expect, test } from 'vitest';
import { cleanDisplayName, DISPLAY_NAME_MAX } from './display-name.ts';

test('ordinary names pass unchanged, apostrophes, hyphens and & included', () => {
  for (const name of [
    'Nana Ama',
    'DJ Kasa',
    "Kwaku D'Mensah",
    'Abena Owusu-Ansah',
    'Kofi & Sons',
  ]) {
    expect(cleanDisplayName(name)).toBe(name);
  }
});

test('accents fold to plain Latin letters, Akan and Ewe letters included', () => {
  expect(cleanDisplayName('José Müller')).toBe('Jose Muller');
  expect(cleanDisplayName('Ɔkɔmfo Anɔkye')).toBe('Okomfo Anokye');
  expect(cleanDisplayName('Ɛfua Ɖokpo Aŋɔ')).toBe('Efua Dokpo Ango');
  expect(cleanDisplayName('Kwaku D’Mensah')).toBe("Kwaku D'Mensah");
  expect(cleanDisplayName('Søren Straße')).toBe('Soren Strasse');
});

test('look-alike letters and digits of any script are dropped, so no digits can be spelled', () => {
  // Cyrillic Ze (3), Latin tone five (5), Cyrillic be (6), Latin ou (8), tone two (2).
  expect(cleanDisplayName('ЗƼб ȣlO ƧЗ')).toBe('lO');
  expect(cleanDisplayName('R2Bees')).toBe('RBees');
  expect(cleanDisplayName('Call 0244123456 now')).toBe('Call now');
  expect(cleanDisplayName('ＭｏＭｏ ０２４４１２３４５６')).toBe('MoMo');
  expect(cleanDisplayName('٠٢٤٤١٢٣٤٥٦ Ama')).toBe('Ama');
  expect(cleanDisplayName('Ama ²⁴ ½ Ⅻ')).toBe('Ama XII');
  expect(cleanDisplayName('Иван Петров')).toBe('');
});

test('bidi controls, zero-width and control characters are removed, whitespace collapsed', () => {
  expect(cleanDisplayName('Ko\u200Bfi\u202E Mensah\u202C')).toBe('Kofi Mensah');
  expect(cleanDisplayName('  Esi\n\t\u00A0 Quaye\u2066 ')).toBe('Esi Quaye');
  expect(cleanDisplayName('Ama\u0000\u0007Serwaa')).toBe('Ama Serwaa');
});

test('a name cannot carry a web address, a phone number or a USSD code', () => {
  expect(cleanDisplayName('momo-gh.com/pay')).toBe('momo-gh com pay');
  expect(cleanDisplayName('https://bit.ly/x')).toBe('https bit ly x');
  expect(cleanDisplayName('+233 24 412 3456')).toBe('');
  expect(cleanDisplayName('Dial *170# to claim')).toBe('Dial to claim');
});

test('every name cleaned is in the GSM 7-bit alphabet of a plain SMS', () => {
  for (const name of ['Ɔkɔmfo Anɔkye', 'ЗƼб ȣlO ƧЗ', 'Zoë 🎧 «DJ»', 'Ǆemal ĳssel', '𝐁𝐨𝐥𝐝 Ⓐma']) {
    expect(cleanDisplayName(name), name).toMatch(/^[A-Za-z '&-]*$/);
  }
});

test('the length is capped by characters', () => {
  expect(cleanDisplayName('A'.repeat(100))).toHaveLength(DISPLAY_NAME_MAX);
  expect(cleanDisplayName('Ama Serwaa Boateng', 10)).toBe('Ama Serwaa');
  expect(cleanDisplayName('Abena 𝐁𝐨𝐥𝐝', 8)).toBe('Abena Bo');
});

test('nothing but punctuation left is an empty string', () => {
  expect(cleanDisplayName('\u202E\u200B ... ///')).toBe('');
  expect(cleanDisplayName("& - '")).toBe('');
});
