/**
 * Who posts jobs: the name shown for them (a business name they may set, else their own) and
 * their public profile.
 */

export const BUSINESS_NAME_MAX = 60;

export const EMPLOYER_MESSAGES = {
  businessName: 'Business name must have a letter or a number',
  businessNameMax: `Business name must be at most ${BUSINESS_NAME_MAX} characters`,
  businessNameFee: 'A business name cannot ask for money or give a number to pay',
  notFound: 'Employer not found',
} as const;

/** Who posted a job, as a job card shows them. */
export interface Poster {
  id: number;
  /** The business name, or the person's first and last name. */
  name: string;
  phoneVerified: boolean;
}

/** The name shown for a person who posts: their business name when they set one. */
export function posterName(person: {
  businessName: string | null;
  firstName: string;
  lastName: string;
}): string {
  return person.businessName ?? `${person.firstName} ${person.lastName}`;
}

/** GET /api/employers/:id (and the answer to PUT /api/employers/me): an employer's public profile. */
export interface EmployerProfile extends Poster {
  /** The person behind the name. */
  personName: string;
  businessName: string | null;
  region: string | null;
  /** When they joined (ISO date-time). */
  memberSince: string;
  /** Their jobs shown on Ghana Gigs, open or closed. */
  jobsPosted: number;
  /** Applicants they accepted (accepted or completed). */
  hiresMade: number;
  /** Engagements they took part in that ended paid through Ghana Gigs. */
  paidGigs: number;
}
