import { type DehydratedState, hydrate, type QueryClient } from '@tanstack/react-query';
import { type DrawnState, FIRST_SCREEN_STATE_ID } from '../../contracts/first-screen.ts';
import { USER_QUERY_KEY } from './query-client.ts';

/**
 * What a server-rendered page was drawn from and with, inlined by the server as
 * `<script type="application/json">` (data, never run, so the CSP needs no exception), or null.
 */
export function readServerState(): DrawnState<DehydratedState> | null {
  const element = document.getElementById(FIRST_SCREEN_STATE_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as DrawnState<DehydratedState>;
  } catch {
    return null;
  }
}

/** Whether the page was drawn for someone signed in (its cache names a user). */
export function drawnSignedIn(state: DrawnState<DehydratedState>): boolean {
  const user = state.cache.queries.find(
    (query) => JSON.stringify(query.queryKey) === JSON.stringify(USER_QUERY_KEY),
  );
  return Boolean(user?.state.data);
}

/**
 * Puts the server's data into the cache as arrived now, by this phone's clock (the server's
 * may differ), and returns that moment: the data is fresh, and is not "Last updated" data
 * from the phone's storage.
 */
export function takeServerState(queryClient: QueryClient, state: DehydratedState): number {
  const now = Date.now();
  for (const query of state.queries) query.state.dataUpdatedAt = now;
  hydrate(queryClient, state);
  return now;
}
