import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { userQueryOptions } from '../auth.ts';

/**
 * Keeps the phone and the account on one language once someone is signed in (the work itself is
 * in account-language-save.ts, loaded then). Only the server's current answer counts: the user
 * saved on the phone may carry a language the account has since changed, and adopting it would
 * send it back to the account.
 */
export function useAccountLanguageSync(): void {
  const query = useQuery(userQueryOptions());
  const queryClient = useQueryClient();
  const current = query.data && !query.isStale ? query.data : null;
  const accountLanguage = current?.language;
  const signedIn = current !== null;
  useEffect(() => {
    if (!signedIn) return;
    void import('./account-language-save.ts')
      .then(({ syncAccountLanguage }) => syncAccountLanguage(queryClient, accountLanguage))
      .catch(() => undefined);
  }, [signedIn, accountLanguage, queryClient]);
}
