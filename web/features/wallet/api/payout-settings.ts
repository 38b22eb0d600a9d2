import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../contracts/paths.ts';
import type { PayoutSettingsInput } from '../../../../contracts/payments.schemas.ts';
import type { PayoutSettings } from '../../../../contracts/payments.ts';
import { getJson, sendJson } from '../../../lib/api-client.ts';
import { WALLET_QUERY_KEY } from '../../../lib/query-keys.ts';

/** Where the user's earnings are sent: the sign-in phone until they choose another. */
export function payoutSettingsQueryOptions() {
  return queryOptions({
    queryKey: [...WALLET_QUERY_KEY, 'payout'] as const,
    queryFn: () => getJson<PayoutSettings>(api.payoutSettings),
  });
}

export function usePayoutSettings() {
  return useQuery(payoutSettingsQueryOptions());
}

/** Sends a fresh code to the user's own sign-in phone: changing the payout number takes one. */
export function useSendPayoutCode() {
  return useMutation({
    mutationFn: () => sendJson<{ ok: true }>('POST', api.payoutCode),
  });
}

/**
 * Changing where money goes is a plain request, not an outbox write: it carries a code that
 * lives ten minutes, and the user should see at once that the number was taken. The wallet is
 * read again: payouts to a new number wait 24 hours, and it says until when.
 */
export function useSavePayoutSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PayoutSettingsInput) =>
      sendJson<PayoutSettings>('PUT', api.payoutSettings, input),
    onSuccess: (saved) => {
      queryClient.setQueryData(payoutSettingsQueryOptions().queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY });
    },
  });
}
