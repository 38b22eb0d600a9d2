import type { Language } from './languages.ts';

export const ROLES = ['job_seeker', 'employer', 'artist'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  job_seeker: 'Job Seeker',
  employer: 'Employer',
  artist: 'Artist/Performer',
};

export const DELIVERY_METHODS = ['sms', 'whatsapp'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

export const CODE_LENGTH = 6;
export const PHONE_PREFIX = '+233';
export const PHONE_MESSAGE = 'Phone number must be in format +233XXXXXXXXX';
export const CODE_MESSAGE = 'Code must be 6 digits';
/** The server sends one code a minute to a phone; the sign-in screen offers Resend after it. */
export const RESEND_CODE_AFTER_SECONDS = 60;

/** What a phone number may hold as people write it: digits, spaces, - . ( ) and a leading +. */
const WRITTEN_PHONE = /^\+?[\d\s\-.()+]*$/;
const COUNTRY_CODE = '233';

/**
 * A Ghana number as people write it, in the one form the API takes (+233 and 9 digits):
 * `0241000001`, `024 100 0001`, `+233 24 100 0001`, `233241000001`, and any of them typed or
 * pasted after the prefilled +233 (`+2330241000001`, `+233+233 24...`). Anything else comes back
 * trimmed and unchanged, for the format check to refuse with its message.
 */
export function normalizeGhanaPhone(written: string): string {
  const trimmed = written.trim();
  if (!WRITTEN_PHONE.test(trimmed)) return trimmed;
  let digits = trimmed.replace(/\D/g, '');
  while (digits.startsWith(COUNTRY_CODE) && digits.length > 9) digits = digits.slice(3);
  if (digits.length === 10 && digits.startsWith('0')) digits = digits.slice(1);
  return digits.length === 9 && !digits.startsWith('0') ? `${PHONE_PREFIX}${digits}` : trimmed;
}

/**
 * A cookie the page can read, set and cleared with the session: a browser without it has never
 * been signed in here (or signed out), so the app shows the signed-out screens without asking
 * the server. It holds no secret; the session itself is an HttpOnly cookie.
 */
export const SIGNED_IN_COOKIE = 'signed_in';

/** The fields whose presence turns a verify-code call into a sign-up. */
export const SIGNUP_PROFILE_FIELDS = ['firstName', 'lastName', 'role', 'region'] as const;

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
