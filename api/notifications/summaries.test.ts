import { expect, test } from 'vitest';
import { signUp, testAppFor } from '../../tests/helpers/test-app.ts';
import { USAGE_CAPS } from '../lib/caps.ts';
import { newApplicantMessage, paymentReleasedReceipt } from './messages.ts';
import { queueNotification } from './notifications.ts';
import { foldQueued } from './summaries.ts';

const N = USAGE_CAPS.notifications.perRecipientKindHour;
const t = testAppFor('each');

/** Queues `count` new-applicant messages to `userId`, each in its own committed transaction. */
async function queueApplicants(userId: number, count: number) {
  for (let i = 0; i < count; i++) {
    await t.db.transaction().execute((trx) =>
      queueNotification(
        trx,
        userId,
        newApplicantMessage({
          applicantFirstName: 'Kofi',
          applicantLastName: `No${i}`,
          jobId: 7,
        }),
        t.now(),
      ),
    );
  }
}

const rowsOf = (userId: number) =>
  t.db
    .selectFrom('notifications')
    .select(['status', 'summarised_count', 'body'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

test('a request only queues; a fold lets the allowance go as it is and counts the rest into one summary, once', async () => {
  await t.app.notifier.stop();
  const employer = await signUp(t, 'employer');
  await queueApplicants(employer.id, N + 3);
  const queued = await rowsOf(employer.id);
  expect(queued.map((row) => row.status)).toEqual(Array(N + 3).fill('queued'));

  await foldQueued(t.db);
  const folded = await rowsOf(employer.id);
  expect(folded.filter((row) => row.summarised_count === 0)).toHaveLength(N);
  expect(folded.every((row) => row.status === 'pending')).toBe(true);
  const summaries = folded.filter((row) => row.summarised_count > 0);
  expect(summaries).toHaveLength(1);
  expect(summaries[0]?.summarised_count).toBe(3);
  expect(summaries[0]?.body).toMatch(/3 new applicants/i);

  // Folding again changes nothing; later events join the open summary.
  await foldQueued(t.db);
  expect(await rowsOf(employer.id)).toEqual(folded);
  await queueApplicants(employer.id, 2);
  await foldQueued(t.db);
  const later = await rowsOf(employer.id);
  expect(later).toHaveLength(N + 1);
  expect(later.find((row) => row.summarised_count > 0)?.summarised_count).toBe(5);
});

test('a receipt is never queued: it goes as it is, outside the allowance', async () => {
  await t.app.notifier.stop();
  const payee = await signUp(t, 'job_seeker');
  await t.db
    .transaction()
    .execute((trx) =>
      queueNotification(trx, payee.id, paymentReleasedReceipt({ amountPesewas: 5_000 }), t.now()),
    );
  expect((await rowsOf(payee.id)).map((row) => row.status)).toEqual(['pending']);
});

test('the dispatcher folds before it sends: queued messages reach the phone', async () => {
  const employer = await signUp(t, 'employer');
  await queueApplicants(employer.id, 1);
  t.app.notifier.kick();
  await t.app.notifier.idle();
  expect((await rowsOf(employer.id)).map((row) => row.status)).toEqual(['sent']);
});
