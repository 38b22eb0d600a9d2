import { expect, test } from 'vitest';
import { PAYMENT_MESSAGES } from '../../contracts/payments.ts';
import { PAYSTACK_PHONES } from '../../tests/fixtures/paystack-server.ts';
import {
  call,
  escrowWorldForEachTest,
  expectLedgerSound,
  HOUR,
  paidApplication,
  payoutCodeOf,
  setPayoutNumber,
  settleWithProvider,
  smsTo,
} from '../../tests/helpers/escrow-world.ts';
import { signUp } from '../../tests/helpers/test-app.ts';

/**
 * Rule 5 around the money of issue 23 (round three), attacked as a dishonest user would:
 * earnings redirected with a session alone. Rules 1 and 2 are in confirm-and-cancel-rules.test.ts.
 */

const world = escrowWorldForEachTest();

// --- 5. The payout number is not changed with a session alone ------------------------------------

test('5. changing the payout number takes a fresh code sent to the sign-in phone: 403 without one, a wrong one or a sign-in code', async () => {
  const { t } = world;
  const worker = await signUp(t, 'job_seeker');
  const thief = { phoneNumber: '+233201234567', network: 'telecel' };
  const unchanged = async () =>
    expect((await call(t, worker, 'GET', '/api/me/payout')).json()).toEqual({
      phoneNumber: worker.phone,
      network: 'mtn',
      isDefault: true,
    });
  const bare = await call(t, worker, 'PUT', '/api/me/payout', thief);
  expect(bare.statusCode).toBe(403);
  expect(bare.json().errors.code).toBe(PAYMENT_MESSAGES.payoutCode);
  await unchanged();
  // A sign-in code for the same phone does not do: it is for signing in.
  await world.advance(61);
  await call(t, null, 'POST', '/api/auth/send-code', { phoneNumber: worker.phone });
  const signInSms =
    (await t.app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(worker.phone)}` })).json<
      { body: string }[]
    >()[0]?.body ?? '';
  const signInCode = signInSms.match(/\b(\d{6})\b/)?.[1];
  const withSignInCode = await call(t, worker, 'PUT', '/api/me/payout', {
    ...thief,
    code: signInCode,
  });
  expect(withSignInCode.statusCode).toBe(403);
  await unchanged();

  await world.advance(61);
  const sent = await world.post(worker, '/api/me/payout/code');
  expect(sent.statusCode).toBe(200);
  // Asked again at once: the sign-in limits (a minute between codes) hold.
  expect((await world.post(worker, '/api/me/payout/code')).statusCode).toBe(429);
  const code = await payoutCodeOf(t, worker);
  // The payout code signs nobody in.
  const asSignIn = await call(t, null, 'POST', '/api/auth/verify-code', {
    phoneNumber: worker.phone,
    code,
  });
  expect(asSignIn.statusCode).toBe(400);
  const wrong = await call(t, worker, 'PUT', '/api/me/payout', {
    ...thief,
    code: code === '000000' ? '111111' : '000000',
  });
  expect(wrong.statusCode).toBe(403);
  await unchanged();
  const saved = await call(t, worker, 'PUT', '/api/me/payout', { ...thief, code });
  expect(saved.json()).toEqual({ ...thief, isDefault: false });
  // Single use.
  expect(
    (
      await call(t, worker, 'PUT', '/api/me/payout', {
        phoneNumber: '+233501234567',
        network: 'telecel',
        code,
      })
    ).statusCode,
  ).toBe(403);
  // The sign-in phone is told at once, by SMS: the new number's last 4 digits and what to do.
  expect((await smsTo(t, worker))[0]).toBe(
    'Your Ghana Gigs payout number is now one ending 4567. Not you? Sign in, change it back: http://localhost:3000/dashboard?tab=wallet',
  );
  const [changedSms] = await t.db
    .selectFrom('notifications')
    .select(['to_phone', 'channel'])
    .where('user_id', '=', worker.id)
    .execute();
  expect(changedSms).toEqual({ to_phone: worker.phone, channel: 'sms' });
});

test("5. a thief who used up the owner's codes cannot keep the number: back to the sign-in phone needs none", async () => {
  const { t, sim } = world;
  const work = await paidApplication(world);
  await setPayoutNumber(world, work.seeker, PAYSTACK_PHONES.ordinary);
  await world.post(work.employer, `/api/applications/${work.id}/confirm`);
  await world.post(work.seeker, `/api/applications/${work.id}/confirm`);
  // The thief asks for codes until the phone's cap refuses more, so none reaches the owner.
  let asked = 0;
  for (; asked < 30; asked += 1) {
    await world.advance(61);
    if ((await world.post(work.seeker, '/api/me/payout/code')).statusCode === 429) break;
  }
  expect(asked).toBeLessThan(30);
  // Another number still needs a code; the owner's own phone does not.
  const elsewhere = await call(t, work.seeker, 'PUT', '/api/me/payout', {
    phoneNumber: '+233201234567',
    network: 'telecel',
  });
  expect(elsewhere.statusCode).toBe(403);
  const back = await call(t, work.seeker, 'PUT', '/api/me/payout', {
    phoneNumber: work.seeker.phone,
    network: 'mtn',
  });
  expect(back.json()).toEqual({ phoneNumber: work.seeker.phone, network: 'mtn', isDefault: true });
  await settleWithProvider(world);
  expect(sim.transfers()).toEqual([
    expect.objectContaining({ phone: work.seeker.phone, status: 'success' }),
  ]);
  await expectLedgerSound(world.t);
});

test('5. a payout to a number set less than 24 hours ago waits until the 24 hours have passed, and the wallet says until when', async () => {
  const { t, sim } = world;
  const work = await paidApplication(world);
  const setFrom = t.now().getTime();
  const saved = await setPayoutNumber(world, work.seeker, PAYSTACK_PHONES.ordinary);
  expect(saved.statusCode).toBe(200);
  const setBy = t.now().getTime();
  await world.post(work.employer, `/api/applications/${work.id}/confirm`);
  await world.post(work.seeker, `/api/applications/${work.id}/confirm`);
  const wallet = (await call(t, work.seeker, 'GET', '/api/wallet')).json();
  expect(wallet).toMatchObject({ earned: '400.00', pendingPayout: '400.00' });
  const heldUntil = Date.parse(wallet.payoutHeldUntil) - 24 * HOUR * 1000;
  expect(heldUntil).toBeGreaterThanOrEqual(setFrom + 61_000);
  expect(heldUntil).toBeLessThanOrEqual(setBy);
  await world.advance(23 * HOUR);
  await settleWithProvider(world);
  expect(sim.transfers()).toEqual([]);
  await expectLedgerSound(world.t);
  await world.advance(HOUR);
  await settleWithProvider(world);
  expect(sim.transfers()).toEqual([
    expect.objectContaining({ phone: PAYSTACK_PHONES.ordinary, status: 'success' }),
  ]);
  expect((await call(t, work.seeker, 'GET', '/api/wallet')).json().payoutHeldUntil).toBeNull();
  await expectLedgerSound(world.t);
});

test('5. the owner who changes it back to the sign-in phone is paid there at once: a waiting payout takes the number as it is when sent', async () => {
  const { t, sim } = world;
  const work = await paidApplication(world);
  await setPayoutNumber(world, work.seeker, PAYSTACK_PHONES.ordinary);
  await world.post(work.employer, `/api/applications/${work.id}/confirm`);
  await world.post(work.seeker, `/api/applications/${work.id}/confirm`);
  await settleWithProvider(world);
  expect(sim.transfers()).toEqual([]);
  // "Not you? Change it back": the sign-in phone is trusted, so nothing waits.
  await setPayoutNumber(world, work.seeker, work.seeker.phone);
  expect((await call(t, work.seeker, 'GET', '/api/wallet')).json().payoutHeldUntil).toBeNull();
  await settleWithProvider(world);
  expect(sim.transfers()).toEqual([
    expect.objectContaining({ phone: work.seeker.phone, status: 'success' }),
  ]);
  await expectLedgerSound(world.t);
});
