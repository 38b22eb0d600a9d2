import type { Role } from '../../contracts/auth.ts';
import { paths } from '../../contracts/paths.ts';

/** The dashboard of each role (spec: home screen Dashboard button). */
export function dashboardPath(role: Role | null): string {
  if (role === 'employer') return paths.employerDashboard;
  if (role === 'artist') return paths.artistDashboard;
  return paths.dashboard;
}

/**
 * My Bookings (the artists someone has booked) on their own dashboard: every role may book an
 * artist, and a role is fixed per account (docs/decisions/022-who-books-artists.md).
 */
export function myBookingsPath(role: Role | null): string {
  if (role === 'artist') return `${paths.artistDashboard}?tab=my-bookings`;
  return `${dashboardPath(role)}?tab=bookings`;
}
