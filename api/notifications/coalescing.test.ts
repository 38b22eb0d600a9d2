import { beforeEach, expect, test } from 'vitest';
import { requestBooking } from '../../tests/helpers/escrow-world.ts';
import { codeFromGateway, gatewayForEachTest, textsTo } from '../../tests/helpers/gateway.ts';
import {
  applyTo,
  postJob,
  type SignedInUser,
  signUp,
  type TestApp,
} from '../../tests/helpers/test-app.ts';
import { USAGE_CAPS } from '../lib/caps.ts';

const N = USAGE_CAPS.notifications.perRecipientKindHour;

const fake = gatewayForEachTest();
let t: TestApp;
beforeEach(async () => {
  t = await fake.appOn({ config: { otpSendsPerIpHour: 1_000_000 } });
});

const join = (role: Parameters<typeof signUp>[1], firstName = 'Ama') =>
  signUp(t, role, { firstName, lastName: 'Owusu' }, codeFromGateway(fake.gateway));

/** What the gateway got for a phone, apart from sign-in codes. */
const notificationsTo = (phone: string) =>
  textsTo(fake.gateway, phone).filter((text) => !text.startsWith('Your Ghana Gigs code'));

/** Everything due has been sent. */
async function settle() {
  t.app.notifier.kick();
  await t.app.notifier.idle();
}

async function artistWithRate(): Promise<{ user: SignedInUser; artistId: number }> {
  const user = await join('artist', 'Yaw');
  const { id } = await t.db
    .updateTable('artists')
    .set({ hourly_rate_pesewas: 20_000 })
    .where('user_id', '=', user.id)
    .returning('id')
    .executeTakeFirstOrThrow();
  return { user, artistId: id };
}

/** Two hours of the artist (GHS 200 an hour) for an event `daysAhead` days ahead. */
const book = (client: SignedInUser, artistId: number, daysAhead: number) =>
  requestBooking(t, client, artistId, { daysAhead, hourlyRate: 200 });

test('200 booking requests from many clients to one artist reach the gateway as at most N+1 SMS in the hour', async () => {
  const artist = await artistWithRate();
  const perClient = USAGE_CAPS.bookingRequests.openPerClientArtist;
  let sent = 0;
  while (sent < 200) {
    const client = await join('job_seeker', 'Nana');
    for (let i = 0; i < perClient && sent < 200; i++, sent++) {
      await book(client, artist.artistId, 10 + i);
    }
  }
  await settle();

  // The first N go as they come; the rest wait in one summary.
  const first = notificationsTo(artist.user.phone);
  expect(first).toHaveLength(N);
  for (const text of first) {
    expect(text).toMatch(
      /^New booking request from Nana Owusu for \d{1,2} \w{3} \d{4}\. Respond: http:\/\/localhost:3000\/dashboard\/artist$/,
    );
  }

  // An hour after the first, the summary goes, counting every request not told one by one.
  t.advance(30 * 60);
  await settle();
  expect(notificationsTo(artist.user.phone)).toHaveLength(N);
  t.advance(30 * 60 + 1);
  await settle();
  const texts = notificationsTo(artist.user.phone);
  expect(texts).toHaveLength(N + 1);
  expect(texts[N]).toBe(
    `You have ${200 - N} new booking requests on Ghana Gigs. Respond: http://localhost:3000/dashboard/artist`,
  );
  expect(await t.db.selectFrom('bookings').select('id').execute()).toHaveLength(200);

  // A new request after the summary is told again, within the hour's allowance.
  const late = await join('job_seeker', 'Esi');
  await book(late, artist.artistId, 30);
  await settle();
  expect(notificationsTo(artist.user.phone).at(-1)).toMatch(
    /^New booking request from Esi Owusu for /,
  );
  // Some 230 requests: seconds alone, several times that beside other test files on two cores.
}, 90_000);

test('applicants are summarised the same way, and each kind has its own allowance', async () => {
  const employer = await join('employer', 'Kwame');
  const job = await postJob(t, employer);
  for (let i = 0; i < N + 4; i++) {
    const seeker = await join('job_seeker', 'Kojo');
    await applyTo(t, seeker, job.id, 'Call 0244123456 to pay your MoMo fee');
  }
  await settle();
  expect(
    notificationsTo(employer.phone).filter((text) => text.startsWith('New applicant')),
  ).toHaveLength(N);

  // The employer, who is also a client, still hears of a booking request: another kind.
  const { artistId, user: artistUser } = await artistWithRate();
  await book(employer, artistId, 12);
  await settle();
  expect(notificationsTo(artistUser.phone)).toHaveLength(1);

  t.advance(60 * 60 + 1);
  await settle();
  expect(notificationsTo(employer.phone).at(-1)).toBe(
    'You have 4 new applicants on Ghana Gigs. Review: http://localhost:3000/dashboard/employer',
  );
  expect(fake.gateway.messages.map((message) => message.message).join('\n')).not.toMatch(
    /MoMo|0244/,
  );
}, 20_000);
