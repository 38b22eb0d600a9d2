import { expect, test } from 'vitest';
import { ENGAGEMENT_MESSAGES } from '../../contracts/engagements.ts';
import {
  acceptedApplication,
  call,
  DAY,
  escrowWorldForEachTest,
  expectLedgerSound,
  settleWithProvider,
  startPaying,
} from '../../tests/helpers/escrow-world.ts';
import type { SignedInUser } from '../../tests/helpers/test-app.ts';
import { paidGigs } from '../trust/badges-repository.ts';

/**
 * Staged payments on the real app and the loopback Paystack: a GHS 400.00 fixed-price job split
 * into milestones, each funded, confirmed and released or refunded on its own, through the
 * milestones' routes and through the application's own (which act on its first open stage).
 */
const world = escrowWorldForEachTest();

const TWO_STAGES = [
  { title: 'Fix the roof', amount: '250.00', dueDate: '2027-03-14' },
  { title: 'Paint the walls', amount: '150.00', dueDate: null },
];

interface MilestoneView {
  id: number;
  title: string;
  amount: string;
  dueDate: string | null;
  payment: { status: string; amount: string; serviceFee: string };
  allowedActions: string[];
}

const split = (who: SignedInUser, id: number, milestones: unknown) =>
  call(world.t, who, 'PUT', `/api/applications/${id}/milestones`, { milestones });

/** The application as `who` sees it, from their own list. */
async function applicationAs(who: SignedInUser, id: number, jobId: number) {
  const asEmployer = await call(world.t, who, 'GET', `/api/applications/job/${jobId}`);
  const list =
    asEmployer.statusCode === 200
      ? asEmployer.json()
      : (await call(world.t, who, 'GET', '/api/applications/user')).json();
  const items = Array.isArray(list) ? list : list.items;
  return items.find((item: { id: number }) => item.id === id) as {
    status: string;
    payment: { status: string; amount: string };
    allowedActions: string[];
    milestones: MilestoneView[];
  };
}

/** Pays a stage through `url` and has the handset approve it. */
async function fund(who: SignedInUser, url: string) {
  const { reference } = await startPaying(world.t, who, url);
  expect(await world.sim.approve(reference)).toBe(true);
  await world.reconcile();
  return reference;
}

test('an employer splits a job into two milestones, funds and releases the first, then the second; each is paid out once and the wallet names it', async () => {
  const work = await acceptedApplication(world.t);
  const { employer, seeker, id, jobId } = work;

  // A split that does not add up to the price is refused and changes nothing.
  const short = await split(employer, id, [TWO_STAGES[0], { ...TWO_STAGES[1], amount: '140.00' }]);
  expect(short.statusCode).toBe(422);
  expect(short.json().message).toBe(ENGAGEMENT_MESSAGES.milestonesTotal('400.00'));
  expect((await applicationAs(employer, id, jobId)).milestones).toEqual([]);
  // Only the employer splits the job.
  expect((await split(seeker, id, TWO_STAGES)).statusCode).toBe(403);

  const set = await split(employer, id, TWO_STAGES);
  expect(set.statusCode).toBe(200);
  const [first, second] = set.json().milestones as MilestoneView[];
  expect(first).toMatchObject({
    title: 'Fix the roof',
    amount: '250.00',
    dueDate: '2027-03-14',
    payment: { status: 'unpaid', amount: '250.00' },
    allowedActions: ['pay', 'cancel'],
  });
  expect(second).toMatchObject({
    amount: '150.00',
    dueDate: null,
    allowedActions: ['pay', 'cancel'],
  });
  // The worker sees the stages before anything is paid, and may withdraw.
  const seen = await applicationAs(seeker, id, jobId);
  expect(seen.milestones.map((stage) => stage.title)).toEqual(['Fix the roof', 'Paint the walls']);
  expect(seen.allowedActions).toEqual(['cancel']);

  // The first stage, through its own routes.
  const firstRef = await fund(employer, `/api/milestones/${first?.id}/payment`);
  // Once money was asked for, the stages are fixed.
  const locked = await split(employer, id, TWO_STAGES);
  expect(locked.statusCode).toBe(409);
  expect(locked.json().message).toBe(ENGAGEMENT_MESSAGES.milestonesLocked);
  expect(
    (await call(world.t, seeker, 'POST', `/api/milestones/${first?.id}/confirm`)).statusCode,
  ).toBe(200);
  const released = await call(world.t, employer, 'POST', `/api/milestones/${first?.id}/confirm`);
  expect(released.statusCode).toBe(200);
  expect(released.json()).toMatchObject({
    status: 'accepted',
    // The application's own fields are its first open stage's now: the second.
    payment: { status: 'unpaid', amount: '150.00' },
    milestones: [
      { payment: { status: 'released' }, allowedActions: [] },
      { allowedActions: ['pay', 'cancel'] },
    ],
  });

  // The second, through the application's routes.
  const secondRef = await fund(employer, `/api/applications/${id}/payment`);
  expect(firstRef).not.toBe(secondRef);
  expect((await call(world.t, seeker, 'POST', `/api/applications/${id}/confirm`)).statusCode).toBe(
    200,
  );
  const done = await call(world.t, employer, 'POST', `/api/applications/${id}/confirm`);
  expect(done.json()).toMatchObject({
    status: 'completed',
    allowedActions: ['review'],
    milestones: [{ payment: { status: 'released' } }, { payment: { status: 'released' } }],
  });

  await settleWithProvider(world, 31);
  const payouts = await world.t.db
    .selectFrom('payouts')
    .select(['amount_pesewas', 'status'])
    .where('payee_id', '=', seeker.id)
    .orderBy('id')
    .execute();
  expect(payouts).toEqual([
    { amount_pesewas: 25_000, status: 'success' },
    { amount_pesewas: 15_000, status: 'success' },
  ]);
  const report = await expectLedgerSound(world.t);
  expect(report.heldPesewas).toBe(0);

  const wallet = (await call(world.t, seeker, 'GET', '/api/wallet')).json();
  expect(wallet.earned).toBe('400.00');
  const released2 = wallet.entries.filter((entry: { kind: string }) => entry.kind === 'released');
  expect(released2).toEqual([
    expect.objectContaining({
      amount: '150.00',
      engagement: { type: 'application', id },
      milestone: { position: 2, title: 'Paint the walls' },
    }),
    expect.objectContaining({
      amount: '250.00',
      milestone: { position: 1, title: 'Fix the roof' },
    }),
  ]);
  // A job paid in stages is one paid gig for each side, by what its stages released.
  expect(await paidGigs(world.t.db, seeker.id)).toBe(1);
  expect(await paidGigs(world.t.db, employer.id)).toBe(1);
});

test('the worker withdraws before anything is paid: every stage and the application are called off, and no money moves', async () => {
  const { employer, seeker, id, jobId } = await acceptedApplication(world.t);
  expect((await split(employer, id, TWO_STAGES)).statusCode).toBe(200);
  const withdrawn = await call(world.t, seeker, 'POST', `/api/applications/${id}/cancel`);
  expect(withdrawn.statusCode).toBe(200);
  expect(withdrawn.json()).toMatchObject({ status: 'cancelled', allowedActions: [] });
  const stages = await world.t.db
    .selectFrom('milestones')
    .select('status')
    .where('application_id', '=', id)
    .execute();
  expect(stages).toEqual([{ status: 'cancelled' }, { status: 'cancelled' }]);
  expect(
    (await applicationAs(employer, id, jobId)).milestones.map((m) => m.allowedActions),
  ).toEqual([[], []]);
  expect(await world.t.db.selectFrom('charges').select('id').execute()).toEqual([]);
  // Setting stages on work called off is refused.
  expect((await split(employer, id, TWO_STAGES)).statusCode).toBe(409);
});

test('a funded stage called off is refunded alone; the application is completed once its last stage settles with one paid', async () => {
  // Dated work: a paid stage may be called off until the start date.
  const startDate = new Date(world.t.now().getTime() + 10 * DAY * 1000).toISOString().slice(0, 10);
  const { employer, seeker, id } = await acceptedApplication(world.t, { startDate });
  const [first, second] = (await split(employer, id, TWO_STAGES)).json()
    .milestones as MilestoneView[];
  await fund(employer, `/api/milestones/${first?.id}/payment`);
  await fund(employer, `/api/milestones/${second?.id}/payment`);

  // The employer calls off the second stage before anyone said it was done: refunded in full.
  const off = await call(world.t, employer, 'POST', `/api/milestones/${second?.id}/cancel`);
  expect(off.statusCode).toBe(200);
  expect(off.json()).toMatchObject({
    status: 'accepted',
    milestones: [
      { payment: { status: 'held' } },
      { payment: { status: 'refunded' }, allowedActions: [] },
    ],
  });
  // A stage nobody is party to cannot be touched, and an unknown one is 404.
  const stranger = await acceptedApplication(world.t);
  expect(
    (await call(world.t, stranger.employer, 'POST', `/api/milestones/${first?.id}/confirm`))
      .statusCode,
  ).toBe(403);
  expect((await call(world.t, employer, 'POST', '/api/milestones/999999/confirm')).statusCode).toBe(
    404,
  );

  // From the start date the first is done and released: the application is completed.
  await world.advance(11 * DAY);
  await call(world.t, seeker, 'POST', `/api/milestones/${first?.id}/confirm`);
  const done = await call(world.t, employer, 'POST', `/api/milestones/${first?.id}/confirm`);
  expect(done.json()).toMatchObject({ status: 'completed' });
  await settleWithProvider(world, 31);
  const refunds = await world.t.db
    .selectFrom('refunds')
    .select(['amount_pesewas', 'status'])
    .execute();
  // GHS 150.00 and its fee back.
  expect(refunds).toEqual([{ amount_pesewas: 15_750, status: 'processed' }]);
  const report = await expectLedgerSound(world.t);
  expect(report.heldPesewas).toBe(0);
});

test('after the start date an unpaid last stage can still be called off by either side, and the application completes with what was paid', async () => {
  const startDate = new Date(world.t.now().getTime() + 2 * DAY * 1000).toISOString().slice(0, 10);
  const { employer, seeker, id } = await acceptedApplication(world.t, { startDate });
  const [first, second] = (await split(employer, id, TWO_STAGES)).json()
    .milestones as MilestoneView[];
  await fund(employer, `/api/milestones/${first?.id}/payment`);
  await world.advance(3 * DAY);
  await call(world.t, seeker, 'POST', `/api/milestones/${first?.id}/confirm`);
  const released = await call(world.t, employer, 'POST', `/api/milestones/${first?.id}/confirm`);
  expect(released.json()).toMatchObject({
    status: 'accepted',
    milestones: [{ payment: { status: 'released' } }, { allowedActions: ['pay', 'cancel'] }],
  });
  // The worker, too, may close what nobody paid for.
  const worker = (await call(world.t, seeker, 'GET', '/api/applications/user')).json();
  const mine = (Array.isArray(worker) ? worker : worker.items).find(
    (item: { id: number }) => item.id === id,
  );
  expect(mine.milestones[1].allowedActions).toEqual(['cancel']);
  const closed = await call(world.t, seeker, 'POST', `/api/milestones/${second?.id}/cancel`);
  expect(closed.statusCode).toBe(200);
  expect(closed.json()).toMatchObject({ status: 'completed', allowedActions: ['review'] });
  expect(await world.t.db.selectFrom('refunds').select('id').execute()).toEqual([]);
  await expectLedgerSound(world.t);
});
