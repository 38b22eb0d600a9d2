import { expect, test } from 'vitest';
import { cleanDisplayName, DISPLAY_NAME_MAX } from './display-name.ts';

test('ordinary names pass unchanged, Akan letters and apostrophes included', () => {
  for (const name of [
    'Nana Ama',
    'DJ Kasa',
    'Ɔkɔmfo Anɔkye',
    "Kwaku D'Mensah",
    'R2Bees',
    'Kofi & Sons',
  ]) {
    expect(cleanDisplayName(name)).toBe(name);
  }
});

test('bidi controls, zero-width and control characters are removed, whitespace collapsed', () => {
  expect(cleanDisplayName('Ko\u200Bfi\u202E Mensah\u202C')).toBe('Kofi Mensah');
  expect(cleanDisplayName('  Esi\n\t\u00A0 Quaye\u2066 ')).toBe('Esi Quaye');
  expect(cleanDisplayName('Ama\u0000\u0007Serwaa')).toBe('Ama Serwaa');
});

test('a name cannot carry a web address, a phone number or a USSD code', () => {
  expect(cleanDisplayName('momo-gh.com/pay')).toBe('momo-gh com pay');
  expect(cleanDisplayName('https://bit.ly/x')).toBe('https bit ly x');
  expect(cleanDisplayName('Call 0244123456 now')).toBe('Call 024 now');
  expect(cleanDisplayName('+233 24 412 3456')).toBe('233');
  expect(cleanDisplayName('Dial *170# to claim')).toBe('Dial 170 to claim');
  // Fullwidth and other-script digits count as digits too.
  expect(cleanDisplayName('ＭｏＭｏ ０２４４１２３４５６')).toBe('MoMo 024');
  expect(cleanDisplayName('٠٢٤٤١٢٣٤٥٦')).toBe('٠٢٤');
});

test('the length is capped by characters, never splitting a surrogate pair', () => {
  expect(cleanDisplayName('A'.repeat(100))).toHaveLength(DISPLAY_NAME_MAX);
  expect(cleanDisplayName('Ama Serwaa Boateng', 10)).toBe('Ama Serwaa');
  expect(cleanDisplayName('Abena 𝐁𝐨𝐥𝐝', 8)).toBe('Abena Bo');
});

test('nothing left is an empty string', () => {
  expect(cleanDisplayName('\u202E\u200B ... ///')).toBe('');
});
