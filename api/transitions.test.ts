import { beforeEach, expect, test } from 'vitest';
import { requestBooking } from '../tests/helpers/escrow-world.ts';
import {
  applyTo,
  postJob,
  type SignedInUser,
  signUp,
  signUpArtist,
  testAppFor,
} from '../tests/helpers/test-app.ts';

const t = testAppFor('each');
let employer: SignedInUser;
let seeker: SignedInUser;
let artistUser: SignedInUser;
let client: SignedInUser;
let jobId: number;
let artistId: number;

beforeEach(async () => {
  employer = await signUp(t, 'employer', { firstName: 'Kwesi', lastName: 'Appiah' });
  seeker = await signUp(t, 'job_seeker', { firstName: 'Esi', lastName: 'Mensah' });
  const artist = await signUpArtist(
    t,
    { hourly: 20000, event: 150000 },
    { firstName: 'Akwaboa', lastName: 'Jnr' },
  );
  artistUser = artist;
  client = await signUp(t, 'job_seeker', { firstName: 'Nana', lastName: 'Ama' });
  artistId = artist.artistId;
  jobId = (await postJob(t, employer)).id;
});

const patch = (who: SignedInUser, url: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url, headers: { cookie: who.cookie }, payload });
const apply = () => applyTo(t, seeker, jobId, 'I can start on Monday.');
/** Two hours of the artist (GHS 200 an hour) for an event `daysAhead` days ahead. */
const book = (daysAhead = 20, who = client) =>
  requestBooking(t, who, artistId, { daysAhead, hourlyRate: 200 });
const outboxFor = async (phone: string) => {
  await t.app.notifier.idle();
  return (
    await t.app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(phone)}` })
  ).json() as { body: string }[];
};

test('the employer accepts an applicant; the seeker sees Accepted and gets an SMS', async () => {
  const id = await apply();
  expect((await outboxFor(employer.phone))[0]?.body).toBe(
    `New applicant for your job: Esi Mensah. Review: http://localhost:3000/dashboard/employer?job=${jobId}`,
  );
  const accepted = await patch(employer, `/api/applications/${id}`, { status: 'accepted' });
  expect(accepted.statusCode).toBe(200);
  expect(accepted.json()).toMatchObject({ id, status: 'accepted' });
  const mine = await t.app.inject({
    url: '/api/applications/user',
    headers: { cookie: seeker.cookie },
  });
  expect(mine.json()[0].status).toBe('accepted');
  expect((await outboxFor(seeker.phone))[0]?.body).toBe(
    'Good news! Your application to Kwesi Appiah was accepted. Call or WhatsApp them: http://localhost:3000/dashboard',
  );
});

test('decisions are final, repeats are harmless, completion follows acceptance', async () => {
  const id = await apply();
  expect(
    (await patch(employer, `/api/applications/${id}`, { status: 'completed' })).statusCode,
  ).toBe(409);
  await patch(employer, `/api/applications/${id}`, { status: 'rejected' });
  expect((await outboxFor(seeker.phone))[0]?.body).toMatch(/not successful/);
  const again = await patch(employer, `/api/applications/${id}`, { status: 'rejected' });
  expect(again.statusCode).toBe(200);
  const flip = await patch(employer, `/api/applications/${id}`, { status: 'accepted' });
  expect(flip.statusCode).toBe(409);
  expect(flip.json().message).toBe('A rejected request cannot be marked accepted');
  const notifications = await t.db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', seeker.id)
    .execute();
  expect(notifications).toHaveLength(1); // the repeat sent nothing
});

test('only the employer decides on applications', async () => {
  const id = await apply();
  expect((await patch(seeker, `/api/applications/${id}`, { status: 'accepted' })).statusCode).toBe(
    403,
  );
  const other = await signUp(t, 'employer');
  expect((await patch(other, `/api/applications/${id}`, { status: 'accepted' })).statusCode).toBe(
    403,
  );
  expect(
    (
      await t.app.inject({
        method: 'PATCH',
        url: `/api/applications/${id}`,
        payload: { status: 'accepted' },
      })
    ).statusCode,
  ).toBe(401);
  expect((await patch(employer, '/api/applications/9999', { status: 'accepted' })).statusCode).toBe(
    404,
  );
  expect((await patch(employer, `/api/applications/${id}`, { status: 'pending' })).statusCode).toBe(
    400,
  );
  const row = await t.db.selectFrom('applications').select('status').executeTakeFirstOrThrow();
  expect(row.status).toBe('pending');
});

test('nobody marks accepted work completed by hand: it completes when both sides confirm it paid', async () => {
  const id = await apply();
  await patch(employer, `/api/applications/${id}`, { status: 'accepted' });
  const done = await patch(employer, `/api/applications/${id}`, { status: 'completed' });
  expect(done.statusCode).toBe(409);
  expect(done.json().message).toBe(
    'Work is completed when both sides confirm it once it is paid: use Confirm instead',
  );
  expect(
    (
      await t.app.inject({ url: '/api/applications/user', headers: { cookie: seeker.cookie } })
    ).json()[0].status,
  ).toBe('accepted');
});

test('the employer closes and reopens a job; a closed job takes no applications', async () => {
  const closed = await patch(employer, `/api/jobs/${jobId}`, { isActive: false });
  expect(closed.json()).toMatchObject({ id: jobId, isActive: false });
  const refused = await t.app.inject({
    method: 'POST',
    url: '/api/applications',
    headers: { cookie: seeker.cookie },
    payload: { jobId, coverLetter: 'Hello' },
  });
  expect(refused.statusCode).toBe(422);
  expect((await patch(seeker, `/api/jobs/${jobId}`, { isActive: true })).statusCode).toBe(403);
  expect((await patch(employer, `/api/jobs/${jobId}`, { isActive: true })).json().isActive).toBe(
    true,
  );
  expect((await patch(employer, `/api/jobs/${jobId}`, { isActive: 'yes' })).statusCode).toBe(400);
});

test('the artist accepts a booking; the client sees it in My Bookings and gets an SMS', async () => {
  const id = await book();
  expect((await outboxFor(artistUser.phone))[0]?.body).toMatch(/New booking request from Nana Ama/);
  const accepted = await patch(artistUser, `/api/bookings/${id}`, { status: 'accepted' });
  expect(accepted.statusCode).toBe(200);
  const mine = await t.app.inject({
    url: '/api/bookings/client',
    headers: { cookie: client.cookie },
  });
  expect(mine.json()).toEqual([
    expect.objectContaining({
      id,
      status: 'accepted',
      totalAmount: '400.00',
      venue: 'Labadi Beach Hotel',
      artist: { id: artistId, stageName: 'Akwaboa Jnr' },
    }),
  ]);
  expect((await outboxFor(client.phone))[0]?.body).toMatch(/Akwaboa Jnr accepted your booking/);
});

test('a second accepted booking on the same day is refused with a clear message', async () => {
  const first = await book(20);
  const other = await signUp(t, 'employer');
  const second = await book(20, other);
  await patch(artistUser, `/api/bookings/${first}`, { status: 'accepted' });
  const clash = await patch(artistUser, `/api/bookings/${second}`, { status: 'accepted' });
  expect(clash.statusCode).toBe(409);
  expect(clash.json().message).toMatch(/^You already have an accepted booking on /);
  const rows = await t.db.selectFrom('bookings').select(['id', 'status']).orderBy('id').execute();
  expect(rows.map((row) => row.status)).toEqual(['accepted', 'pending']);
  expect(
    (await patch(artistUser, `/api/bookings/${second}`, { status: 'rejected' })).statusCode,
  ).toBe(200);
});

test('the database itself keeps one accepted booking per artist and day, whoever writes', async () => {
  const first = await book(20);
  const second = await book(20, await signUp(t, 'employer'));
  const otherDay = await book(21, await signUp(t, 'employer'));
  await patch(artistUser, `/api/bookings/${first}`, { status: 'accepted' });
  // Written behind the service, as a second process or a script might: refused all the same.
  const accept = (id: number) =>
    t.db.updateTable('bookings').set({ status: 'accepted' }).where('id', '=', id).execute();
  await expect(accept(second)).rejects.toThrow(/unique|bookings_one_accepted_per_day/i);
  await accept(otherDay);
  const rows = await t.db.selectFrom('bookings').select('status').orderBy('id').execute();
  expect(rows.map((row) => row.status)).toEqual(['accepted', 'pending', 'accepted']);
});

test('only the artist decides; nobody marks a booking completed before its event, or by hand', async () => {
  const id = await book();
  expect((await patch(client, `/api/bookings/${id}`, { status: 'accepted' })).statusCode).toBe(403);
  expect((await patch(employer, `/api/bookings/${id}`, { status: 'accepted' })).statusCode).toBe(
    403,
  );
  await patch(artistUser, `/api/bookings/${id}`, { status: 'accepted' });
  // Twenty days before the event, with one tap: refused, for either side.
  for (const who of [client, artistUser]) {
    const early = await patch(who, `/api/bookings/${id}`, { status: 'completed' });
    expect(early.statusCode).toBe(409);
  }
  expect(
    (await t.db.selectFrom('bookings').select('status').executeTakeFirstOrThrow()).status,
  ).toBe('accepted');
  expect((await patch(artistUser, `/api/bookings/${id}`, { status: 'rejected' })).statusCode).toBe(
    409,
  );
});

test('notifications go by the channel the user last signed in with', async () => {
  t.advance(61);
  await t.app.inject({
    method: 'POST',
    url: '/api/auth/send-code',
    payload: { phoneNumber: employer.phone, deliveryMethod: 'whatsapp' },
  });
  const [message] = (
    await t.app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(employer.phone)}` })
  ).json();
  const code = message.body.match(/\d{6}/)[0];
  await t.app.inject({
    method: 'POST',
    url: '/api/auth/verify-code',
    payload: { phoneNumber: employer.phone, code },
  });
  await t.app.inject({
    method: 'POST',
    url: '/api/applications',
    headers: { cookie: seeker.cookie },
    payload: { jobId, coverLetter: 'Ready.' },
  });
  await t.app.notifier.idle();
  const [latest] = (
    await t.app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(employer.phone)}` })
  ).json();
  expect(latest).toMatchObject({ channel: 'whatsapp' });
  expect(latest.body).toMatch(/New applicant/);
});
