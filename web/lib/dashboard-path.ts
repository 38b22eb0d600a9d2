import type { Role } from '../../contracts/auth.ts';
import { paths } from '../../contracts/paths.ts';

/** The dashboard of each role (spec: home screen Dashboard button). */
export function dashboardPath(role: Role | null): string {
  if (role === 'employer') return paths.employerDashboard;
  if (role === 'artist') return paths.artistDashboard;
  return paths.dashboard;
}
