import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../contracts/paths.ts';
import type { PayoutSettingsInput } from '../../../../contracts/payments.schemas.ts';
import type { PayoutSettings } from '../../../../contracts/payments.ts';
import { getJson, sendJson } from '../../../lib/api-client.ts';
import { WALLET_QUERY_KEY } from '../../../lib/payments.ts';

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

/**
 * Changing where money goes is a plain request, not an outbox write: the user should see at once
 * that the number was taken, before a payout is retried to it.
 */
export function useSavePayoutSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PayoutSettingsInput) =>
      sendJson<PayoutSettings>('PUT', api.payoutSettings, input),
    onSuccess: (saved) => {
      queryClient.setQueryData(payoutSettingsQueryOptions().queryKey, saved);
    },
  });
}
