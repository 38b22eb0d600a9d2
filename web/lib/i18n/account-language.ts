import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { User } from '../../../contracts/auth.ts';
import type { Language } from '../../../contracts/languages.ts';
import { api } from '../../../contracts/paths.ts';
import { sendJson } from '../api-client.ts';
import { userQueryOptions } from '../auth.ts';
import { USER_QUERY_KEY } from '../query-client.ts';
import { chooseLanguage, chosenLanguage } from './language.ts';

/** Remembers `language` on the account, so its SMS speak it too. */
export async function saveAccountLanguage(
  queryClient: QueryClient,
  language: Language,
): Promise<void> {
  const user = await sendJson<User>('PUT', api.myLanguage, { language });
  queryClient.setQueryData(USER_QUERY_KEY, user);
}

/**
 * Keeps the phone and the account on one language once someone is signed in: a phone that chose
 * a language tells an account that differs (also when an earlier save failed offline); a phone
 * that never chose adopts the account's. Only the server's current answer counts: the user saved
 * on the phone may carry a language the account has since changed, and adopting it would send it
 * back to the account.
 */
export function useAccountLanguageSync(): void {
  const query = useQuery(userQueryOptions());
  const queryClient = useQueryClient();
  const current = query.data && !query.isStale ? query.data : null;
  const accountLanguage = current?.language;
  const signedIn = current !== null;
  useEffect(() => {
    if (!signedIn) return;
    const phone = chosenLanguage();
    if (phone && phone !== accountLanguage) {
      void saveAccountLanguage(queryClient, phone).catch(() => undefined);
    } else if (!phone && accountLanguage) {
      void chooseLanguage(accountLanguage).catch(() => undefined);
    }
  }, [signedIn, accountLanguage, queryClient]);
}
