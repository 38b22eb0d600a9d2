import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../contracts/paths.ts';
import type { Wallet } from '../../../../contracts/payments.ts';
import { getJson } from '../../../lib/api-client.ts';
import { WALLET_QUERY_KEY } from '../../../lib/query-keys.ts';

/**
 * The signed-in user's money from the ledger: held for them, earned, spent, waiting to be paid
 * out, and the entries behind them. Its key is the prefix of every money query.
 */
export function walletQueryOptions() {
  return queryOptions({
    queryKey: WALLET_QUERY_KEY,
    queryFn: () => getJson<Wallet>(api.wallet),
  });
}

export function useWallet(options: { enabled?: boolean } = {}) {
  return useQuery({ ...walletQueryOptions(), enabled: options.enabled ?? true });
}
