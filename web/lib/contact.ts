import type { Contact } from '../../contracts/contact.ts';
import { formatLongDate } from './format.ts';

/** A Call link: `tel:+233241000001`. */
export const telLink = (phoneNumber: string) => `tel:${phoneNumber}`;

/**
 * A WhatsApp chat with the number, the first message typed in for the sender to read and send:
 * `https://wa.me/233241000001?text=...` (wa.me takes the number without its plus).
 */
export function whatsAppLink(phoneNumber: string, text: string): string {
  return `https://wa.me/${phoneNumber.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`;
}

interface Person {
  firstName: string;
  lastName: string;
}

/** What a booking's first message calls the event: its type, day and venue. */
export function eventName(booking: {
  eventType: string | null;
  eventDate: string;
  venue: string;
}): string {
  const what = booking.eventType ? `the ${booking.eventType}` : 'the event';
  return `${what} on ${formatLongDate(booking.eventDate)} at ${booking.venue}`;
}

/**
 * The polite first message each side sends the other once matched: a greeting by name, who is
 * writing, the job or event it is about, and a question that starts the conversation.
 */
export const FIRST_MESSAGES = {
  toEmployer: (me: Person, them: Contact, jobTitle: string) =>
    `Hello ${them.firstName}, this is ${me.firstName} ${me.lastName}. Thank you for accepting my application for "${jobTitle}" on Ghana Gigs. When is a good time to talk about the work?`,
  toWorker: (me: Person, them: Contact, jobTitle: string) =>
    `Hello ${them.firstName}, this is ${me.firstName} ${me.lastName}. I have accepted your application for "${jobTitle}" on Ghana Gigs. When is a good time to talk about the work?`,
  toArtist: (me: Person, them: Contact, event: string) =>
    `Hello ${them.firstName}, this is ${me.firstName} ${me.lastName}. Thank you for accepting my booking on Ghana Gigs for ${event}. When is a good time to talk about the details?`,
  toClient: (me: Person, them: Contact, event: string) =>
    `Hello ${them.firstName}, this is ${me.firstName} ${me.lastName}. I have accepted your booking on Ghana Gigs for ${event}. When is a good time to talk about the details?`,
} as const;
