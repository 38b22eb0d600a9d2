import * as v from 'valibot';
import { expect, test } from 'vitest';
import { ArtistProfileSchema } from './artists.schemas.ts';
import { SignupProfileSchema } from './auth.schemas.ts';
import { PageQuerySchema, pagingEntries } from './paging.schemas.ts';
import { cleanName, cleanText, hasLetterOrDigit, stripControls } from './text.ts';

test('bidi controls go, control characters become spaces', () => {
  expect(stripControls('\u202eKofi\u202c')).toBe('Kofi');
  expect(stripControls('a\u2066b\u2069c\u200e\u200f\u061c')).toBe('abc');
  expect(stripControls('Kum\u0000asi\n')).toBe('Kum asi ');
  expect(cleanName('  Ama \t\u0000 Owusu  ')).toBe('Ama Owusu');
});

test('a name loses format, private-use, unassigned and default-ignorable characters', () => {
  expect(cleanName('Ama\u200dOwusu')).toBe('AmaOwusu');
  expect(cleanName('\ufff9Kofi\ufffa\ufffb')).toBe('Kofi');
  expect(cleanName('\u{13430}Esi\u{13431}')).toBe('Esi');
  expect(cleanName('Yaw\ue000\u{f0000}\uffff\u0378')).toBe('Yaw');
  expect(cleanName('Ab\u3164ena\ufe0f')).toBe('Abena');
  expect(cleanName('Ko\ud800fi')).toBe('Kofi');
  // Accents stay: they are part of the letters.
  expect(cleanName('Ọlá e\u0301')).toBe('Ọlá e\u0301');
});

test('free text loses bidi controls and control characters, keeping line feeds and tabs', () => {
  expect(cleanText('Line\u202E one\u0000\r\nLine\ttwo\u2066\u0085\n')).toBe(
    'Line one\nLine\ttwo\n',
  );
  expect(cleanText('Emoji 👨\u200d👩\u200d👧 stay')).toBe('Emoji 👨\u200d👩\u200d👧 stay');
  expect(cleanText('broken \udc00 half')).toBe('broken  half');
});

test('a name needs a letter or a digit, once cleaned', () => {
  for (const invisible of [
    '',
    '   ',
    '\u200b',
    '\u200c\u200d',
    '\u2060\ufeff',
    '\u00ad',
    '\u3164',
    '\u115f\u1160',
    '\u2800',
    '\u0301\u0308',
    '\ufe0f',
    '\u{e0041}',
    '\u00a0\u3000',
    '\ufff9\ufffa\ufffb',
    '\u{13430}\u{13431}',
    '\ue000',
    '\uffff',
    '🇬🇭',
    '***',
  ]) {
    expect(hasLetterOrDigit(cleanName(invisible)), JSON.stringify(invisible)).toBe(false);
  }
  for (const visible of ['A', 'Ama', 'e\u0301', '\u200bA', 'Ọlá', 'أحمد', '李', '7']) {
    expect(hasLetterOrDigit(cleanName(visible)), visible).toBe(true);
  }
});

test('sign-up and stage names keep the spec messages', () => {
  const profile = { role: 'employer', region: 'Volta' };
  const invisible = v.safeParse(SignupProfileSchema, {
    ...profile,
    firstName: '\u200b',
    lastName: '\u202e',
  });
  expect(invisible.issues?.map((issue) => issue.message)).toEqual([
    'First name is required',
    'Last name is required',
  ]);
  const cleaned = v.parse(SignupProfileSchema, {
    ...profile,
    firstName: '\u202eKofi',
    lastName: ' Boateng ',
  });
  expect([cleaned.firstName, cleaned.lastName]).toEqual(['Kofi', 'Boateng']);
  const stage = v.safeParse(ArtistProfileSchema, {
    stageName: '\u2800',
    performanceTypes: ['DJ'],
    region: 'Volta',
  });
  expect(stage.issues?.[0]?.message).toBe('Stage name is required');
});

test('searches lose their control characters; a page never asks for more than 100', () => {
  const search = v.object({ q: pagingEntries.q });
  expect(v.parse(search, { q: 'Kum\u0000asi' }).q).toBe('Kum asi');
  expect(v.parse(search, { q: '\u0000\u0000\u0000' }).q).toBeUndefined();
  expect(v.safeParse(PageQuerySchema, { limit: '101' }).success).toBe(false);
  expect(v.parse(PageQuerySchema, { limit: '100' }).limit).toBe(100);
});
