import { expect, test } from 'vitest';
import { codeFromGateway, gatewayForEachTest, textsTo } from '../../tests/helpers/gateway.ts';
import {
  applyTo,
  postJob,
  randomPhone,
  signUp,
  type TestApp,
} from '../../tests/helpers/test-app.ts';

const fake = gatewayForEachTest();

/** Queues one SMS to each of `count` new users, as a committed change would. */
async function queueMessages(t: TestApp, count: number): Promise<string[]> {
  const bodies: string[] = [];
  for (let index = 0; index < count; index++) {
    const phone = randomPhone();
    const { id } = await t.db
      .insertInto('users')
      .values({ phone_number: phone, first_name: 'Ama', last_name: 'Owusu', role: 'employer' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const body = `Message ${index} to ${phone}`;
    await t.db
      .insertInto('notifications')
      .values({
        user_id: id,
        to_phone: phone,
        channel: 'sms',
        body,
        next_attempt_at: t.now().toISOString(),
        created_at: t.now().toISOString(),
      })
      .execute();
    bodies.push(body);
  }
  return bodies;
}

const smsSent = () =>
  fake.gateway.requests.filter((request) => request.path === '/version1/messaging');

test('two app instances on one database file send each queued notification exactly once', async () => {
  const first = await fake.appOn();
  const second = await fake.appOn({ sameDataAs: first });
  const bodies = await queueMessages(first, 90);

  first.app.notifier.kick();
  second.app.notifier.kick();
  await Promise.all([first.app.notifier.idle(), second.app.notifier.idle()]);

  const received = fake.gateway.messages.map((message) => message.message);
  expect(received.toSorted()).toEqual(bodies.toSorted());
  const rows = await second.db.selectFrom('notifications').selectAll().execute();
  expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  expect(rows.every((row) => row.claimed_by === null && row.lease_until === null)).toBe(true);
}, 20_000);

test("a crashed sender's claims hold until the lease ends, then another sends them", async () => {
  const t = await fake.appOn();
  const [body] = await queueMessages(t, 1);
  // A sender claimed the row and died before sending it.
  await t.db
    .updateTable('notifications')
    .set({
      claimed_by: 'crashed-host:1234:dead',
      lease_until: new Date(t.now().getTime() + 5 * 60_000).toISOString(),
    })
    .execute();

  t.app.notifier.kick();
  await t.app.notifier.idle();
  expect(fake.gateway.messages).toHaveLength(0);

  t.advance(5 * 60 + 1);
  t.app.notifier.kick();
  await t.app.notifier.idle();
  expect(fake.gateway.messages.map((message) => message.message)).toEqual([body]);
});

test('a failed notification never fails the request and is retried with backoff', async () => {
  const t = await fake.appOn();
  const owner = await signUp(t, 'employer', {}, codeFromGateway(fake.gateway));
  const applicant = await signUp(t, 'job_seeker', {}, codeFromGateway(fake.gateway));
  const job = await postJob(t, owner);
  fake.gateway.fail('server-error');
  await applyTo(t, applicant, job.id, 'Hi');
  await t.app.notifier.idle();
  const [queued] = await t.db.selectFrom('notifications').selectAll().execute();
  expect(queued).toMatchObject({
    status: 'pending',
    attempts: 1,
    last_error: "Africa's Talking answered HTTP 500",
  });
  fake.gateway.fail('none');
  // Not before the backoff (30 s after the first try) has passed.
  t.app.notifier.kick();
  await t.app.notifier.idle();
  expect(await t.db.selectFrom('notifications').select('attempts').execute()).toEqual([
    { attempts: 1 },
  ]);
  t.advance(31);
  t.app.notifier.kick();
  await t.app.notifier.idle();
  const notices = textsTo(fake.gateway, owner.phone).filter((text) => !/code is/.test(text));
  expect(notices).toHaveLength(1);
  const [done] = await t.db.selectFrom('notifications').selectAll().execute();
  expect(done).toMatchObject({ status: 'sent', attempts: 2 });
});

test('the dispatcher gives up after the eighth failed try at the gateway', async () => {
  const t = await fake.appOn();
  await queueMessages(t, 1);
  fake.gateway.fail('server-error');

  for (let round = 0; round < 12; round++) {
    t.app.notifier.kick();
    await t.app.notifier.idle();
    t.advance(60 * 60); // past the longest backoff (an hour)
  }

  expect(smsSent()).toHaveLength(8);
  const row = await t.db.selectFrom('notifications').selectAll().executeTakeFirstOrThrow();
  expect(row).toMatchObject({ status: 'failed', attempts: 8, sent_at: null, claimed_by: null });
  expect(row.last_error).toBe("Africa's Talking answered HTTP 500");
});

test('past the global hourly cap notifications wait for the next hour, with a warning; sign-in codes still go', async () => {
  const lines: string[] = [];
  const t = await fake.appOn({
    config: { notificationSmsPerHour: 5, logLevel: 'warn' },
    logStream: { write: (line) => void lines.push(line) },
  });
  const bodies = await queueMessages(t, 8);

  t.app.notifier.kick();
  await t.app.notifier.idle();
  expect(fake.gateway.messages.map((message) => message.message)).toEqual(bodies.slice(0, 5));
  const alerts = lines
    .map((line) => JSON.parse(line) as { level: number; alert?: string; cap?: number })
    .filter((record) => record.alert === 'notification_hourly_cap_reached');
  expect(alerts).toEqual([expect.objectContaining({ level: 40, cap: 5, sentLastHour: 5 })]);
  const waiting = await t.db
    .selectFrom('notifications')
    .select(['status', 'attempts'])
    .where('sent_at', 'is', null)
    .execute();
  expect(waiting).toEqual(Array(3).fill({ status: 'pending', attempts: 0 }));

  // Sign-in codes are not notifications: the cap never holds one back.
  const user = await signUp(t, 'job_seeker', {}, codeFromGateway(fake.gateway));
  expect(textsTo(fake.gateway, user.phone)[0]).toMatch(/^Your Ghana Gigs code is \d{6}\./);

  t.advance(60 * 60 + 1);
  t.app.notifier.kick();
  await t.app.notifier.idle();
  expect(fake.gateway.messages.map((message) => message.message)).toContain(bodies[7]);
  const stillWaiting = await t.db
    .selectFrom('notifications')
    .select('id')
    .where('status', '!=', 'sent')
    .execute();
  expect(stillWaiting).toEqual([]);
});
