/** Trust and safety (SCREENS=trust shoots only these). */
import { spawnSync } from 'node:child_process';
import type { Browser } from 'playwright-core';
import type { Booking } from '../../contracts/bookings.ts';
import type { Job } from '../../contracts/jobs.ts';
import { api } from '../../contracts/paths.ts';
import { signUp } from '../lib/browser-sign-in.ts';
import { saveArtistProfile } from '../lib/engagement-setup.ts';
import { acceptedBooking } from './payment-screens.ts';
import { newContext, OUT, type Size, shot } from './shots.ts';

/** A job as the poster writes it: honest, or asking applicants for money (held for review). */
const TRUST_JOB = {
  title: 'Shop assistant in Madina',
  description: 'Sell provisions and keep the shop clean, Monday to Saturday, 8 am to 6 pm.',
  category: 'general_labor',
  region: 'Greater Accra',
  town: 'Madina',
  jobType: 'fixed',
  hourlyRate: null,
  fixedPrice: '900',
  estimatedHours: null,
  requiredSkills: ['Sales', 'Customer care'],
  startDate: null,
};
const SCAM_DESCRIPTION =
  'Sell provisions in our shop. Registration fee of GHS 50 is required from all applicants before the interview.';

/** A paid booking whose client disputed it after the event: one for the operator's queue. */
async function disputedBooking(browser: Browser, size: Size) {
  const artist = await newContext(browser, size);
  const client = await newContext(browser, size);
  await signUp(artist.request, 'artist', { firstName: 'Kofi', lastName: 'Kasa' });
  const { id: artistId } = await saveArtistProfile(artist.request, 'DJ Kasa');
  await signUp(client.request, 'employer', { firstName: 'Adwoa', lastName: 'Asantewaa' });
  await acceptedBooking(client, artist, artistId, 1, 'Labadi Beach Hotel, Accra');
  const [booking] = (await (await client.request.get(api.clientBookings)).json()) as Booking[];
  if (!booking) throw new Error('No booking to dispute');
  const started = await client.request.post(api.payEngagement('bookings', booking.id), {
    data: { phoneNumber: '+233551234987', network: 'mtn' },
  });
  const { reference } = (await started.json()) as { reference: string };
  for (let attempt = 0; attempt < 60; attempt++) {
    const progress = await client.request.get(api.payment(reference));
    if (((await progress.json()) as { status: string }).status === 'success') break;
    await client.request.post(api.devClock, { data: { advanceSeconds: 2 } });
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await client.request.post(api.devClock, { data: { advanceSeconds: 2 * 86_400 } });
  const disputed = await client.request.post(api.disputeEngagement('bookings', booking.id), {
    data: { reason: 'The DJ played for one hour, not three.' },
  });
  if (!disputed.ok()) throw new Error(`dispute: ${await disputed.text()}`);
  await Promise.all([artist.close(), client.close()]);
}

/** Who posts, Report, held and hidden listings, the employer profile and the operator's view. */
export async function trustScreens(browser: Browser, size: Size) {
  const employer = await newContext(browser, size);
  const { id: employerId } = await signUp(employer.request, 'employer', {
    firstName: 'Kwabena',
    lastName: 'Owusu',
    region: 'Greater Accra',
  });
  await employer.request.put(api.myEmployer, { data: { businessName: 'Owusu Provisions' } });
  const job = (await (await employer.request.post(api.jobs, { data: TRUST_JOB })).json()) as Job;
  const page = await employer.newPage();

  // The wizard: the town, and the warning before a post that will be held.
  await page.goto('/post-job');
  await page.getByText('General Labor').click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Job Title').fill('Shop attendants wanted');
  await page.getByLabel('Description').fill(SCAM_DESCRIPTION);
  await page.getByLabel('Required Skills').fill('Sales');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Region').selectOption('Greater Accra');
  await page.getByLabel('Town or Area').fill('Madina');
  await page.getByText('Fixed Price', { exact: true }).click();
  await page.getByLabel('Fixed Price (GHS)').fill('600');
  await shot(page, 'trust-post-job-3-town');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Job held for review').waitFor();
  await shot(page, 'trust-post-job-4-held-warning');
  await page.getByRole('button', { name: 'Publish Job' }).click();
  await page.getByRole('heading', { name: 'Employer Dashboard' }).waitFor();
  await page.getByText('Held for review').first().waitFor();
  await page.getByRole('button', { name: 'Dismiss notification' }).click();
  await shot(page, 'trust-dashboard-employer-held');
  await page.getByRole('button', { name: 'Edit' }).click();
  await shot(page, 'trust-dashboard-business-name-form');
  await page.goto(`/employers/${employerId}`);
  await page.getByText('Jobs posted').waitFor();
  await shot(page, 'trust-employer-profile-own');

  // A visitor: the card and the page say who posts, where and when; Report.
  const visitor = await newContext(browser, size);
  await signUp(visitor.request, 'job_seeker', { firstName: 'Abena', lastName: 'Boateng' });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto('/jobs');
  await visitorPage.getByText('By Owusu Provisions').first().waitFor();
  await shot(visitorPage, 'trust-jobs');
  await visitorPage.goto(`/jobs/${job.id}`);
  await visitorPage.getByRole('button', { name: 'Report this job' }).waitFor();
  await shot(visitorPage, 'trust-job-detail');
  await visitorPage.getByRole('button', { name: 'Report this job' }).click();
  const dialog = visitorPage.getByRole('dialog', { name: 'Report this job' });
  await dialog.getByText('Asks for money').click();
  await dialog.getByLabel('Details').fill('They asked me to send GHS 50 by MoMo to apply.');
  await visitorPage.screenshot({ path: `${OUT}/trust-report-dialog-${size.width}.png` });
  await dialog.getByRole('button', { name: 'Send Report' }).click();
  await visitorPage.getByText('Report sent').waitFor();
  await shot(visitorPage, 'trust-report-sent');
  await visitorPage.goto(`/employers/${employerId}`);
  await visitorPage.getByText('Jobs posted').waitFor();
  await shot(visitorPage, 'trust-employer-profile');
  await visitorPage.goto('/artists');
  await visitorPage
    .getByRole('link', { name: /^View Profile/ })
    .first()
    .click();
  await visitorPage.getByRole('button', { name: 'Report this artist' }).waitFor();
  await shot(visitorPage, 'trust-artist-profile');

  // Two more people report it: hidden until reviewed.
  for (const name of ['Esi', 'Yaa']) {
    const reporter = await newContext(browser, size);
    await signUp(reporter.request, 'job_seeker', { firstName: name });
    await reporter.request.post(api.reports, {
      data: { targetType: 'job', targetId: job.id, reason: 'fake' },
    });
    await reporter.close();
  }
  await visitorPage.goto(`/jobs/${job.id}`);
  await visitorPage.getByRole('heading', { name: 'Under Review' }).waitFor();
  await shot(visitorPage, 'trust-job-under-review');

  await disputedBooking(browser, size);

  // The operator's view.
  const operator = await newContext(browser, size);
  const { phone } = await signUp(operator.request, 'employer', {
    firstName: 'Efua',
    lastName: 'Sarpong',
  });
  const granted = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/admin-grant.ts', phone],
    {
      encoding: 'utf8',
    },
  );
  if (granted.status !== 0) throw new Error(`admin:grant: ${granted.stderr}`);
  const operatorPage = await operator.newPage();
  await operatorPage.goto('/admin');
  await operatorPage.getByRole('heading', { name: /^Held posts/ }).waitFor();
  await shot(operatorPage, 'trust-admin');
  await operatorPage.getByRole('button', { name: 'Suspend' }).first().click();
  await operatorPage.getByRole('dialog').waitFor();
  await operatorPage.screenshot({ path: `${OUT}/trust-admin-confirm-${size.width}.png` });
  await operatorPage.keyboard.press('Escape');
  await operatorPage.getByRole('button', { name: 'Publish' }).nth(1).click();
  await operatorPage.getByText('Published: it is shown on Ghana Gigs again.').waitFor();
  await shot(operatorPage, 'trust-admin-published');
  await visitorPage.goto('/admin');
  await visitorPage.getByText('Only Ghana Gigs operators can do that.').waitFor();
  await shot(visitorPage, 'trust-admin-refused');
  await Promise.all([employer.close(), visitor.close(), operator.close()]);
}
