import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../contracts/paths.ts';
import { sendJson } from '../../../lib/api-client.ts';
import { WALLET_QUERY_KEY } from '../../../lib/query-keys.ts';

/** Withdraw Funds: sends again what is owed to the user (a payout that failed) to their payout number. */
export function useWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendJson<unknown>('POST', api.withdraw),
    onSettled: () => queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY }),
  });
}
