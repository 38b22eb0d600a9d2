import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
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

/**
 * Runs once the cache saved on the phone is back, before any screen reads it. The session
 * cookie, not what was saved, says whether someone is signed in: a saved "signed out" is never
 * used (it may predate a sign-in whose save the page load cut short, and would bounce a new user
 * to /login), and a saved user whose session hint is gone is signed out. Either way the next
 * read asks the server, or answers "signed out" at once when there is no hint.
 */
export function trustSessionOverSavedUser(queryClient: QueryClient): void {
  const saved = queryClient.getQueryData<User | null>(USER_QUERY_KEY);
  if (saved === undefined || (saved !== null && mayBeSignedIn())) return;
  queryClient.removeQueries({ queryKey: USER_QUERY_KEY, exact: true });
}
