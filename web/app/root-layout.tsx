import { Component, Fragment, type ReactNode, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import { ScreenShown } from '../lib/first-screen.ts';
import { useAccountLanguageSync } from '../lib/i18n/account-language.ts';
import { t } from '../lib/i18n/translate.ts';
import { useLanguage } from '../lib/i18n/use-language.ts';
import { OfflineBanner } from './offline-banner.tsx';
import { UpdatePrompt } from './update-prompt.tsx';

export function RootLayout() {
  useAccountLanguageSync();
  // A new language renders the screen afresh: every string is translated as it renders.
  const language = useLanguage();
  return (
    <Fragment key={language}>
      <a href="#main" className="skip-link">
        {t('Skip to content')}
      </a>
      <OfflineBanner />
      <RouteErrorBoundary>
        <Suspense fallback={<FullPageSpinner />}>
          <Outlet />
          <ScreenShown />
        </Suspense>
      </RouteErrorBoundary>
      <UpdatePrompt />
      <ScrollToTop />
    </Fragment>
  );
}

/** A new screen starts at its top, as a page load would. */
function ScrollToTop() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect runs because the path changed
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** A render error or a route chunk that failed to load (e.g. after a deploy). */
class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="full-page-center">
        <div className="card not-found" role="alert">
          <h1>{t('Something went wrong')}</h1>
          <p className="muted">{t('Please reload the page and try again.')}</p>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => window.location.reload()}
          >
            {t('Reload')}
          </button>
        </div>
      </main>
    );
  }
}
