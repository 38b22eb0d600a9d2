import type { QueryClient } from '@tanstack/react-query';
import type { User } from '../../../contracts/auth.ts';
import type { Language } from '../../../contracts/languages.ts';
import { api } from '../../../contracts/paths.ts';
import { sendJson } from '../api-client.ts';
import { USER_QUERY_KEY } from '../query-client.ts';
import { chooseLanguage, chosenLanguage } from './language.ts';

/**
 * The account's side of the language, loaded once someone signed in needs it: a visitor's first
 * screen carries none of it.
 */

/** Remembers `language` on the account, so its SMS speak it too. */
export async function saveAccountLanguage(
  queryClient: QueryClient,
  language: Language,
): Promise<void> {
  const user = await sendJson<User>('PUT', api.myLanguage, { language });
  queryClient.setQueryData(USER_QUERY_KEY, user);
}

/**
 * A phone that chose a language tells an account that differs (also when an earlier save failed
 * offline); a phone that never chose adopts the account's.
 */
export async function syncAccountLanguage(
  queryClient: QueryClient,
  accountLanguage: Language | null | undefined,
): Promise<void> {
  const phone = chosenLanguage();
  if (phone && phone !== accountLanguage) await saveAccountLanguage(queryClient, phone);
  else if (!phone && accountLanguage) await chooseLanguage(accountLanguage);
}
