import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Page } from '../../contracts/paging.ts';

/**
 * Every item on the saved pages of one browse list (`['jobs']`, `['artists']`) and of its
 * searches (`[domain, 'search', ...]`), once each: what an offline search can look through.
 * Other queries under the same prefix (a job's page, the employer's own list) are not browse
 * lists and are left out.
 */
export function savedListItems<T extends { id: number }>(
  queryClient: QueryClient,
  domain: 'jobs' | 'artists',
): T[] {
  const byId = new Map<number, T>();
  for (const [queryKey, data] of queryClient.getQueriesData<InfiniteData<Page<T>>>({
    queryKey: [domain],
  })) {
    const isBrowseList = queryKey.length === 1 || queryKey[1] === 'search';
    if (!isBrowseList || !data?.pages) continue;
    for (const page of data.pages) {
      for (const item of page.items) if (!byId.has(item.id)) byId.set(item.id, item);
    }
  }
  return [...byId.values()];
}
