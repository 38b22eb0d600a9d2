import { isFullyActive } from '../../contracts/auth.ts';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import { LandingPage } from '../features/landing/components/landing-page.tsx';
import { useUser } from '../lib/auth.ts';
import { lazyScreen } from '../lib/lazy-screen.tsx';
import { useHadSession } from '../lib/session-marker.ts';

/** The signed-in home screen, preloaded before a drawn one hydrates (web/app/router.tsx). */
export const HomePage = lazyScreen(() =>
  import('../features/auth/components/home-page.tsx').then((m) => m.HomePage),
);

/**
 * '/': the role home screen for fully active users, the landing page for visitors. A browser
 * whose session ended gets the home screen, which says 'Unauthorized' and sends it to /login.
 */
export function HomeRoute() {
  const { user, isLoading } = useUser();
  const hadSession = useHadSession();
  if (isLoading) return <FullPageSpinner />;
  if (isFullyActive(user) || (!user && hadSession)) return <HomePage />;
  return <LandingPage />;
}
