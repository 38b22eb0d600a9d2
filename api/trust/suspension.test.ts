import { expect, test } from 'vitest';
import { MODERATION_MESSAGES } from '../../contracts/moderation.ts';
import { call } from '../../tests/helpers/escrow-world.ts';
import { decide, listedJobIds } from '../../tests/helpers/moderation.ts';
import {
  employerWithJob,
  latestCode,
  signUp,
  signUpArtist,
  signUpOperator,
  testAppFor,
  validJob,
} from '../../tests/helpers/test-app.ts';

/**
 * A suspended account is signed out, cannot sign in or write, and what it lists is hidden. Through
 * the real app on a real SQLite file.
 */
const t = testAppFor('each');

test('a suspended account is signed out, cannot sign in or write, and all it lists is hidden', async () => {
  const admin = await signUpOperator(t);
  const { employer, job } = await employerWithJob(t);
  const artist = await signUpArtist(t, { hourly: 10_000 });
  expect((await decide(t, admin, 'job', job.id, 'suspend')).json()).toMatchObject({
    moderation: 'suspended',
    message: MODERATION_MESSAGES.suspendedDone,
  });
  expect(await listedJobIds(t)).toEqual([]);
  expect((await call(t, null, 'GET', `/api/employers/${employer.id}`)).statusCode).toBe(404);

  // The old session is gone: no write goes through.
  expect((await call(t, employer, 'POST', '/api/jobs', validJob)).statusCode).toBe(401);
  expect((await call(t, employer, 'GET', '/api/auth/user')).statusCode).toBe(401);
  expect(await t.db.selectFrom('jobs').select('id').execute()).toHaveLength(1);
  // Signing in again is refused with a message that says why.
  const phoneNumber = employer.phone;
  t.advance(10 * 60); // past the wait between two codes to one phone
  expect((await call(t, null, 'POST', '/api/auth/send-code', { phoneNumber })).statusCode).toBe(
    200,
  );
  const code = await latestCode(t.app, phoneNumber);
  const signIn = await call(t, null, 'POST', '/api/auth/verify-code', { phoneNumber, code });
  expect(signIn.statusCode).toBe(403);
  expect(signIn.json().message).toBe(MODERATION_MESSAGES.suspended);
  expect(signIn.headers['set-cookie']).toBeUndefined();
  // An operator cannot publish what a suspended account lists.
  const republish = await decide(t, admin, 'job', job.id, 'publish');
  expect(republish.statusCode).toBe(409);
  expect(republish.json().message).toBe(MODERATION_MESSAGES.ownerSuspended);

  // Suspending through an artist profile hides the artist.
  await decide(t, admin, 'artist', artist.artistId, 'suspend');
  expect((await call(t, null, 'GET', '/api/artists')).json()).toEqual([]);
  expect((await call(t, null, 'GET', `/api/artists/${artist.artistId}`)).statusCode).toBe(404);
  // Nobody suspends themselves by accident.
  const self = await decide(t, admin, 'user', admin.id, 'suspend');
  expect(self.statusCode).toBe(422);
  expect(self.json().message).toBe(MODERATION_MESSAGES.selfSuspend);
});

test('a session that outlived its suspension ends at its next request', async () => {
  const employer = await signUp(t, 'employer');
  // Suspended behind the app's back (as a second process would): the session row survives.
  await t.db
    .updateTable('users')
    .set({ suspended_at: t.now().toISOString() })
    .where('id', '=', employer.id)
    .execute();
  expect((await call(t, employer, 'POST', '/api/jobs', validJob)).statusCode).toBe(401);
  expect(
    await t.db.selectFrom('sessions').where('user_id', '=', employer.id).selectAll().execute(),
  ).toEqual([]);
  expect(await t.db.selectFrom('jobs').selectAll().execute()).toEqual([]);
});
