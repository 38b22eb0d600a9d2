import { expect, test } from 'vitest';
import { MODERATION_MESSAGES } from '../../contracts/moderation.ts';
import { call } from '../../tests/helpers/escrow-world.ts';
import {
  decide,
  FEE_SCAM_JOB,
  listedJobIds,
  report,
  reportJob,
  weekOldAccounts,
} from '../../tests/helpers/moderation.ts';
import {
  employerWithJob,
  type SignedInUser,
  signUpOperator,
  testAppFor,
  validJob,
} from '../../tests/helpers/test-app.ts';

/**
 * The operators' routes: only operators reach them, and their decisions on reported jobs and
 * profiles. Through the real app on a real SQLite file.
 */
const t = testAppFor('each');

test('only operators reach the operator routes: 401 signed out, 403 for everyone else', async () => {
  const { employer, job } = await employerWithJob(t, FEE_SCAM_JOB);
  const routes = [
    ['GET', '/api/admin/queue', undefined],
    ['POST', '/api/admin/moderation', { targetType: 'job', targetId: job.id, action: 'publish' }],
    ['POST', '/api/admin/disputes/1', { decision: 'release' }],
  ] as const;
  for (const [method, url, body] of routes) {
    expect((await call(t, null, method, url, body)).statusCode, url).toBe(401);
    const refused = await call(t, employer, method, url, body);
    expect(refused.statusCode, url).toBe(403);
    expect(refused.json().message).toBe(MODERATION_MESSAGES.notAdmin);
    // Bad input from a non-operator is still 403: they learn nothing of the route's contract.
    expect((await call(t, employer, method, url, { nonsense: true })).statusCode, url).toBe(403);
  }
  expect((await call(t, employer, 'GET', `/api/jobs/${job.id}`)).json().moderation).toBe('held');
  expect(await t.db.selectFrom('moderation_log').selectAll().execute()).toEqual([]);
});

test('publishing closes the open reports: three new ones are needed to hide it again; remove is for good', async () => {
  const admin = await signUpOperator(t);
  const { employer, job } = await employerWithJob(t);
  const reporters = await weekOldAccounts(t, 4);
  for (const reporter of reporters.slice(0, 3)) await reportJob(t, reporter, job.id);
  const queue = (await call(t, admin, 'GET', '/api/admin/queue')).json();
  expect(queue.reported).toEqual([
    expect.objectContaining({
      targetType: 'job',
      targetId: job.id,
      title: validJob.title,
      moderation: 'under_review',
      reports: [
        expect.objectContaining({ reason: 'fake' }),
        expect.objectContaining({ reason: 'fake' }),
        expect.objectContaining({ reason: 'fake' }),
      ],
    }),
  ]);
  expect((await decide(t, admin, 'job', job.id, 'publish')).json().moderation).toBe('published');
  expect(await listedJobIds(t)).toContain(job.id);
  expect((await call(t, admin, 'GET', '/api/admin/queue')).json().reported).toEqual([]);
  // The earlier reporters cannot report it again; one new report does not hide it.
  expect((await reportJob(t, reporters[0] as SignedInUser, job.id)).statusCode).toBe(409);
  expect((await reportJob(t, reporters[3] as SignedInUser, job.id)).statusCode).toBe(201);
  expect(await listedJobIds(t)).toContain(job.id);

  expect((await decide(t, admin, 'job', job.id, 'remove')).json().moderation).toBe('removed');
  expect(await listedJobIds(t)).not.toContain(job.id);
  expect((await call(t, null, 'GET', `/api/jobs/${job.id}`)).json().message).toBe(
    "The job you're looking for doesn't exist or has been removed",
  );
  const profileRemoval = await decide(t, admin, 'user', employer.id, 'remove');
  expect(profileRemoval.statusCode).toBe(422);
  expect(profileRemoval.json().message).toBe(MODERATION_MESSAGES.profileNotRemovable);
  const log = await t.db.selectFrom('moderation_log').select(['operator_id', 'action']).execute();
  expect(log).toEqual([
    { operator_id: admin.id, action: 'publish' },
    { operator_id: admin.id, action: 'remove' },
  ]);
});

test('an operator decides a reported profile with the same route: publish clears it', async () => {
  const admin = await signUpOperator(t);
  const { employer } = await employerWithJob(t);
  for (const reporter of await weekOldAccounts(t, 3)) {
    await report(t, reporter, { targetType: 'user', targetId: employer.id, reason: 'fake' });
  }
  expect((await call(t, null, 'GET', `/api/employers/${employer.id}`)).statusCode).toBe(404);
  expect((await decide(t, admin, 'user', employer.id, 'publish')).json().moderation).toBe(
    'published',
  );
  expect((await call(t, null, 'GET', `/api/employers/${employer.id}`)).statusCode).toBe(200);
  const bad = await call(t, admin, 'POST', '/api/admin/moderation', {
    targetType: 'user',
    targetId: employer.id,
    action: 'ban',
  });
  expect(bad.statusCode).toBe(400);
  expect(bad.json().errors).toEqual({ action: MODERATION_MESSAGES.moderationAction });
});
