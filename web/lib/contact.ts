import type { Contact } from '../../contracts/contact.ts';
import { formatLongDate } from './format.ts';
import { t } from './i18n/translate.ts';

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
  const date = formatLongDate(booking.eventDate);
  return booking.eventType
    ? t('the {type} on {date} at {venue}', { type: booking.eventType, date, venue: booking.venue })
    : t('the event on {date} at {venue}', { date, venue: booking.venue });
}

/**
 * The polite first message each side sends the other once matched: a greeting by name, who is
 * writing, the job or event it is about, and a question that starts the conversation.
 */
export const FIRST_MESSAGES = {
  toEmployer: (me: Person, them: Contact, jobTitle: string) =>
    t(
      'Hello {them}, this is {me}. Thank you for accepting my application for "{job}" on Ghana Gigs. When is a good time to talk about the work?',
      { them: them.firstName, me: `${me.firstName} ${me.lastName}`, job: jobTitle },
    ),
  toWorker: (me: Person, them: Contact, jobTitle: string) =>
    t(
      'Hello {them}, this is {me}. I have accepted your application for "{job}" on Ghana Gigs. When is a good time to talk about the work?',
      { them: them.firstName, me: `${me.firstName} ${me.lastName}`, job: jobTitle },
    ),
  toArtist: (me: Person, them: Contact, event: string) =>
    t(
      'Hello {them}, this is {me}. Thank you for accepting my booking on Ghana Gigs for {event}. When is a good time to talk about the details?',
      { them: them.firstName, me: `${me.firstName} ${me.lastName}`, event },
    ),
  toClient: (me: Person, them: Contact, event: string) =>
    t(
      'Hello {them}, this is {me}. I have accepted your booking on Ghana Gigs for {event}. When is a good time to talk about the details?',
      { them: them.firstName, me: `${me.firstName} ${me.lastName}`, event },
    ),
} as const;
