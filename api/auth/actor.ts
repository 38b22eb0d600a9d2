import type { Role, User } from '../../contracts/auth.ts';
import { isLanguage, type Language } from '../../contracts/languages.ts';
import { MODERATION_MESSAGES } from '../../contracts/moderation.ts';
import { Forbidden } from '../lib/domain-errors.ts';
import type { UserRow } from './users-repository.ts';

/**
 * The person a service acts for, whichever door they came through (a web session, USSD, a
 * payment webhook's payer): mapped once from their row, so services never read raw columns.
 */
export interface Actor {
  id: number;
  role: Role | null;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  region: string | null;
  email: string | null;
  phoneVerified: boolean;
  emailVerified: boolean;
  /** The channel their notifications go by: the one they last signed in with. */
  deliveryMethod: string;
  createdAt: string;
  /** A Ghana Gigs operator (granted only from the command line: npm run admin:grant). */
  isAdmin: boolean;
  /** The language they chose, or null (English) until they choose. */
  language: Language | null;
}

export function actorFromRow(row: UserRow): Actor {
  return {
    id: row.id,
    role: (row.role as Role | null) ?? null,
    firstName: row.first_name,
    lastName: row.last_name,
    phoneNumber: row.phone_number,
    region: row.region,
    email: row.email,
    phoneVerified: row.phone_verified === 1,
    emailVerified: row.email_verified === 1,
    deliveryMethod: row.delivery_method,
    createdAt: row.created_at,
    isAdmin: row.is_admin === 1,
    language: isLanguage(row.language) ? row.language : null,
  };
}

/**
 * Who is looking at a listing, asked only when the answer depends on it (a hidden job, shown to
 * its owner and operators alone). Asked lazily so that the answer everyone gets (a published
 * job) does not depend on the session and keeps its shared caching (auth/session-hook.ts).
 */
export type Viewer = () => Actor | null;

/** A viewer who is nobody: a visitor. */
export const NOBODY: Viewer = () => null;

/** The actor as the API shows a user. */
export function userOf(actor: Actor): User {
  return {
    id: actor.id,
    phoneNumber: actor.phoneNumber,
    role: actor.role,
    firstName: actor.firstName,
    lastName: actor.lastName,
    region: actor.region,
    email: actor.email,
    emailVerified: actor.emailVerified,
    phoneVerified: actor.phoneVerified,
    claims: { sub: String(actor.id) },
    createdAt: actor.createdAt,
    isAdmin: actor.isAdmin,
    language: actor.language,
  };
}

type RoleHolder = Actor & { role: Role };

/** What someone with no role yet is told when they apply or book. */
export const ROLE_FIRST = 'Choose a role on your profile first';

/** Applying and booking: the actor has chosen a role. */
export function mustHoldRole(actor: Actor): asserts actor is RoleHolder {
  if (!actor.role) throw new Forbidden(ROLE_FIRST);
}

/** The operator's screens and decisions. */
export function mustBeAdmin(actor: Actor): void {
  if (!actor.isAdmin) throw new Forbidden(MODERATION_MESSAGES.notAdmin);
}

/** Posting a job: a role and a verified phone. */
export function mustBeVerifiedRoleHolder(actor: Actor): asserts actor is RoleHolder {
  mustHoldRole(actor);
  if (!actor.phoneVerified) throw new Forbidden('Verify your phone number first');
}
