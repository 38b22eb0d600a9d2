import { onlineManager, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { isDataSaverOn } from './data-saver.ts';
import { CACHE_MAX_AGE_MS } from './persist-cache.ts';

export const USER_QUERY_KEY = ['auth', 'user'] as const;

/**
 * Spec section 4: fetched data is never stale, no refetch on focus, no retry. Data restored
 * from the phone's storage is the exception: see restoreQueryCache. Unused data stays in memory
 * as long as it is kept on disk, so saving the cache never drops a page seen this week. Data
 * saver refreshes nothing when the connection returns either (the outbox still sends).
 */
export function createQueryClient(): QueryClient {
  // TanStack assumes "online" until an event says otherwise; a cold start offline must not.
  if (typeof window !== 'undefined') onlineManager.setOnline(navigator.onLine);
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError(error) {
        // A session that ended elsewhere: forget the user so gated screens send them to /login.
        if (error instanceof ApiError && error.status === 401) {
          queryClient.setQueryData(USER_QUERY_KEY, null);
        }
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: Number.POSITIVE_INFINITY,
        gcTime: CACHE_MAX_AGE_MS,
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: () => !isDataSaverOn(),
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
