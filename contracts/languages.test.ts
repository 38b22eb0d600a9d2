import { expect, test } from 'vitest';
import { languageFromPreferences } from './languages.ts';

test("a browser's languages pick the first one the app speaks; tw and ak both mean Twi", () => {
  expect(languageFromPreferences(['tw', 'en-US'])).toBe('ak');
  expect(languageFromPreferences(['ak-GH'])).toBe('ak');
  expect(languageFromPreferences(['fr-FR', 'ee_GH', 'en'])).toBe('ee');
  expect(languageFromPreferences(['gaa'])).toBe('gaa');
  expect(languageFromPreferences(['en-US', 'ak'])).toBe('en-GH');
  expect(languageFromPreferences(['fr', 'ha'])).toBeNull();
  expect(languageFromPreferences([])).toBeNull();
});
