import { guestAnd, refusedTo, testRefusals } from './helpers/authorization-world.ts';

/**
 * Operators' routes refuse everybody else, whatever they send; the test clock does not exist
 * without TEST_CLOCK. Nothing changes in any table.
 */
const everyoneButOperators = guestAnd(403, ['seeker', 'employer', 'artist', 'roleless']);

testRefusals([
  ...refusedTo(everyoneButOperators, {
    name: 'read the operator queue',
    method: 'GET',
    url: () => '/api/admin/queue',
  }),
  ...refusedTo(everyoneButOperators, {
    name: 'publish, remove or suspend',
    method: 'POST',
    url: () => '/api/admin/moderation',
    payload: () => ({ targetType: 'job', targetId: 1, action: 'suspend' }),
  }),
  ...refusedTo(everyoneButOperators, {
    name: 'decide a disputed payment',
    method: 'POST',
    url: () => '/api/admin/disputes/1',
    payload: () => ({ decision: 'release' }),
  }),
  ...refusedTo(
    { guest: 404 },
    {
      name: 'move the clock without TEST_CLOCK',
      method: 'POST',
      url: () => '/api/dev/clock',
      payload: () => ({ advanceSeconds: 86_400 }),
    },
  ),
]);
