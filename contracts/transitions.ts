import type { Status } from './applications.ts';

/**
 * Who may move an application or a booking, and from which status. Accepting or rejecting is
 * final; only an accepted one can be completed.
 */
type Actor = 'owner' | 'counterpart';

/** Applications: the employer decides and marks the work done. */
export const APPLICATION_TRANSITIONS: Record<Status, Partial<Record<Status, Actor>>> = {
  pending: { accepted: 'owner', rejected: 'owner' },
  accepted: { completed: 'owner' },
  rejected: {},
  completed: {},
};

/** Bookings: the artist ('owner') decides; the client ('counterpart') marks the event done. */
export const BOOKING_TRANSITIONS: Record<Status, Partial<Record<Status, Actor>>> = {
  pending: { accepted: 'owner', rejected: 'owner' },
  accepted: { completed: 'counterpart' },
  rejected: {},
  completed: {},
};

export function canTransition(
  table: Record<Status, Partial<Record<Status, Actor>>>,
  from: Status,
  to: Status,
  actor: Actor,
): boolean {
  return table[from][to] === actor;
}

export const STATUS_CHANGE_MESSAGES = {
  status: 'Choose accepted, rejected or completed',
  notAllowed: (from: Status, to: Status) =>
    from === to ? `It is already ${from}` : `A ${from} request cannot be marked ${to}`,
  doubleBooking: (date: string) => `You already have an accepted booking on ${date}`,
} as const;
