import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

export const USER_QUERY_KEY = ['auth', 'user'] as const;

/** Spec section 4: fetched data is never stale, no refetch on focus, no retry. */
export function createQueryClient(): QueryClient {
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
      queries: { staleTime: Number.POSITIVE_INFINITY, retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
