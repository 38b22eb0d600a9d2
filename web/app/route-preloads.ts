import { api, paths } from '../../contracts/paths.ts';

/**
 * What each screen needs beyond the app's entry: its lazy chunk (a module under web/) and the
 * API answers it asks for first. The build turns this into dist/route-preloads.json, and the
 * server names those files in the page it sends for a cold visit, so the phone fetches them
 * alongside the app's own code instead of one round trip after it. Keep in step with
 * router.tsx: the build fails if a module here is not one of its chunks.
 */
export interface RoutePreload {
  /** A router path; ':id' stands for a numeric id. */
  route: string;
  module: string;
  /** Fetched exactly as the screen's first query asks (same URL, cookies included). */
  api?: string[];
}

export const ROUTE_PRELOADS: RoutePreload[] = [
  { route: paths.login, module: 'features/auth/components/login-page.tsx' },
  { route: paths.jobs, module: 'features/jobs/components/jobs-page.tsx', api: [api.jobs] },
  {
    route: paths.job(':id'),
    module: 'features/jobs/components/job-detail-page.tsx',
    api: [api.job(':id')],
  },
  {
    route: paths.artists,
    module: 'features/artists/components/artists-page.tsx',
    api: [api.artists],
  },
  {
    route: paths.artist(':id'),
    module: 'app/routes/artist-profile-page.tsx',
    api: [api.artist(':id'), api.artistAvailability(':id')],
  },
  {
    route: paths.employer(':id'),
    module: 'app/routes/employer-profile-page.tsx',
    api: [api.employer(':id')],
  },
  { route: paths.postJob, module: 'features/jobs/components/post-job-page.tsx' },
  { route: paths.dashboard, module: 'app/routes/seeker-dashboard.tsx' },
  {
    route: paths.employerDashboard,
    module: 'app/routes/employer-dashboard.tsx',
  },
  {
    route: paths.artistDashboard,
    module: 'app/routes/artist-dashboard.tsx',
  },
  { route: paths.admin, module: 'features/admin/components/admin-page.tsx' },
];
