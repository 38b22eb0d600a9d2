import type { Language } from './languages.ts';

export const ROLES = ['job_seeker', 'employer', 'artist'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  job_seeker: 'Job Seeker',
  employer: 'Employer',
  artist: 'Artist/Performer',
};

/**
 * A cookie the page can read, set and cleared with the session: a browser without it has never
 * been signed in here (or signed out), so the app shows the signed-out screens without asking
 * the server. It holds no secret; the session itself is an HttpOnly cookie.
 */
export const SIGNED_IN_COOKIE = 'signed_in';

export interface User {
  id: number;
  phoneNumber: string;
  role: Role | null;
  firstName: string;
  lastName: string;
  region: string | null;
  email: string | null;
  emailVerified: boolean;
  phoneVerified: boolean;
  claims: { sub: string };
  createdAt: string;
  /** A Ghana Gigs operator: sees the operator's screen (/admin). */
  isAdmin: boolean;
  /** The language the account's SMS and USSD menus use; null (English) until chosen. */
  language: Language | null;
}

export type VerifyCodeResult = { isNewUser: true } | { isNewUser: false; user: User };

/** Signed in, holding a role, and verified: what /post-job and the dashboards require. */
export function isFullyActive(user: User | null | undefined): boolean {
  return Boolean(user?.role && user.phoneVerified);
}

/** The posting link is offered to users with a role, verified by email or phone. */
export function canOfferPosting(user: User | null | undefined): boolean {
  return Boolean(user?.role && (user.emailVerified || user.phoneVerified));
}
