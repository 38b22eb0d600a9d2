import { useSyncExternalStore } from 'react';
import type { Language } from '../../../contracts/languages.ts';
import { currentLanguage, subscribeToLanguage } from './language.ts';

/** The language the app speaks now; the component renders again when it changes. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribeToLanguage, currentLanguage, currentLanguage);
}
