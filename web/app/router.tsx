import { lazy } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import { paths } from '../../contracts/paths.ts';
import { HomeRoute } from './home-route.tsx';
import { RequireActive } from './require-active.tsx';
import { RootLayout, RouteError } from './root-layout.tsx';

// Every screen but the landing page is its own chunk.
const LoginPage = lazy(() =>
  import('../features/auth/components/login-page.tsx').then((m) => ({ default: m.LoginPage })),
);
const JobsPage = lazy(() =>
  import('../features/jobs/components/jobs-page.tsx').then((m) => ({ default: m.JobsPage })),
);
const JobDetailPage = lazy(() =>
  import('../features/jobs/components/job-detail-page.tsx').then((m) => ({
    default: m.JobDetailPage,
  })),
);
const PostJobPage = lazy(() =>
  import('../features/jobs/components/post-job-page.tsx').then((m) => ({
    default: m.PostJobPage,
  })),
);
const ArtistsPage = lazy(() =>
  import('../features/artists/components/artists-page.tsx').then((m) => ({
    default: m.ArtistsPage,
  })),
);
const ArtistProfilePage = lazy(() =>
  import('../features/artists/components/artist-profile-page.tsx').then((m) => ({
    default: m.ArtistProfilePage,
  })),
);
const SeekerDashboard = lazy(() =>
  import('../features/dashboard/components/seeker-dashboard.tsx').then((m) => ({
    default: m.SeekerDashboard,
  })),
);
const EmployerDashboard = lazy(() =>
  import('../features/dashboard/components/employer-dashboard.tsx').then((m) => ({
    default: m.EmployerDashboard,
  })),
);
const ArtistDashboard = lazy(() =>
  import('../features/dashboard/components/artist-dashboard.tsx').then((m) => ({
    default: m.ArtistDashboard,
  })),
);
const NotFoundPage = lazy(() =>
  import('./not-found.tsx').then((m) => ({ default: m.NotFoundPage })),
);

export function createRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      children: [
        { path: paths.home, element: <HomeRoute /> },
        { path: paths.login, element: <LoginPage /> },
        { path: paths.jobs, element: <JobsPage /> },
        { path: paths.job(':id'), element: <JobDetailPage /> },
        { path: paths.artists, element: <ArtistsPage /> },
        { path: paths.artist(':id'), element: <ArtistProfilePage /> },
        {
          element: <RequireActive />,
          children: [
            { path: paths.postJob, element: <PostJobPage /> },
            { path: paths.dashboard, element: <SeekerDashboard /> },
            { path: paths.employerDashboard, element: <EmployerDashboard /> },
            { path: paths.artistDashboard, element: <ArtistDashboard /> },
          ],
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
}
