import { randomUUID } from 'node:crypto';
import type { KyselyPlugin } from 'kysely';
import { expect, test } from 'vitest';
import { COVER_LETTER_MAX } from '../../contracts/applications.ts';
import { REGIONS } from '../../contracts/regions.ts';
import { USSD_TEXT_MAX } from '../../contracts/ussd.schemas.ts';
import { bookingStatusOf, call } from '../../tests/helpers/escrow-world.ts';
import {
  postJob,
  randomPhone,
  type SignedInUser,
  signUp,
  signUpArtist,
  validJob,
} from '../../tests/helpers/test-app.ts';
import {
  noteForFirstTrade,
  numberOf,
  pick,
  requestBooking,
  signUpAsFarAsRole,
  tradesIn,
  ussdAppForEachTest,
} from '../../tests/helpers/ussd-phone.ts';
import { dayLabel } from '../lib/day-label.ts';
import { LimitReached, RuleBroken } from '../lib/domain-errors.ts';
import { translator } from '../messages/catalogs.ts';
import { refusalText } from './refusals.ts';
import { databaseSessionStore } from './session-store.ts';
import { createUssdEngine, USSD_INPUTS_MAX } from './ussd-engine.ts';

/** How many queries the app ran that read or wrote the jobs table. */
let jobQueries = 0;
const countJobQueries: KyselyPlugin = {
  transformQuery(args) {
    if (JSON.stringify(args.node).includes('"name":"jobs"')) jobQueries += 1;
    return args.node;
  },
  transformResult: async (args) => args.result,
};

const { t, callback, dial } = ussdAppForEachTest({ dbPlugins: [countJobQueries] });
const en = translator('en-GH');
const URL = 'http://localhost:3000';

const setLanguage = (user: SignedInUser, language: string) =>
  t.db.updateTable('users').set({ language }).where('id', '=', user.id).execute();

const statusOf = (bookingId: number) => bookingStatusOf(t, bookingId);

test('a job posted between the list and the choice: Apply reaches the job the caller saw', async () => {
  const employer = await signUp(t, 'employer');
  const seen = await postJob(t, employer, { ...validJob, region: 'Volta', title: 'Mason in Ho' });
  const seeker = await signUp(t, 'job_seeker');
  const session = dial(seeker.phone);
  expect(await tradesIn(session, 'Volta')).toBe(
    'CON Skilled trades, Volta:\n1 Mason in Ho\n00 Back',
  );
  // Newer, so first in the list from now on: before, "1" became this job.
  await postJob(t, employer, { ...validJob, region: 'Volta', title: 'Welder in Hohoe' });
  expect(await session.type('1')).toMatch(/^CON Job: Mason in Ho\n/);
  await session.type('1');
  expect(await session.type('Ready')).toBe(`END ${en('ussdApplied', { title: 'Mason in Ho' })}`);
  const applied = await t.db
    .selectFrom('applications')
    .select('job_id')
    .where('applicant_id', '=', seeker.id)
    .execute();
  expect(applied).toEqual([{ job_id: seen.id }]);
});

test("a booking request arriving between the list and Decline: the request the artist saw is declined, not another client's", async () => {
  const artist = await signUpArtist(t, { hourly: 15_000 });
  const first = await signUp(t, 'employer', { firstName: 'Ama', lastName: 'Serwaa' });
  const seen = await requestBooking(t, first, artist.artistId);
  const session = dial(artist.phone);
  await session.start();
  expect(await session.type('3')).toMatch(/^CON Booking requests waiting:\n1 .* Ama Serwaa\n00/);
  const second = await signUp(t, 'employer', { firstName: 'Kojo', lastName: 'Antwi' });
  const other = await requestBooking(t, second, artist.artistId, { daysAhead: 20 });
  expect(await session.type('1')).toMatch(/^CON From Ama Serwaa, /);
  await session.type('2');
  expect(await session.type('1')).toBe('END Declined. Ama Serwaa is told by SMS.');
  expect(await statusOf(seen.id)).toBe('rejected');
  expect(await statusOf(other.id)).toBe('pending');
});

test('a list is read once a session: paging, the detail and going back read no jobs again', async () => {
  const employer = await signUp(t, 'employer');
  for (let i = 0; i < 12; i += 1) {
    await postJob(t, employer, { ...validJob, region: 'Volta', title: `Carpenter number ${i}` });
  }
  const seeker = await signUp(t, 'job_seeker');
  const session = dial(seeker.phone);
  const list = await tradesIn(session, 'Volta');
  expect(list).toContain('\n0 Next');
  const before = jobQueries;
  const next = await session.type('0');
  expect(await session.type('00')).toBe(list);
  const detail = await pick(session, list, 'Carpenter number 4');
  expect(detail).toMatch(/^CON Job: Carpenter number 4\n/);
  expect(await session.type('00')).toBe(list);
  expect(await session.type('0')).toBe(next);
  await session.type('00');
  await session.type('00');
  expect(jobQueries - before).toBe(0);
});

test('a gateway that repeats the final sign-up request gets the first answer, and the new account is left alone', async () => {
  const phone = randomPhone();
  const session = dial(phone);
  await session.start();
  // "4" is not on the welcome menu: replayed through a member's menu it was Language.
  await session.type('4');
  await session.type('1');
  await session.type('Kofi Boateng');
  await session.type('1');
  const done = await session.type('2');
  expect(done).toBe(`END ${en('ussdSignedUpSeeker', { name: 'Kofi', url: URL })}`);
  expect(await session.again()).toBe(done);
  expect(await session.again()).toBe(done);
  const user = await t.db
    .selectFrom('users')
    .select(['language', 'region'])
    .where('phone_number', '=', phone)
    .executeTakeFirstOrThrow();
  expect(user).toEqual({ language: null, region: 'Ashanti' });
});

test("a session that has ended answers other inputs with a short END in the caller's language, never the web's idempotency message", async () => {
  const employer = await signUp(t, 'employer');
  await postJob(t, employer, { ...validJob, region: 'Volta' });
  const seeker = await signUp(t, 'job_seeker');
  await setLanguage(seeker, 'ak');
  const twi = translator('ak');
  const session = dial(seeker.phone);
  await noteForFirstTrade(session, 'Volta');
  const applied = await session.type('Mepe');
  expect(applied).toMatch(/^END Woape /);
  expect(await session.again()).toBe(applied);
  // The same session id with other inputs (another note): a reuse, or a stray old request.
  const other = await callback(seeker.phone, session.sessionId, [
    ...session.typed().slice(0, -1),
    'Another note',
  ]);
  expect(other.body).toBe(`END ${twi('ussdSessionEnded')}`);
  expect(other.body).not.toMatch(/Idempotency/);
});

test('a session id from another number is another session: it neither sees nor replays the first', async () => {
  const employer = await signUp(t, 'employer');
  await postJob(t, employer, { ...validJob, region: 'Volta', title: 'Mason in Ho' });
  const first = await signUp(t, 'job_seeker');
  const second = await signUp(t, 'job_seeker');
  const session = dial(first.phone);
  await noteForFirstTrade(session, 'Volta');
  expect(await session.type('Ready')).toMatch(/^END Applied to Mason in Ho/);
  // The second number, same session id: its own dial from the start, which applies for it.
  const same = dial(second.phone, session.sessionId);
  expect(await same.start()).toBe(`CON ${en('ussdMenu')}`);
  await noteForFirstTrade(same, 'Volta');
  expect(await same.type('Ready')).toMatch(/^END Applied to Mason in Ho/);
  const applicants = await t.db.selectFrom('applications').select('applicant_id').execute();
  expect(applicants.map((row) => row.applicant_id).sort()).toEqual([first.id, second.id].sort());
});

test('a session whose caller got an account meanwhile is over: sign-up does not go on as a member', async () => {
  const phone = randomPhone();
  const session = dial(phone);
  await signUpAsFarAsRole(session, 'Yaw Mensah');
  // The number signs up on the web before the caller answers the role screen.
  await t.db
    .insertInto('users')
    .values({ phone_number: phone, first_name: 'Yaw', last_name: 'Mensah', role: 'employer' })
    .execute();
  expect(await session.type('2')).toBe(`END ${en('ussdSessionEnded')}`);
});

test(`a session carries at most ${USSD_INPUTS_MAX} inputs: more is a short END, with no list read`, async () => {
  const seeker = await signUp(t, 'job_seeker');
  // Find jobs, then Back to the menu, again and again: a real session never gets this long.
  const walk = (count: number) => Array.from({ length: count }, (_, i) => (i % 2 ? '00' : '1'));
  const atCap = await callback(seeker.phone, randomUUID(), walk(USSD_INPUTS_MAX));
  expect(atCap.body).toBe(`CON ${en('ussdMenu')}`);
  const before = jobQueries;
  // The longest text taken (2,000 inputs), and a thousand characters of long answers in 10
  // inputs: each a screen the caller sees, never the gateway's error for a 400.
  const probe: string[] = Array(USSD_TEXT_MAX / 2).fill('0');
  expect(probe.join('*')).toHaveLength(USSD_TEXT_MAX - 1);
  const over = await callback(seeker.phone, randomUUID(), probe);
  expect(over.body).toBe(`END ${en('ussdTooManySteps')}`);
  const wordy = await callback(seeker.phone, randomUUID(), Array(10).fill('x'.repeat(100)));
  expect(wordy.statusCode).toBe(200);
  expect(wordy.body).toMatch(/^CON /);
  const justOver = await callback(seeker.phone, randomUUID(), walk(USSD_INPUTS_MAX + 1));
  expect(justOver.body).toBe(`END ${en('ussdTooManySteps')}`);
  expect(jobQueries).toBe(before);
});

test('an empty note is asked for again, saying why, and 00 at the note goes back to the job', async () => {
  const employer = await signUp(t, 'employer');
  await postJob(t, employer, { ...validJob, region: 'Volta', title: 'Mason in Ho' });
  const seeker = await signUp(t, 'job_seeker');
  const session = dial(seeker.phone);
  await tradesIn(session, 'Volta');
  const detail = await session.type('1');
  expect(await session.type('1')).toBe(`CON ${en('ussdAskNote')}`);
  expect(await session.type('  ')).toBe(`CON ${en('ussdNoteEmpty')}\n${en('ussdAskNote')}`);
  expect(await session.type('00')).toBe(detail);
  expect(await t.db.selectFrom('applications').selectAll().execute()).toEqual([]);
  await session.type('1');
  expect(await session.type('Ready now')).toMatch(/^END Applied to Mason in Ho/);
  const rows = await t.db.selectFrom('applications').select('cover_letter').execute();
  expect(rows).toEqual([{ cover_letter: 'Ready now' }]);
});

test('an over-long note is asked for again (a gateway that sends one input at a time could carry one)', async () => {
  const employer = await signUp(t, 'employer');
  await postJob(t, employer, { ...validJob, region: 'Volta', title: 'Mason in Ho' });
  const seeker = await signUp(t, 'job_seeker');
  // The engine as a second adapter would call it: the real services, store and database.
  const engine = createUssdEngine({
    ...t.app.services,
    sessions: databaseSessionStore(t.db, () => t.now()),
    publicUrl: URL,
    log: t.app.log,
  });
  const volta = String(REGIONS.indexOf('Volta') + 1);
  const inputs = ['1', volta, '1', '1', '1', 'x'.repeat(COVER_LETTER_MAX + 1)];
  const request = { phoneNumber: seeker.phone, sessionId: randomUUID(), inputs };
  expect(await engine(request)).toEqual({
    end: false,
    text: `${en('ussdNoteTooLong', { max: COVER_LETTER_MAX })}\n${en('ussdAskNote')}`,
  });
  expect(await engine({ ...request, inputs: [...inputs, 'Ready'] })).toEqual({
    end: true,
    text: en('ussdApplied', { title: 'Mason in Ho' }),
  });
});

test("a job closed meanwhile is refused in the caller's language", async () => {
  const employer = await signUp(t, 'employer');
  const job = await postJob(t, employer, { ...validJob, region: 'Volta' });
  const seeker = await signUp(t, 'job_seeker');
  await setLanguage(seeker, 'ak');
  const twi = translator('ak');
  const session = dial(seeker.phone);
  await noteForFirstTrade(session, 'Volta');
  const closed = await call(t, employer, 'PATCH', `/api/jobs/${job.id}`, { isActive: false });
  expect(closed.statusCode).toBe(200);
  expect(await session.type('Mepe')).toBe(
    `END ${twi('ussdRefused', { reason: twi('ussdRefusalJobClosed') })}`,
  );
});

test("applying twice is refused in the caller's language", async () => {
  const employer = await signUp(t, 'employer');
  await postJob(t, employer, { ...validJob, region: 'Volta' });
  const seeker = await signUp(t, 'job_seeker');
  await setLanguage(seeker, 'gaa');
  const ga = translator('gaa');
  for (const expected of [
    /^END Otao /,
    `END ${ga('ussdRefused', { reason: ga('ussdRefusalApplied') })}`,
  ]) {
    const session = dial(seeker.phone);
    await noteForFirstTrade(session, 'Volta');
    expect(await session.type('Mabaa')).toMatch(expected);
  }
});

test("a booking request answered meanwhile, or a day already taken, is refused in the artist's language", async () => {
  const artist = await signUpArtist(t, { hourly: 15_000 });
  await setLanguage(artist, 'ee');
  const ewe = translator('ee');
  const ama = await signUp(t, 'employer', { firstName: 'Ama', lastName: 'Serwaa' });
  const kojo = await signUp(t, 'employer', { firstName: 'Kojo', lastName: 'Antwi' });
  const efua = await signUp(t, 'employer', { firstName: 'Efua', lastName: 'Mensah' });
  const amas = await requestBooking(t, ama, artist.artistId);
  const kojos = await requestBooking(t, kojo, artist.artistId);
  await requestBooking(t, efua, artist.artistId);
  const session = dial(artist.phone);
  await session.start();
  const list = await session.type('3');
  await session.type(numberOf(list, `${dayLabel(amas.eventDate)} Ama Serwaa`));
  // The artist accepts Kojo's request (same day) and declines Ama's on the web meanwhile.
  for (const [booking, status] of [
    [kojos, 'accepted'],
    [amas, 'rejected'],
  ] as const) {
    const decided = await t.app.inject({
      method: 'PATCH',
      url: `/api/bookings/${booking.id}`,
      headers: { cookie: artist.cookie },
      payload: { status },
    });
    expect(decided.statusCode, decided.body).toBe(200);
  }
  expect(await session.type('1')).toBe(
    `END ${ewe('ussdRefused', { reason: ewe('ussdRefusalNotPending') })}`,
  );

  // Efua's request, for the day Kojo's now holds, accepted by USSD.
  const again = dial(artist.phone);
  await again.start();
  await pick(again, await again.type('3'), `${dayLabel(amas.eventDate)} Efua Mensah`);
  expect(await again.type('1')).toBe(
    `END ${ewe('ussdRefused', { reason: ewe('ussdRefusalBookedDay', { day: dayLabel(amas.eventDate) }) })}`,
  );
});

test("a refusal the catalogs do not have is shown in the service's English, in GSM-7 and cut to the screen", () => {
  const twi = translator('ak');
  expect(refusalText(twi, new RuleBroken('A rule “nobody” wrote yet'), URL)).toBe(
    twi('ussdRefused', { reason: 'A rule nobody wrote yet' }),
  );
  expect(refusalText(twi, new LimitReached('You can change 60 statuses an hour.', 60), URL)).toBe(
    twi('ussdRefused', { reason: twi('ussdRefusalTooOften') }),
  );
});

test("sign-up's last screen says where each role goes next", async () => {
  for (const [role, key] of [
    ['1', 'ussdSignedUpSeeker'],
    ['2', 'ussdSignedUpEmployer'],
    ['3', 'ussdSignedUpArtist'],
  ] as const) {
    const session = dial(randomPhone());
    await signUpAsFarAsRole(session, 'Adjoa Badu');
    await session.type(role);
    expect(await session.type('1')).toBe(`END ${en(key, { name: 'Adjoa', url: URL })}`);
  }
});

test('a job titled in symbols GSM-7 lacks shows as its number, never as an empty line', async () => {
  const employer = await signUp(t, 'employer');
  const { id } = await postJob(t, employer, {
    ...validJob,
    region: 'Volta',
    title: '{[~|€^]} {[~|€^]}',
  });
  const seeker = await signUp(t, 'job_seeker');
  const session = dial(seeker.phone);
  expect(await tradesIn(session, 'Volta')).toBe(`CON Skilled trades, Volta:\n1 #${id}\n00 Back`);
  expect(await session.type('1')).toMatch(new RegExp(`^CON Job: #${id}\\n`));
  await session.type('1');
  expect(await session.type('Ready')).toBe(`END ${en('ussdApplied', { title: `#${id}` })}`);
});

test('text others wrote never reads as a menu: a venue and an event type of menu lines follow their labels, quoted', async () => {
  const artist = await signUpArtist(t, { hourly: 15_000 });
  const client = await signUp(t, 'employer', { firstName: 'Esi', lastName: 'Ofori' });
  await requestBooking(t, client, artist.artistId, {
    eventType: 'CON \n99 Pay',
    venue: 'Venue\n1 Accept\n2 Reject',
  });
  const session = dial(artist.phone);
  await session.start();
  await session.type('3');
  const detail = await session.type('1');
  const lines = detail.replace(/^CON /, '').split('\n');
  expect(lines).toEqual([
    expect.stringMatching(/^From Esi Ofori, \d+ \w{3} \d{4}$/),
    'Event: "CON 99 Pay", 3 h',
    'Venue: Venue 1 Accept 2 Reject',
    'GHS 450.00',
    '1 Accept',
    '2 Decline',
    '00 Back',
  ]);
  // Only our own lines begin with a number.
  expect(lines.filter((line) => /^\d/.test(line))).toEqual(['1 Accept', '2 Decline', '00 Back']);
});

test('a job titled like a menu is quoted in the list and on its screen, and its town follows a label', async () => {
  const employer = await signUp(t, 'employer', { firstName: 'Kwame', lastName: 'Mensah' });
  await postJob(t, employer, {
    ...validJob,
    region: 'Volta',
    title: '1 Accept\n2 Pay GHS 5 now',
    town: 'END session',
  });
  const seeker = await signUp(t, 'job_seeker');
  const session = dial(seeker.phone);
  expect(await tradesIn(session, 'Volta')).toBe(
    'CON Skilled trades, Volta:\n1 "1 Accept 2 Pay GHS 5 now"\n00 Back',
  );
  expect(await session.type('1')).toBe(
    'CON Job: "1 Accept 2 Pay GHS 5 now"\nBy Kwame Mensah, "END session, Volta"\nGHS 45.00 an hour\n1 Apply\n00 Back',
  );
});

test('free text on a USSD screen: after its label, never opening with a digit, CON or END, cut with "..."', async () => {
  const { shownText } = await import('./screens.ts');
  expect(shownText('Golden Tulip', 34)).toBe('Golden Tulip');
  expect(shownText('Venue\n1 Accept\n2 Reject', 34)).toBe('Venue 1 Accept 2 Reject');
  expect(shownText('1 Accept', 34)).toBe('"1 Accept"');
  expect(shownText('CON \n99 Pay', 20)).toBe('"CON 99 Pay"');
  expect(shownText('end of the road', 20)).toBe('"end of the road"');
  expect(shownText('*170# pay here', 20)).toBe('"*170# pay here"');
  // Words that merely begin with the letters are left alone.
  expect(shownText('Contract cleaners', 20)).toBe('Contract cleaners');
  expect(shownText('Endurance Hall', 20)).toBe('Endurance Hall');
  // Cut with "..." (GSM-7 has no single-character ellipsis), the quotes kept.
  expect(shownText('A very long venue name in Accra', 20)).toBe('A very long venue...');
  expect(shownText('99 Pay now or lose your place', 20)).toBe('"99 Pay now or l..."');
  expect(shownText('99 Pay now or lose your place', 20)).toHaveLength(20);
  expect(shownText('😀😀', 20)).toBe('');
});
