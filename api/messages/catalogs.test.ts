import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from 'vitest';
import { COVER_LETTER_MAX } from '../../contracts/applications.ts';
import type { Booking } from '../../contracts/bookings.ts';
import type { JobListing } from '../../contracts/jobs.ts';
import { LANGUAGES } from '../../contracts/languages.ts';
import { REGIONS } from '../../contracts/regions.ts';
import { PUBLIC_URL_MAX } from '../config.ts';
import { USAGE_CAPS } from '../lib/caps.ts';
import { SCREEN_MAX } from '../ussd/menu-kit.ts';
import { jobScreen, requestScreen, shownJob, shownRequest } from '../ussd/screens.ts';
import { CATALOGS, type MessageKey, translator } from './catalogs.ts';
import { enGH } from './en-GH.ts';
import { gsm7Length, gsm7Text, isGsm7, SMS_MAX } from './gsm7.ts';

const ENGLISH_KEYS = Object.keys(enGH).sort();
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

test('every language has every English key and no other', () => {
  for (const language of LANGUAGES) {
    expect(Object.keys(CATALOGS[language]).sort(), language).toEqual(ENGLISH_KEYS);
  }
});

test('every translation fills the same placeholders as the English', () => {
  for (const language of LANGUAGES) {
    for (const key of ENGLISH_KEYS as MessageKey[]) {
      expect(placeholders(CATALOGS[language][key]), `${language} ${key}`).toEqual(
        placeholders(enGH[key]),
      );
    }
  }
});

/** The server's own source, tests and catalogs aside. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'messages' ? [] : sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

test('every message key is used by the server: none is left behind in the catalogs', () => {
  const source = sourceFiles(resolve(import.meta.dirname, '..'))
    .map((path) => readFileSync(path, 'utf8'))
    .join('\n');
  const unused = ENGLISH_KEYS.filter((key) => !source.includes(`'${key}'`));
  expect(unused).toEqual([]);
});

test('every message of every language is written in GSM-7', () => {
  for (const language of LANGUAGES) {
    for (const [key, text] of Object.entries(CATALOGS[language])) {
      expect(isGsm7(text), `${language} ${key}: ${text}`).toBe(true);
    }
  }
});

test('the sign-in code and the payout code are one SMS each in every language', () => {
  for (const language of LANGUAGES) {
    for (const key of ['signInCode', 'payoutCode'] as const) {
      const text = translator(language)(key, { code: '123456' });
      expect(text).toContain('123456');
      expect(gsm7Length(text)).toBeLessThanOrEqual(SMS_MAX);
    }
  }
});

const LONGEST_URL = `https://${'a'.repeat(PUBLIC_URL_MAX - 'https://'.length)}`;
const LONG = 'Abcdefghij'.repeat(10);
const LONGEST_REGION = REGIONS.reduce((a, b) => (b.length > a.length ? b : a));

/** Every USSD screen with the longest values it can be filled with, in one language. */
function everyScreen(language: (typeof LANGUAGES)[number]): [string, string][] {
  const t = translator(language);
  const job = {
    title: LONG,
    town: LONG,
    region: LONGEST_REGION,
    jobType: 'hourly',
    hourlyRate: '99999999.99',
    fixedPrice: null,
    employer: { id: 1, name: LONG, phoneVerified: true },
  } as unknown as JobListing;
  const booking = {
    eventDate: '2030-12-31T18:00:00.000Z',
    eventDuration: 24,
    eventType: LONG,
    venue: LONG,
    totalAmount: '99999999.99',
    client: { firstName: LONG, lastName: LONG },
  } as unknown as Booking;
  const filled = (key: MessageKey) =>
    t(key, {
      name: gsm7Text(LONG, 20),
      url: LONGEST_URL,
      region: LONGEST_REGION,
      category: t('categorySkilledTrades'),
      title: gsm7Text(LONG, 40),
      client: LONG.slice(0, 24),
      reason: '',
      count: USAGE_CAPS.applications.openPerApplicant,
      day: '31 Dec 2030',
      max: COVER_LETTER_MAX,
    });
  const ussdKeys = ENGLISH_KEYS.filter((key) => key.startsWith('ussd')) as MessageKey[];
  return [
    ...ussdKeys.map((key): [string, string] => [key, filled(key)]),
    // Screens that can also be shown again with "Not on the menu" above them.
    ...(['ussdMenu', 'ussdWelcome', 'ussdAskRole', 'ussdAskName'] as const).map(
      (key): [string, string] => [`${key} again`, `${t('ussdInvalid')}\n${filled(key)}`],
    ),
    ['ussdNameAgain again', `${t('ussdNameAgain')}\n${t('ussdAskName')}`],
    // A note asked for again says why above the prompt.
    ...(['ussdNoteEmpty', 'ussdNoteTooLong'] as const).map((key): [string, string] => [
      `${key} again`,
      `${filled(key)}\n${t('ussdAskNote')}`,
    ]),
    // A refusal's reason, whole, after "Not done:".
    ...ussdKeys
      .filter((key) => key.startsWith('ussdRefusal'))
      .map((key): [string, string] => [
        `refused ${key}`,
        t('ussdRefused', { reason: filled(key) }),
      ]),
    ['job', `${jobScreen(t, shownJob(job))}\n${t('ussdBack')}`],
    [
      'fixed-price job',
      `${jobScreen(t, shownJob({ ...job, jobType: 'fixed', fixedPrice: '99999999.99' }))}\n${t('ussdBack')}`,
    ],
    ['request', `${requestScreen(t, shownRequest(booking))}\n${t('ussdBack')}`],
    ['decline', `${filled('ussdConfirmDecline')}\n${t('ussdBack')}`],
  ];
}

test('every USSD screen in every language fits one screen with the longest values', () => {
  const tooLong = LANGUAGES.flatMap((language) =>
    everyScreen(language)
      .filter(([, text]) => !(gsm7Length(text) <= SCREEN_MAX))
      .map(([key, text]) => `${language} ${key} (${gsm7Length(text)}): ${text}`),
  );
  expect(tooLong).toEqual([]);
});

test('GSM-7: the basic table passes, the extension table counts twice, anything else fails', () => {
  expect(isGsm7('Hello @ £5 & é Ñ ¿?\n')).toBe(true);
  expect(gsm7Length('[1] €')).toBe(8);
  for (const letter of ['ɛ', 'ɔ', 'ŋ', 'ƒ', 'ʋ', 'ɖ', 'ã', '’', '😀', 'ç']) {
    expect(isGsm7(`Akwaaba ${letter}`), letter).toBe(false);
    expect(gsm7Length(letter)).toBeNaN();
  }
});

test('text someone wrote is folded into GSM-7 and cut with an ellipsis', () => {
  expect(gsm7Text('Ɔbaa a ɔtɔn nneɛma, Ŋkɔnta', 100)).toBe('Obaa a oton nneema, Ngkonta');
  expect(gsm7Text('Eʋegbe, Gã “quoted”\n😀 line', 100)).toBe('Evegbe, Ga quoted line');
  expect(gsm7Text('Plumber needed in Kumasi', 10)).toBe('Plumber...');
});
