import { Navigate, Outlet } from 'react-router-dom';
import { isFullyActive } from '../../contracts/auth.ts';
import { paths } from '../../contracts/paths.ts';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import { useUser } from '../lib/auth.ts';

/** Spec section 6: /post-job and the dashboards need a signed-in, role-holding, verified user. */
export function RequireActive() {
  const { user, isLoading } = useUser();
  if (isLoading) return <FullPageSpinner />;
  if (!isFullyActive(user)) return <Navigate to={paths.login} replace />;
  return <Outlet />;
}
