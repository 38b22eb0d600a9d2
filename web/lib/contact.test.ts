import { expect, test } from 'vitest';
import { eventName, FIRST_MESSAGES, telLink, whatsAppLink } from './contact.ts';

const kwame = { firstName: 'Kwame', lastName: 'Mensah', phoneNumber: '+233241000001' };
const kofi = { firstName: 'Kofi', lastName: 'Boateng' };

test('Call dials the number as stored; WhatsApp opens a chat with it, without the plus', () => {
  expect(telLink('+233241000001')).toBe('tel:+233241000001');
  expect(whatsAppLink('+233241000001', 'Hello & welcome?')).toBe(
    'https://wa.me/233241000001?text=Hello%20%26%20welcome%3F',
  );
});

test('the first message greets by name, says who writes and names the job', () => {
  expect(FIRST_MESSAGES.toEmployer(kofi, kwame, 'Plumber needed in Kumasi')).toBe(
    'Hello Kwame, this is Kofi Boateng. Thank you for accepting my application for "Plumber needed in Kumasi" on Ghana Gigs. When is a good time to talk about the work?',
  );
  expect(
    FIRST_MESSAGES.toWorker(
      kwame,
      { ...kofi, phoneNumber: '+233241000002' },
      'Plumber needed in Kumasi',
    ),
  ).toBe(
    'Hello Kofi, this is Kwame Mensah. I have accepted your application for "Plumber needed in Kumasi" on Ghana Gigs. When is a good time to talk about the work?',
  );
});

test('a booking message names the event by its type, day and venue', () => {
  const event = eventName({
    eventType: 'Wedding',
    eventDate: '2027-03-13T15:00:00.000Z',
    venue: 'Labadi Beach Hotel',
  });
  expect(event).toBe('the Wedding on Saturday, 13 March 2027 at Labadi Beach Hotel');
  expect(
    eventName({ eventType: null, eventDate: '2027-03-13T15:00:00.000Z', venue: 'Kumasi' }),
  ).toBe('the event on Saturday, 13 March 2027 at Kumasi');
  expect(FIRST_MESSAGES.toArtist(kofi, kwame, event)).toBe(
    'Hello Kwame, this is Kofi Boateng. Thank you for accepting my booking on Ghana Gigs for the Wedding on Saturday, 13 March 2027 at Labadi Beach Hotel. When is a good time to talk about the details?',
  );
});
