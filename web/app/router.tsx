import { lazy } from 'react';
import { matchPath, Route, Routes } from 'react-router-dom';
import { paths } from '../../contracts/paths.ts';
import { type LazyScreen, lazyScreen } from '../lib/lazy-screen.tsx';
import { HomePage, HomeRoute } from './home-route.tsx';
import { RequireActive } from './require-active.tsx';
import { RootLayout } from './root-layout.tsx';

// Every screen but the landing page is its own chunk.
const LoginPage = lazyScreen(() =>
  import('../features/auth/components/login-page.tsx').then((m) => m.LoginPage),
);
// The screens the server renders (api/web-app/server-render.ts) load through lazyScreen, so a
// rendered page can load its screen before it hydrates.
const JobsPage = lazyScreen(() =>
  import('../features/jobs/components/jobs-page.tsx').then((m) => m.JobsPage),
);
const JobDetailPage = lazyScreen(() =>
  import('../features/jobs/components/job-detail-page.tsx').then((m) => m.JobDetailPage),
);
const PostJobPage = lazyScreen(() =>
  import('../features/jobs/components/post-job-page.tsx').then((m) => m.PostJobPage),
);
const ArtistsPage = lazyScreen(() =>
  import('../features/artists/components/artists-page.tsx').then((m) => m.ArtistsPage),
);
const ArtistProfilePage = lazyScreen(() =>
  import('./routes/artist-profile-page.tsx').then((m) => m.ArtistProfilePage),
);
const SeekerDashboard = lazyScreen(() =>
  import('./routes/seeker-dashboard.tsx').then((m) => m.SeekerDashboard),
);
const EmployerDashboard = lazyScreen(() =>
  import('./routes/employer-dashboard.tsx').then((m) => m.EmployerDashboard),
);
const ArtistDashboard = lazyScreen(() =>
  import('./routes/artist-dashboard.tsx').then((m) => m.ArtistDashboard),
);
const EmployerProfilePage = lazy(() =>
  import('./routes/employer-profile-page.tsx').then((m) => ({
    default: m.EmployerProfilePage,
  })),
);
const AdminPage = lazy(() =>
  import('../features/admin/components/admin-page.tsx').then((m) => ({ default: m.AdminPage })),
);
const NotFoundPage = lazy(() =>
  import('./not-found.tsx').then((m) => ({ default: m.NotFoundPage })),
);

/**
 * Declarative routes: the app needs no loaders or actions, and this mode of React Router is
 * about 17 KB (gzip) lighter on the first screen than the data router.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route path={paths.home} element={<HomeRoute />} />
        <Route path={paths.login} element={<LoginPage />} />
        <Route path={paths.jobs} element={<JobsPage />} />
        <Route path={paths.job(':id')} element={<JobDetailPage />} />
        <Route path={paths.artists} element={<ArtistsPage />} />
        <Route path={paths.artist(':id')} element={<ArtistProfilePage />} />
        <Route path={paths.employer(':id')} element={<EmployerProfilePage />} />
        <Route element={<RequireActive />}>
          <Route path={paths.postJob} element={<PostJobPage />} />
          <Route path={paths.dashboard} element={<SeekerDashboard />} />
          <Route path={paths.employerDashboard} element={<EmployerDashboard />} />
          <Route path={paths.artistDashboard} element={<ArtistDashboard />} />
          <Route path={paths.admin} element={<AdminPage />} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

const SERVER_RENDERED_SCREENS: [path: string, screen: LazyScreen][] = [
  [paths.login, LoginPage],
  [paths.jobs, JobsPage],
  [paths.job(':id'), JobDetailPage],
  [paths.artists, ArtistsPage],
  [paths.artist(':id'), ArtistProfilePage],
  [paths.postJob, PostJobPage],
  [paths.dashboard, SeekerDashboard],
  [paths.employerDashboard, EmployerDashboard],
  [paths.artistDashboard, ArtistDashboard],
];

/**
 * Loads the code of the screen at `pathname` when it is one the server may render; at `/`, the
 * signed-in home screen's when someone is signed in (a visitor's landing page is in the entry).
 */
export function preloadScreenAt(pathname: string, signedIn: boolean): Promise<unknown> {
  if (pathname === paths.home) return signedIn ? HomePage.preload() : Promise.resolve();
  const found = SERVER_RENDERED_SCREENS.find(([path]) => matchPath(path, pathname));
  return found ? found[1].preload() : Promise.resolve();
}
