import { useId } from 'react';
import type { Contact } from '../../contracts/contact.ts';
import { useUser } from '../lib/auth.ts';
import { telLink, whatsAppLink } from '../lib/contact.ts';
import { ChatIcon, PhoneIcon } from './ui/icons.tsx';

interface Person {
  firstName: string;
  lastName: string;
}

/**
 * The other side of an accepted match: their name and number, with Call and WhatsApp. The
 * WhatsApp chat opens with `firstMessage` typed in, written as the signed-in user.
 */
export function ContactCard({
  contact,
  firstMessage,
}: {
  contact: Contact;
  firstMessage: (me: Person, them: Contact) => string;
}) {
  const id = useId();
  const { user } = useUser();
  const me = user ?? { firstName: '', lastName: '' };
  const name = `${contact.firstName} ${contact.lastName}`;
  return (
    <section className="contact-card" aria-labelledby={id}>
      <div>
        <h4 id={id} className="contact-name">
          Contact {name}
        </h4>
        <p className="contact-phone">{contact.phoneNumber}</p>
      </div>
      <div className="contact-actions">
        <a className="btn btn-outline" href={telLink(contact.phoneNumber)}>
          <PhoneIcon size={16} /> Call
        </a>
        <a
          className="btn btn-whatsapp"
          href={whatsAppLink(contact.phoneNumber, firstMessage(me, contact))}
          target="_blank"
          rel="noopener noreferrer"
        >
          <ChatIcon size={16} /> WhatsApp
        </a>
      </div>
    </section>
  );
}
