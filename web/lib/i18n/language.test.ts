// @vitest-environment happy-dom
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { applyLanguage, chooseLanguage, chosenLanguage, startingLanguage } from './language.ts';
import { t, translationLanguage } from './translate.ts';

function clearCookie() {
  // biome-ignore lint/suspicious/noDocumentCookie: the test resets what the code under test wrote
  document.cookie = 'lang=; Path=/; Max-Age=0';
}

beforeEach(() => {
  localStorage.clear();
  clearCookie();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await applyLanguage('en-GH');
});

test('a first visit follows the browser: tw and ak mean Twi, none spoken here means English', () => {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR', 'tw-GH', 'en']);
  expect(chosenLanguage()).toBeNull();
  expect(startingLanguage()).toBe('ak');
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR', 'de']);
  expect(startingLanguage()).toBe('en-GH');
});

test('a choice is spoken at once and remembered on the phone and in the readable cookie', async () => {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB']);
  await chooseLanguage('ee');
  expect(translationLanguage()).toBe('ee');
  expect(document.documentElement.lang).toBe('ee');
  expect(t('Browse Jobs')).not.toBe('Browse Jobs');
  expect(localStorage.getItem('ghana-gigs:language')).toBe('ee');
  expect(document.cookie).toContain('lang=ee');
  expect(startingLanguage()).toBe('ee');
});

test('the cookie alone still remembers the choice (storage cleared or unavailable)', () => {
  // biome-ignore lint/suspicious/noDocumentCookie: as the server or an earlier visit would leave it
  document.cookie = 'lang=gaa; Path=/';
  expect(chosenLanguage()).toBe('gaa');
  // biome-ignore lint/suspicious/noDocumentCookie: an unknown value is ignored
  document.cookie = 'lang=xx; Path=/';
  expect(chosenLanguage()).toBeNull();
});
