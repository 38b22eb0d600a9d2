import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '../../contracts/auth.ts';
import { api } from '../../contracts/paths.ts';
import { getJson } from './api-client.ts';
import { USER_QUERY_KEY } from './query-client.ts';
import { mayBeSignedIn, rememberSession } from './session-marker.ts';

/** The signed-in user, or null when the session is missing (401). */
async function getUser(): Promise<User | null> {
  // No hint cookie: never signed in here, or signed out. Nothing to ask, and no 401 to log.
  if (!mayBeSignedIn()) return null;
  const user = await getJson<User>(api.user, { on401: 'returnNull' });
  rememberSession(user !== null);
  return user;
}

export function userQueryOptions() {
  return queryOptions({ queryKey: USER_QUERY_KEY, queryFn: getUser });
}

/** `user` is undefined while loading, null when signed out. */
export function useUser() {
  const query = useQuery(userQueryOptions());
  return { user: query.data, isLoading: query.isPending };
}
