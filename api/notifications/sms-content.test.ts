import { expect, test } from 'vitest';
import { call } from '../../tests/helpers/escrow-world.ts';
import {
  applyTo,
  createTestApp,
  postJob,
  type SignedInUser,
  signUp,
  type TestApp,
  testAppFor,
  validJob,
} from '../../tests/helpers/test-app.ts';

// Texts an attacker would like to send under our sender ID.
const FRAUD = 'Send GHS 50 to 0244123456 by MoMo *170# or visit http://momo-gh.com/pay';

const t = testAppFor('each');

const smsTo = (user: SignedInUser) => smsOf(t, user);

// Sign-up now refuses names that pass for MoMo or us, but rows saved before that rule still hold
// them, so the hostile name is written straight into the table: the SMS must clean it either way.
async function signUpNamed(
  role: 'job_seeker' | 'employer',
  firstName: string,
  lastName: string,
): Promise<SignedInUser> {
  const user = await signUp(t, role);
  await t.db
    .updateTable('users')
    .set({ first_name: firstName, last_name: lastName })
    .where('id', '=', user.id)
    .execute();
  return user;
}

async function smsOf(app: TestApp, user: SignedInUser): Promise<string[]> {
  await app.app.notifier.idle();
  const response = await app.app.inject({
    url: `/api/dev/outbox?to=${encodeURIComponent(user.phone)}`,
  });
  return response
    .json<{ body: string }[]>()
    .map((message) => message.body)
    .filter((body) => !body.startsWith('Your Ghana Gigs code'));
}

const patch = (who: SignedInUser, url: string, status: string) =>
  t.app.inject({ method: 'PATCH', url, headers: { cookie: who.cookie }, payload: { status } });

test('a booking request SMS carries no venue or details, and the names only cleaned', async () => {
  const artist = await signUp(t, 'artist');
  const { id: artistId } = await t.db
    .updateTable('artists')
    .set({
      hourly_rate_pesewas: 10_000,
      stage_name: 'DJ\u200B Kasa\u202E www.win-cash.com 0201234567',
    })
    .where('user_id', '=', artist.id)
    .returning('id')
    .executeTakeFirstOrThrow();
  const client = await signUpNamed('job_seeker', 'Call\u202E 0244123456', 'momo.gh/pay *170#');
  const eventDate = '2027-03-14T18:00:00.000Z';
  const booked = await call(t, client, 'POST', '/api/bookings', {
    artistId,
    eventDate,
    eventDuration: 1,
    venue: FRAUD,
    eventDetails: FRAUD,
    eventType: FRAUD.slice(0, 40),
    totalAmount: '100.00',
  });
  expect(booked.statusCode).toBe(201);
  expect(await smsTo(artist)).toEqual([
    'New booking request from Call momo gh pay for 14 Mar 2027. Respond: http://localhost:3000/dashboard/artist',
  ]);

  expect((await patch(artist, `/api/bookings/${booked.json().id}`, 'accepted')).statusCode).toBe(
    200,
  );
  expect(await smsTo(client)).toEqual([
    'DJ Kasa www win-cash com accepted your booking for 14 Mar 2027. Call or WhatsApp them: http://localhost:3000/dashboard?tab=bookings',
  ]);
});

test('application SMS carry no job title or cover letter, and a name cleaned to nothing is replaced', async () => {
  const employer = await signUp(t, 'employer', { firstName: 'Kwame', lastName: 'Mensah' });
  const job = await postJob(t, employer, { ...validJob, title: FRAUD.slice(0, 60) });
  // The title asks for money, so the job was held; an operator publishes it to let the test apply.
  await t.db.updateTable('jobs').set({ moderation: 'published' }).execute();
  // A name in letters an SMS cannot carry: Cyrillic is dropped, nothing is left.
  const seeker = await signUp(t, 'job_seeker', { firstName: 'Иван', lastName: '\u202EПетров' });
  const applied = await t.app.inject({
    method: 'POST',
    url: '/api/applications',
    headers: { cookie: seeker.cookie },
    payload: { jobId: job.id, coverLetter: FRAUD },
  });
  expect(applied.statusCode).toBe(201);
  expect(await smsTo(employer)).toEqual([
    `New applicant for your job: Someone. Review: http://localhost:3000/dashboard/employer?job=${job.id}`,
  ]);

  await patch(employer, `/api/applications/${applied.json().id}`, 'rejected');
  expect(await smsTo(seeker)).toEqual([
    'Your application to Kwame Mensah was not successful this time. Keep applying: http://localhost:3000/dashboard',
  ]);
});

test('look-alike letters spell no digits in an SMS: only plain Latin letters reach it', async () => {
  const employer = await signUp(t, 'employer', { firstName: 'Kwame', lastName: 'Mensah' });
  const job = await postJob(t, employer);
  const seeker = await signUpNamed('job_seeker', 'MoMo Agent call 055', 'ЗƼб ȣlO ƧЗ');
  await t.app.inject({
    method: 'POST',
    url: '/api/applications',
    headers: { cookie: seeker.cookie },
    payload: { jobId: job.id, coverLetter: 'Hello, I can do this job well.' },
  });
  expect(await smsTo(employer)).toEqual([
    `New applicant for your job: MoMo Agent call lO. Review: http://localhost:3000/dashboard/employer?job=${job.id}`,
  ]);
});

test('every SMS links to the screen it is about at the configured PUBLIC_URL', async () => {
  const live = await createTestApp({ config: { publicUrl: 'https://ghanagigs.com' } });
  try {
    const employer = await signUp(live, 'employer', { firstName: 'Kwame', lastName: 'Mensah' });
    const seeker = await signUp(live, 'job_seeker', { firstName: 'Kofi', lastName: 'Boateng' });
    const job = await postJob(live, employer);
    const applied = await applyTo(live, seeker, job.id, 'I can start on Monday.');
    await call(live, employer, 'PATCH', `/api/applications/${applied}`, { status: 'accepted' });
    expect(await smsOf(live, employer)).toEqual([
      `New applicant for your job: Kofi Boateng. Review: https://ghanagigs.com/dashboard/employer?job=${job.id}`,
    ]);
    expect(await smsOf(live, seeker)).toEqual([
      'Good news! Your application to Kwame Mensah was accepted. Call or WhatsApp them: https://ghanagigs.com/dashboard',
    ]);
  } finally {
    await live.close();
  }
});
