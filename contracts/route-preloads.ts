/**
 * The build's list of what each screen fetches beyond the app's entry (written by
 * scripts/route-preloads-plugin.ts from web/app/route-preloads.ts, read by the server).
 */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

export interface BuiltRoutePreload {
  /** A router path; ':id' stands for a numeric id. */
  route: string;
  /** Hashed chunks, as /assets/... URLs, that the page does not already load up front. */
  files: string[];
  /** API URLs the screen asks for first, with ':id' to fill in. */
  api: string[];
}

export interface BuiltRoutePreloads {
  routes: BuiltRoutePreload[];
}
