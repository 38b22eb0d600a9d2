import type { Status } from './applications.ts';

/**
 * The other side of a match, as each side sees it once the match is made: their name and the
 * phone number they signed in with, to call or to message on WhatsApp.
 */
export interface Contact {
  firstName: string;
  lastName: string;
  phoneNumber: string;
}

/**
 * Numbers stay hidden until an employer accepts an applicant or an artist accepts a booking,
 * and stay visible while the work goes on and after it is completed (the two may need each
 * other to confirm it or to settle a dispute). A rejected request never opens them, and
 * cancelled work hides them again: the match is off, and nobody keeps a stranger's number
 * from it.
 */
export const CONTACT_OPEN_STATUSES: readonly Status[] = ['accepted', 'completed'];

export const contactIsOpen = (status: Status) => CONTACT_OPEN_STATUSES.includes(status);

/** One side of a match: who they are and how the other side reaches them. */
export interface MatchSide {
  userId: number;
  contact: Contact;
}

/**
 * What `viewerId` sees of the other side of a match in `status`: the other side's contact once
 * it is open (contactIsOpen); nobody else ever sees either.
 */
export function contactSeenBy(
  viewerId: number,
  status: Status,
  [one, other]: readonly [MatchSide, MatchSide],
): Contact | null {
  if (!contactIsOpen(status)) return null;
  if (viewerId === one.userId) return other.contact;
  if (viewerId === other.userId) return one.contact;
  return null;
}

export const CONTACT_MESSAGES = {
  employerAfterAccept: 'You can contact the employer once they accept your application',
} as const;
