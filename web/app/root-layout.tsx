import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useRouteError } from 'react-router-dom';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import { OfflineBanner } from './offline-banner.tsx';
import { UpdatePrompt } from './update-prompt.tsx';

export function RootLayout() {
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <OfflineBanner />
      <Suspense fallback={<FullPageSpinner />}>
        <Outlet />
      </Suspense>
      <UpdatePrompt />
      <ScrollRestoration />
    </>
  );
}

/** A render error or a route chunk that failed to load (e.g. after a deploy). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <main className="full-page-center">
      <div className="card not-found" role="alert">
        <h1>Something went wrong</h1>
        <p className="muted">Please reload the page and try again.</p>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    </main>
  );
}
