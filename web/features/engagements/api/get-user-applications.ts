import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Application } from '../../../../contracts/applications.ts';
import { api } from '../../../../contracts/paths.ts';
import { getPage, withQuery } from '../../../lib/api-client.ts';

/** The signed-in user's applications, newest first, 20 at a time. */
export function userApplicationsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: ['jobs', 'applications', 'mine'] as const,
    queryFn: ({ pageParam }) =>
      getPage<Application>(withQuery(api.userApplications, { cursor: pageParam })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}

export function useUserApplications() {
  return useInfiniteQuery(userApplicationsQueryOptions());
}
