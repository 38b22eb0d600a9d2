import type { Status } from './applications.ts';

/**
 * Who may decide on an application or a booking, and from which status (PATCH). Accepting or
 * rejecting is final. Nobody marks work completed by hand: it is completed when the escrowed
 * money is released, after both sides confirm (POST .../confirm); either side may cancel
 * accepted work (POST .../cancel).
 */
type Actor = 'owner' | 'counterpart';

/** Applications: the employer decides. */
export const APPLICATION_TRANSITIONS: Record<Status, Partial<Record<Status, Actor>>> = {
  pending: { accepted: 'owner', rejected: 'owner' },
  accepted: {},
  rejected: {},
  completed: {},
  cancelled: {},
};

/** Bookings: the artist ('owner') decides. */
export const BOOKING_TRANSITIONS: Record<Status, Partial<Record<Status, Actor>>> = {
  pending: { accepted: 'owner', rejected: 'owner' },
  accepted: {},
  rejected: {},
  completed: {},
  cancelled: {},
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
