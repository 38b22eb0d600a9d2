import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { APPLICATION_MESSAGES } from '../../contracts/applications.ts';
import type { Artist } from '../../contracts/artists.ts';
import { BOOKING_MESSAGES } from '../../contracts/bookings.ts';
import { CONTACT_MESSAGES } from '../../contracts/contact.ts';
import { signUp } from '../../scripts/lib/browser-sign-in.ts';
import { postJob } from '../../scripts/lib/engagement-setup.ts';
import { waitForHydration } from './first-screen-support.ts';

/** 'YYYY-MM-DD' `days` from today. */
const dayFromNow = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** '14 Mar 2027', as the SMS and the dialog name a day. */
const dayLabel = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

async function person(
  browser: Browser,
  firstName: string,
  lastName: string,
  role: 'artist' | 'employer' | 'job_seeker',
) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const { phone } = await signUp(context.request, role, { firstName, lastName, region: 'Ashanti' });
  return {
    page: await context.newPage(),
    phone,
    firstName,
    lastName,
    close: () => context.close(),
  };
}
type Person = Awaited<ReturnType<typeof person>>;

/** The newest SMS to `who` (sign-in codes aside), once it has come. */
async function lastSms(who: Person, containing: string): Promise<string> {
  let body = '';
  await expect
    .poll(async () => {
      const outbox = await who.page.request.get(
        `/api/dev/outbox?to=${encodeURIComponent(who.phone)}`,
      );
      body = ((await outbox.json()) as { body: string }[])[0]?.body ?? '';
      return body;
    })
    .toContain(containing);
  return body;
}

/** Follows the link at the end of an SMS, on this server (the test's PUBLIC_URL is its own). */
async function followSmsLink(who: Person, sms: string) {
  const link = new URL(sms.slice(sms.lastIndexOf(' ') + 1));
  await who.page.goto(`${link.pathname}${link.search}`);
}

/** The contact card of `other` inside `within`: its Call and WhatsApp links, checked. */
async function expectContact(within: Locator, other: Person, message: RegExp) {
  const card = within.getByRole('region', { name: `Contact ${other.firstName} ${other.lastName}` });
  await expect(card.getByText(other.phone)).toBeVisible();
  await expect(card.getByRole('link', { name: 'Call' })).toHaveAttribute(
    'href',
    `tel:${other.phone}`,
  );
  const href = (await card.getByRole('link', { name: 'WhatsApp' }).getAttribute('href')) ?? '';
  const whatsApp = new URL(href);
  expect(`${whatsApp.origin}${whatsApp.pathname}`).toBe(`https://wa.me/${other.phone.slice(1)}`);
  expect(whatsApp.searchParams.get('text')).toMatch(message);
}

async function screenshot(page: Page, name: string) {
  if (!process.env.SHOTS_DIR) return;
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}-360.png`, fullPage: true });
}

test('apply, accept, see contact: the WhatsApp link names the job; book, accept, see contact', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);

  // --- Jobs: apply, accept, contact ---------------------------------------------------------
  const employer = await person(browser, 'Kwabena', 'Ofori', 'employer');
  const seeker = await person(browser, 'Akosua', 'Frimpong', 'job_seeker');
  const title = `Tiler for a kitchen ${tag}`;
  const job = await postJob(employer.page.request, {
    title,
    description: 'Lay floor and wall tiles in a new kitchen in Bantama, Kumasi.',
    region: 'Ashanti',
    fixedPrice: '1500',
    requiredSkills: ['Tiling'],
  });

  // Before applying, contact is closed and says when it opens.
  await seeker.page.goto(`/jobs/${job.id}`);
  // The page is drawn before the app runs; its buttons answer once it has taken over.
  await waitForHydration(seeker.page);
  await seeker.page.getByRole('button', { name: 'Contact Employer' }).click();
  await expect(seeker.page.getByText(CONTACT_MESSAGES.employerAfterAccept)).toBeVisible();
  await seeker.page.getByRole('button', { name: 'Apply Now' }).click();
  const dialog = seeker.page.getByRole('dialog', { name: `Apply for ${title}` });
  await dialog.getByLabel('Cover Letter').fill('I tiled six kitchens in Kumasi this year.');
  await dialog.getByRole('button', { name: 'Submit Application' }).click();
  await expect(seeker.page.getByText('Application Submitted!')).toBeVisible();
  const applied = seeker.page.getByText(/^Applied on \d+ \w{3} \d{4}: Pending$/);
  await expect(applied).toBeVisible();
  await expect(seeker.page.getByRole('button', { name: 'Apply Now' })).toHaveCount(0);
  await screenshot(seeker.page, 'job-applied-pending');

  // The employer follows the SMS link to the job's applicants and accepts.
  const newApplicant = await lastSms(employer, 'New applicant for your job');
  expect(newApplicant).toMatch(/ http:\/\/localhost:\d+\/dashboard\/employer\?job=\d+$/);
  await followSmsLink(employer, newApplicant);
  const applicant = employer.page
    .getByRole('list', { name: 'Applicants' })
    .getByRole('listitem')
    .filter({ hasText: 'Akosua Frimpong' });
  await expect(applicant.getByRole('region', { name: /^Contact / })).toHaveCount(0);
  await applicant.getByRole('button', { name: 'Accept' }).click();
  await expect(applicant.getByText('Accepted', { exact: true })).toBeVisible();
  await expectContact(
    applicant,
    seeker,
    new RegExp(
      `^Hello Akosua, this is Kwabena Ofori\\. I have accepted your application for "${title}" on Ghana Gigs\\.`,
    ),
  );
  await screenshot(employer.page, 'employer-applicant-contact');

  // The seeker is told by SMS, and the job page now shows the employer's number.
  const accepted = await lastSms(seeker, 'was accepted');
  expect(accepted).toMatch(/Call or WhatsApp them: http:\/\/localhost:\d+\/dashboard$/);
  await seeker.page.reload();
  await expect(seeker.page.getByText(/^Applied on \d+ \w{3} \d{4}: Accepted$/)).toBeVisible();
  await seeker.page.getByRole('button', { name: 'Contact Employer' }).click();
  const side = seeker.page.getByRole('complementary', { name: 'Job summary' });
  await expectContact(
    side,
    employer,
    new RegExp(
      `^Hello Kwabena, this is Akosua Frimpong\\. Thank you for accepting my application for "${title}" on Ghana Gigs\\. When is a good time to talk about the work\\?$`,
    ),
  );
  await screenshot(seeker.page, 'job-contact-employer');
  await followSmsLink(seeker, accepted);
  const mine = seeker.page
    .getByRole('list', { name: 'My applications' })
    .getByRole('listitem')
    .filter({ hasText: title });
  await expectContact(mine, employer, /^Hello Kwabena, this is Akosua Frimpong\./);
  await screenshot(seeker.page, 'seeker-applications-contact');

  // A second application to the same job is refused inside the dialog (from the API: the
  // page itself no longer offers Apply Now).
  const again = await seeker.page.request.post('/api/applications', {
    data: { jobId: job.id, coverLetter: 'Again' },
  });
  expect((await again.json()).message).toBe(APPLICATION_MESSAGES.duplicate);

  // --- Artists: book, accept, contact -------------------------------------------------------
  const artist = await person(browser, 'Kojo', 'Antwi', 'artist');
  const client = await person(browser, 'Abena', 'Sarpong', 'employer');
  const stageName = `DJ Kojo ${tag}`;
  const saved = await artist.page.request.put('/api/artists/me', {
    data: {
      stageName,
      bio: 'Highlife and hiplife for weddings and funerals across Ashanti.',
      performanceTypes: ['DJ'],
      region: 'Ashanti',
      hourlyRate: '200',
      eventRate: null,
    },
  });
  const { id: artistId } = (await saved.json()) as Artist;
  const day = dayFromNow(15);
  await client.page.goto(`/artists/${artistId}`);
  await client.page.getByRole('button', { name: 'Book Now' }).click();
  const booking = client.page.getByRole('dialog', { name: `Book ${stageName}` });
  await booking.getByLabel('Event Date').fill(day);
  await booking.getByLabel('Event Time').fill('15:00');
  await booking.getByLabel('Duration (hours)').fill('4');
  await booking.getByLabel('Event Type').fill('Wedding');
  await booking.getByLabel('Venue').fill('Golden Tulip, Kumasi');
  await booking
    .getByLabel('Event Details')
    .fill(
      'Church at noon, then the reception for 300 guests. Highlife for the first dance, then Afrobeats until 7 pm. The couple will send a list of songs.',
    );
  await booking.getByRole('button', { name: 'Send Booking Request' }).click();
  await expect(client.page.getByText('Booking Request Sent')).toBeVisible();

  // The artist follows the SMS link, reads the whole request and accepts.
  const request = await lastSms(artist, 'New booking request from Abena Sarpong');
  expect(request).toMatch(/Respond: http:\/\/localhost:\d+\/dashboard\/artist$/);
  await followSmsLink(artist, request);
  const pending = artist.page.getByRole('region', { name: 'Pending Requests' });
  const card = pending.getByRole('listitem').filter({ hasText: 'Golden Tulip, Kumasi' });
  await card.getByRole('button', { name: 'Read the whole request' }).click();
  await expect(card.getByText(/The couple will send a list of songs\.$/)).toBeVisible();
  await screenshot(artist.page, 'artist-request-expanded');
  await card.getByRole('button', { name: 'Accept' }).click();
  await expect(artist.page.getByText('Booking Accepted')).toBeVisible();
  const confirmed = artist.page
    .getByRole('region', { name: 'Confirmed Bookings' })
    .getByRole('listitem')
    .filter({ hasText: 'Golden Tulip, Kumasi' });
  await expectContact(
    confirmed,
    client,
    /^Hello Abena, this is Kojo Antwi\. I have accepted your booking on Ghana Gigs for the Wedding on \w+, \d+ \w+ \d{4} at Golden Tulip, Kumasi\./,
  );
  await screenshot(artist.page, 'artist-booking-contact');

  // The client follows the acceptance SMS to My Bookings and sees the artist's number.
  const bookingAccepted = await lastSms(client, 'accepted your booking');
  expect(bookingAccepted).toMatch(
    /Call or WhatsApp them: http:\/\/localhost:\d+\/dashboard\?tab=bookings$/,
  );
  await followSmsLink(client, bookingAccepted);
  const myBooking = client.page
    .getByRole('list', { name: 'My bookings' })
    .getByRole('listitem')
    .filter({ hasText: stageName });
  await expect(myBooking.getByText('Accepted', { exact: true })).toBeVisible();
  await expectContact(
    myBooking,
    artist,
    /^Hello Kojo, this is Abena Sarpong\. Thank you for accepting my booking on Ghana Gigs for the Wedding on \w+, \d+ \w+ \d{4} at Golden Tulip, Kumasi\. When is a good time to talk about the details\?$/,
  );
  await screenshot(client.page, 'client-booking-contact');

  // Another client finds the day taken: shown on the profile, warned of in the dialog, and
  // refused inside the dialog if sent anyway.
  const rival = await person(browser, 'Yaa', 'Asante', 'job_seeker');
  await rival.page.goto(`/artists/${artistId}`);
  await rival.page.getByRole('tab', { name: 'Availability' }).click();
  await expect(rival.page.getByRole('listitem').filter({ hasText: 'Booked' })).toHaveCount(1);
  await screenshot(rival.page, 'artist-profile-booked');
  await rival.page.getByRole('button', { name: 'Book Now' }).click();
  const rivalDialog = rival.page.getByRole('dialog', { name: `Book ${stageName}` });
  await rivalDialog.getByLabel('Event Date').fill(day);
  const taken = BOOKING_MESSAGES.bookedDay(stageName, dayLabel(day));
  await expect(rivalDialog.getByRole('alert')).toHaveText(taken);
  await rivalDialog.getByLabel('Event Time').fill('18:00');
  await rivalDialog.getByLabel('Venue').fill('Kumasi City Mall');
  await rivalDialog.getByRole('button', { name: 'Send Booking Request' }).click();
  await expect(rivalDialog.getByRole('alert').filter({ hasText: 'Booking Failed' })).toHaveText(
    `Booking Failed${taken}`,
  );
  await screenshot(rival.page, 'booking-dialog-refused');

  await Promise.all([employer, seeker, artist, client, rival].map((who) => who.close()));
});
