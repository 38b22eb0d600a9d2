import { expect, test } from 'vitest';
import type { Application } from '../../contracts/applications.ts';
import type { Booking } from '../../contracts/bookings.ts';
import { LANGUAGES } from '../../contracts/languages.ts';
import { REGIONS } from '../../contracts/regions.ts';
import { bookingStatusOf, smsTo } from '../../tests/helpers/escrow-world.ts';
import {
  applyTo,
  createTestApp,
  postBody,
  postJob,
  randomPhone,
  signUp,
  signUpArtist,
  storedLanguageOf,
  validJob,
} from '../../tests/helpers/test-app.ts';
import {
  noteForFirstTrade,
  pick,
  requestBooking,
  signUpAsFarAsRole,
  ussdAppForEachTest,
} from '../../tests/helpers/ussd-phone.ts';
import { translator } from '../messages/catalogs.ts';

const { t, token: TOKEN, dial } = ussdAppForEachTest();
const en = translator('en-GH');

const FORM = 'application/x-www-form-urlencoded';
/** A gateway's first request of a session, in the form Africa's Talking posts it. */
const A_CALLBACK = 'sessionId=1&serviceCode=x&phoneNumber=%2B233241000001&text=';

const countUsers = async () => (await t.db.selectFrom('users').select('id').execute()).length;

test('the callback answers only at its secret path: a wrong token is any unknown path', async () => {
  const wrong = await postBody(t, null, `/api/ussd/${TOKEN.slice(0, -1)}x`, FORM, A_CALLBACK);
  const unknown = await postBody(t, null, '/api/nothing-here', FORM, 'sessionId=1');
  expect(wrong.statusCode).toBe(404);
  expect(unknown.statusCode).toBe(404);
  expect(wrong.json().message).toMatch(/^No such endpoint: POST \/api\/ussd\//);
  // A bad body at a wrong token is still 404: nothing is judged before the token.
  const junk = await postBody(t, null, '/api/ussd/wrong', 'text/csv', 'a,b');
  expect(junk.statusCode).toBe(404);
});

test('without USSD_CALLBACK_TOKEN there is no USSD service at all', async () => {
  const plain = await createTestApp();
  try {
    const response = await postBody(plain, null, `/api/ussd/${TOKEN}`, FORM, A_CALLBACK);
    expect(response.statusCode).toBe(404);
  } finally {
    await plain.close();
  }
});

test('a new number signs up in three screens: name, role, region; phone verified by the network', async () => {
  const phone = randomPhone();
  const session = dial(phone);
  expect(await session.start()).toBe(`CON ${en('ussdWelcome')}`);
  expect(await session.type('1')).toBe(`CON ${en('ussdAskName')}`);
  expect(await session.type('Akosua')).toBe(`CON ${en('ussdNameAgain')}\n${en('ussdAskName')}`);
  // A name that passes for us or a network, alone or together, is asked for again.
  for (const posing of ['MTN Owusu', 'Ghana Gigs', 'Ghana Gigs Support', 'M0M0 Admin']) {
    expect(await session.type(posing), posing).toBe(
      `CON ${en('ussdNameAgain')}\n${en('ussdAskName')}`,
    );
  }
  expect(await session.type('Akosua Owusu')).toBe(`CON ${en('ussdAskRole')}`);
  const regions = await session.type('3');
  expect(regions).toMatch(/^CON Sign up 3\/3\nYour region:\n1 Greater Accra\n2 Ashanti/);
  const done = await pick(session, regions, 'Volta');
  expect(done).toBe(
    `END ${en('ussdSignedUpArtist', { name: 'Akosua', url: 'http://localhost:3000' })}`,
  );

  const user = await t.db
    .selectFrom('users')
    .selectAll()
    .where('phone_number', '=', phone)
    .executeTakeFirstOrThrow();
  expect(user).toMatchObject({
    first_name: 'Akosua',
    last_name: 'Owusu',
    role: 'artist',
    region: 'Volta',
    phone_verified: 1,
    delivery_method: 'sms',
    language: null,
  });
  // An artist gets the profile clients book from, as on the web.
  const artist = await t.db
    .selectFrom('artists')
    .select('stage_name')
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  expect(artist?.stage_name).toBe('Akosua Owusu');
  expect(await dial(phone).start()).toBe(`CON ${en('ussdMenu')}`);
});

test('a dial dropped half-way writes nothing, and the next dial starts afresh', async () => {
  const phone = randomPhone();
  const before = await countUsers();
  const first = dial(phone);
  await signUpAsFarAsRole(first, 'Yaw Mensah');
  expect(await first.type('1')).toContain('Sign up 3/3');
  // The gateway gives up on the session here (the caller walked off); nothing more arrives.
  expect(await countUsers()).toBe(before);
  const second = dial(phone);
  expect(await second.start()).toBe(`CON ${en('ussdWelcome')}`);
  expect(await countUsers()).toBe(before);
});

test('a newcomer may choose a language first: sign-up goes on in it and the account keeps it', async () => {
  const phone = randomPhone();
  const session = dial(phone);
  await session.start();
  const languages = await session.type('2');
  expect(languages).toBe('CON Language:\n1 English\n2 Twi\n3 Evegbe\n4 Ga\n00 Back');
  const twi = translator('ak');
  expect(await session.type('2')).toBe(`CON ${twi('ussdAskName')}`);
  await session.type('Kofi Boateng');
  await session.type('1');
  expect(await session.type('1')).toMatch(/^END Akwaaba, Kofi!/);
  expect(await dial(phone).start()).toBe(`CON ${twi('ussdMenu')}`);
});

test('lists page with 0 Next and 00 Back, numbers running on, and 00 on the first page goes back', async () => {
  const seeker = await signUp(t, 'job_seeker');
  const session = dial(seeker.phone);
  await session.start();
  const first = await session.type('1');
  expect(first).toMatch(/^CON Find jobs in:\n1 Greater Accra\n/);
  expect(first).toContain('\n0 Next\n00 Back');
  const shown = first.split('\n').filter((line) => /^\d+ [A-Z]/.test(line)).length;
  expect(shown).toBeLessThan(REGIONS.length);
  const second = await session.type('0');
  expect(second).toContain(`\n${shown + 1} ${REGIONS[shown]}`);
  expect(await session.type('00')).toBe(first);
  expect(await session.type('00')).toBe(`CON ${en('ussdMenu')}`);
  // A choice not on the menu shows the menu again, saying so.
  expect(await session.type('9')).toBe(`CON ${en('ussdInvalid')}\n${en('ussdMenu')}`);
});

test('an application made by USSD reaches the employer as one made on the web', async () => {
  const employer = await signUp(t, 'employer', { firstName: 'Kwame', lastName: 'Mensah' });
  await t.db.updateTable('users').set({ language: 'ee' }).where('id', '=', employer.id).execute();
  const job = await postJob(t, employer, { ...validJob, region: 'Volta' });
  const seeker = await signUp(t, 'job_seeker', { firstName: 'Esi', lastName: 'Adjei' });

  const session = dial(seeker.phone);
  await session.start();
  const regions = await session.type('1');
  const categories = await pick(session, regions, 'Volta');
  expect(categories).toBe(
    'CON Jobs in Volta:\n1 Skilled trades\n2 Professional\n3 Entertainment\n4 General labour\n00 Back',
  );
  const list = await session.type('1');
  expect(list).toBe('CON Skilled trades, Volta:\n1 Plumber needed in Kumasi\n00 Back');
  const detail = await session.type('1');
  expect(detail).toBe(
    'CON Job: Plumber needed in Kumasi\nBy Kwame Mensah, Volta\nGHS 45.00 an hour\n1 Apply\n00 Back',
  );
  expect(await session.type('1')).toBe(`CON ${en('ussdAskNote')}`);
  expect(await session.type('Ready')).toBe(
    `END ${en('ussdApplied', { title: 'Plumber needed in Kumasi' })}`,
  );

  // The employer's dashboard reads its applicants from this API.
  const applicants = await t.app.inject({
    url: `/api/applications/job/${job.id}`,
    headers: { cookie: employer.cookie },
  });
  expect(applicants.statusCode).toBe(200);
  const [application] = applicants.json<Application[]>();
  expect(application).toMatchObject({
    coverLetter: 'Ready',
    status: 'pending',
    applicant: { firstName: 'Esi', lastName: 'Adjei' },
  });
  // And is told by SMS, in the language the employer chose (Ewe).
  expect(await smsTo(t, employer)).toContainEqual(
    expect.stringMatching(/^Ame yeye bia wo doa: Esi Adjei\. Kpoe: http/),
  );

  // A second application to the same job is refused by the same rule as on the web.
  const again = dial(seeker.phone);
  await noteForFirstTrade(again, 'Volta');
  expect(await again.type('Please')).toMatch(/^END Not done: You have already applied/);
});

test('a gateway that sends the same request twice applies once and gets the same answer', async () => {
  const employer = await signUp(t, 'employer');
  const job = await postJob(t, employer);
  const seeker = await signUp(t, 'job_seeker');
  const session = dial(seeker.phone);
  await noteForFirstTrade(session, 'Ashanti');
  const applied = await session.type('On my way');
  expect(applied).toMatch(/^END Applied to/);
  expect(await session.again()).toBe(applied);
  const rows = await t.db
    .selectFrom('applications')
    .where('job_id', '=', job.id)
    .selectAll()
    .execute();
  expect(rows).toHaveLength(1);
});

test('My applications shows the status of the last five', async () => {
  const employer = await signUp(t, 'employer');
  const seeker = await signUp(t, 'job_seeker');
  const jobs = [];
  for (const title of ['Painter wanted', 'Driver for a day', 'Mason for a wall']) {
    jobs.push(await postJob(t, employer, { ...validJob, title }));
  }
  for (const job of jobs) await applyTo(t, seeker, job.id, 'I can do this work well.');
  const [, second] = (
    await t.db.selectFrom('applications').select('id').orderBy('id').execute()
  ).map((row) => row.id);
  await t.app.inject({
    method: 'PATCH',
    url: `/api/applications/${second}`,
    headers: { cookie: employer.cookie },
    payload: { status: 'accepted' },
  });
  const session = dial(seeker.phone);
  await session.start();
  expect(await session.type('2')).toBe(
    'END Your last applications:\nMason for a wall: Pending\nDriver for a day: Accepted\nPainter wanted: Pending',
  );
  const nobody = dial((await signUp(t, 'job_seeker')).phone);
  await nobody.start();
  expect(await nobody.type('2')).toBe(`END ${en('ussdNoApplications')}`);
});

test('an artist accepts a booking request by USSD, and the client is told as on the web', async () => {
  const artist = await signUpArtist(t, { hourly: 15_000 });
  const client = await signUp(t, 'employer', { firstName: 'Adwoa', lastName: 'Asantewaa' });
  const booking = await requestBooking(t, client, artist.artistId);

  const session = dial(artist.phone);
  await session.start();
  const list = await session.type('3');
  expect(list).toMatch(
    /^CON Booking requests waiting:\n1 \d+ \w{3} \d{4} Adwoa Asantewaa\n00 Back$/,
  );
  const detail = await session.type('1');
  expect(detail).toMatch(
    /^CON From Adwoa Asantewaa, \d+ \w{3} \d{4}\nEvent: Wedding, 3 h\nVenue: Golden Tulip\nGHS 450\.00\n1 Accept\n2 Decline\n00 Back$/,
  );
  expect(await session.type('1')).toBe(`END ${en('ussdAccepted', { client: 'Adwoa Asantewaa' })}`);

  // My Bookings on the client's dashboard reads this list.
  const mine = await t.app.inject({
    url: '/api/bookings/client',
    headers: { cookie: client.cookie },
  });
  expect(mine.json<Booking[]>().find((item) => item.id === booking.id)?.status).toBe('accepted');
  expect(await smsTo(t, client)).toContainEqual(expect.stringMatching(/accepted your booking for/));
  const after = dial(artist.phone);
  await after.start();
  expect(await after.type('3')).toBe(`END ${en('ussdNoRequests')}`);
});

test('declining asks once more, and 00 there goes back to the request', async () => {
  const artist = await signUpArtist(t, { hourly: 15_000 });
  const client = await signUp(t, 'employer', { firstName: 'Ama', lastName: 'Serwaa' });
  const booking = await requestBooking(t, client, artist.artistId);
  const session = dial(artist.phone);
  await session.start();
  await session.type('3');
  const detail = await session.type('1');
  expect(await session.type('2')).toBe(
    'CON Decline the request from Ama Serwaa?\n1 Yes, decline\n00 Back',
  );
  expect(await session.type('00')).toBe(detail);
  await session.type('2');
  expect(await session.type('1')).toBe('END Declined. Ama Serwaa is told by SMS.');
  expect(await bookingStatusOf(t, booking.id)).toBe('rejected');
  expect(await smsTo(t, client)).toContainEqual(expect.stringMatching(/declined your booking/));
});

test('booking requests are for artists', async () => {
  const seeker = await signUp(t, 'job_seeker');
  const session = dial(seeker.phone);
  await session.start();
  expect(await session.type('3')).toBe(
    `END ${en('ussdArtistsOnly', { url: 'http://localhost:3000' })}`,
  );
});

test('Language changes the menus and the SMS of the account', async () => {
  const employer = await signUp(t, 'employer');
  const session = dial(employer.phone);
  await session.start();
  expect(await session.type('4')).toBe('CON Language:\n1 English\n2 Twi\n3 Evegbe\n4 Ga\n00 Back');
  expect(await session.type('2')).toBe(`END ${translator('ak')('ussdLanguageSet')}`);
  expect(await storedLanguageOf(t, employer.id)).toBe('ak');
  expect(await dial(employer.phone).start()).toBe(`CON ${translator('ak')('ussdMenu')}`);

  const job = await postJob(t, employer);
  const seeker = await signUp(t, 'job_seeker', { firstName: 'Yaa', lastName: 'Asante' });
  await applyTo(t, seeker, job.id, 'I have done this work before.');
  expect(await smsTo(t, employer)).toContainEqual(
    expect.stringMatching(/^Obi ape wo adwuma no: Yaa Asante\. Hwe: http/),
  );
});

test('a suspended account is told so and can do nothing', async () => {
  const seeker = await signUp(t, 'job_seeker');
  await t.db
    .updateTable('users')
    .set({ suspended_at: new Date().toISOString(), language: 'gaa' })
    .where('id', '=', seeker.id)
    .execute();
  expect(await dial(seeker.phone).start()).toBe(`END ${translator('gaa')('ussdSuspended')}`);
});

test('a number outside Ghana is told the service is for Ghana numbers', async () => {
  expect(await dial('+447700900123').start()).toBe(`END ${en('ussdNotGhana')}`);
});

test('every menu in every language is GSM-7 and within 182 characters', async () => {
  const employer = await signUp(t, 'employer', {
    firstName: 'Abcdefghijklmnopqrstuvwx',
    lastName: 'Abcdefghijklmnopqrstuvwxyz',
  });
  await postJob(t, employer, {
    ...validJob,
    title: `Ɛ${'Very long job title with ɔ and ŋ '.repeat(3)}`.slice(0, 100),
    region: 'Western North',
    category: 'general_labor',
    hourlyRate: '99999.99',
  });
  const artist = await signUpArtist(t, { hourly: 15_000 });
  await requestBooking(t, employer, artist.artistId, {
    venue: 'A very long venue name ɛ ɔ ŋ, Western North Region, Ghana',
  });
  for (const language of LANGUAGES) {
    for (const who of [employer, artist]) {
      await t.db.updateTable('users').set({ language }).where('id', '=', who.id).execute();
    }
    // dial() checks every answer's alphabet and length.
    const jobs = dial(artist.phone);
    await jobs.start();
    let screen = await jobs.type('1');
    while (screen.includes('\n0 ')) screen = await jobs.type('0');
    await jobs.type(String(REGIONS.indexOf('Western North') + 1));
    await jobs.type('4');
    await jobs.type('1');
    await jobs.type('1');
    await jobs.type('99');
    const requests = dial(artist.phone);
    await requests.start();
    await requests.type('3');
    await requests.type('1');
    await requests.type('2');
    const mine = dial(employer.phone);
    await mine.start();
    await mine.type('2');
    const choose = dial(employer.phone);
    await choose.start();
    await choose.type('4');
    await choose.type('7');
  }
});

test('form bodies are read on the USSD callback only: every other write still takes JSON alone', async () => {
  const seeker = await signUp(t, 'job_seeker');
  const response = await postBody(
    t,
    seeker,
    '/api/applications',
    FORM,
    'jobId=1&coverLetter=hello',
  );
  expect(response.statusCode).toBe(415);
});
