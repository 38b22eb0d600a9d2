import { expect, test } from 'vitest';
import type { Status } from '../../contracts/applications.ts';
import {
  allowedActions,
  DEAL_STATES,
  type Deal,
  type DealKind,
  type DealState,
  judge,
  PROCESS,
  ROLES,
  type Role,
  TRANSITION_NAMES,
  type TransitionName,
} from './process.ts';

/**
 * The declared process, walked: every transition of the table, for both kinds of deal, every
 * role and every state, against the rules written out again here as the product says them. A
 * change to the table that changes who may do what, or from where, fails here by name.
 */

const NOW = new Date('2027-03-10T12:00:00.000Z');
const PAST = '2027-03-01T12:00:00.000Z';
const FUTURE = '2027-03-20T12:00:00.000Z';

/** The status a record has in each state (the words of refusals name it). */
const STATUS_OF: Record<DealState, Status> = {
  requested: 'pending',
  rejected: 'rejected',
  accepted: 'accepted',
  paying: 'accepted',
  held: 'accepted',
  frozen: 'accepted',
  disputed: 'accepted',
  released: 'completed',
  cancelled: 'cancelled',
};

/** A deal in `state` whose every clock condition is met (guards pass), nothing yet taken. */
function dealIn(kind: DealKind, state: DealState, over: Partial<Deal> = {}): Deal {
  return {
    kind,
    state,
    status: STATUS_OF[state],
    amountPesewas: 30_000,
    feePesewas: 1_500,
    payerConfirmedAt: null,
    payeeConfirmedAt: null,
    releaseDueAt: PAST,
    workStartsAt: PAST,
    workEndsAt: PAST,
    acceptedAt: PAST,
    payeeSuspended: false,
    cancellationPolicy: kind === 'booking' ? 'moderate' : null,
    keptDueAt: state === 'cancelled' ? PAST : null,
    reviewOpenUntil: state === 'released' ? FUTURE : null,
    reviewed: false,
    ...over,
  };
}

/** The rules, stated again: who may take each transition from which states, by kind. */
const RULES: Record<TransitionName, { booking: Role[]; application: Role[]; from: DealState[] }> = {
  accept: { booking: ['payee'], application: ['payer'], from: ['requested'] },
  reject: { booking: ['payee'], application: ['payer'], from: ['requested'] },
  pay: { booking: ['payer'], application: ['payer'], from: ['accepted', 'paying'] },
  charge_succeeded: {
    booking: ['provider'],
    application: ['provider'],
    from: ['accepted', 'paying'],
  },
  charge_failed: { booking: ['provider'], application: ['provider'], from: ['paying'] },
  payee_confirm: { booking: ['payee'], application: ['payee'], from: ['held', 'frozen'] },
  payer_confirm: { booking: ['payer'], application: ['payer'], from: ['held', 'frozen'] },
  payer_notice_sent: { booking: ['timer'], application: ['timer'], from: ['held'] },
  auto_release: { booking: ['timer'], application: ['timer'], from: ['held'] },
  dispute: {
    booking: ['payer', 'payee'],
    application: ['payer', 'payee'],
    from: ['held', 'frozen'],
  },
  cancel_by_payer: {
    booking: ['payer'],
    application: ['payer'],
    from: ['accepted', 'paying', 'held', 'frozen'],
  },
  cancel_by_payee: {
    booking: ['payee'],
    application: ['payee'],
    from: ['accepted', 'paying', 'held', 'frozen'],
  },
  expire_unpaid: { booking: ['timer'], application: [], from: ['accepted'] },
  resolve_release: {
    booking: ['operator'],
    application: ['operator'],
    from: ['disputed', 'frozen'],
  },
  resolve_refund: {
    booking: ['operator'],
    application: ['operator'],
    from: ['disputed', 'frozen'],
  },
  resolve_no_show: { booking: ['operator'], application: [], from: ['disputed'] },
  release_kept: { booking: ['timer'], application: [], from: ['cancelled'] },
  freeze: { booking: ['operator'], application: ['operator'], from: ['held'] },
  thaw: { booking: ['operator'], application: ['operator'], from: ['frozen'] },
  review: {
    booking: ['payer', 'payee'],
    application: ['payer', 'payee'],
    from: ['released'],
  },
};

/** Transitions whose `done` makes a repeat in their end state a no-op rather than a refusal. */
const REPEATS_QUIETLY: Partial<Record<TransitionName, DealState[]>> = {
  payee_confirm: ['released'],
  payer_confirm: ['released'],
  dispute: ['disputed'],
  cancel_by_payer: ['cancelled'],
  cancel_by_payee: ['cancelled'],
};

test('the table and the rules name the same transitions', () => {
  expect(Object.keys(PROCESS).sort()).toEqual([...TRANSITION_NAMES].sort());
  expect(Object.keys(RULES).sort()).toEqual([...TRANSITION_NAMES].sort());
});

for (const kind of ['booking', 'application'] as const) {
  for (const name of TRANSITION_NAMES) {
    test(`${kind}: ${name}, every role from every state`, () => {
      const rule = RULES[name];
      for (const role of ROLES) {
        for (const state of DEAL_STATES) {
          // Cancelling is before the work's date; everything else after it.
          const when = name.startsWith('cancel') ? { workStartsAt: FUTURE } : {};
          const verdict = judge(dealIn(kind, state, when), name, role, NOW);
          const what = `${kind} ${name} by ${role} from ${state}`;
          if (!rule[kind].includes(role)) {
            expect(verdict, what).toMatchObject({ kind: expect.any(String) });
            expect(verdict, what).not.toBe('go');
          } else if (REPEATS_QUIETLY[name]?.includes(state) && role !== 'timer') {
            expect(verdict, what).toBe('done');
          } else if (rule.from.includes(state)) {
            expect(verdict, what).toBe('go');
          } else {
            expect(verdict, what).toMatchObject({
              kind: expect.stringMatching(/^(conflict|rule)$/),
            });
          }
        }
      }
    });
  }
}

test('guards read the server clock: the work date, the 48 hours, a due release, a review window', () => {
  const early = { workStartsAt: FUTURE };
  expect(judge(dealIn('booking', 'held', early), 'payer_confirm', 'payer', NOW)).toMatchObject({
    kind: 'rule',
    message: expect.stringMatching(/^You can confirm the work is done from/),
  });
  expect(judge(dealIn('booking', 'held', early), 'cancel_by_payer', 'payer', NOW)).toBe('go');
  expect(judge(dealIn('booking', 'held'), 'cancel_by_payer', 'payer', NOW)).toMatchObject({
    kind: 'rule',
  });
  // Unpaid work may be called off after its date by either side: no money moves.
  for (const role of ['payer', 'payee'] as const) {
    const name = role === 'payer' ? 'cancel_by_payer' : 'cancel_by_payee';
    expect(judge(dealIn('application', 'accepted'), name, role, NOW)).toBe('go');
  }
  expect(
    judge(
      dealIn('booking', 'held', { ...early, payeeConfirmedAt: PAST }),
      'cancel_by_payee',
      'payee',
      NOW,
    ),
  ).toMatchObject({ kind: 'conflict' });
  expect(
    judge(
      dealIn('booking', 'accepted', { acceptedAt: '2027-03-09T12:00:00.000Z' }),
      'expire_unpaid',
      'timer',
      NOW,
    ),
  ).toMatchObject({ kind: 'rule' });
  expect(
    judge(dealIn('booking', 'held', { releaseDueAt: FUTURE }), 'auto_release', 'timer', NOW),
  ).toMatchObject({
    kind: 'rule',
  });
  expect(
    judge(dealIn('booking', 'released', { reviewOpenUntil: PAST }), 'review', 'payer', NOW),
  ).toMatchObject({
    kind: 'rule',
  });
  expect(
    judge(dealIn('booking', 'released', { reviewed: true }), 'review', 'payee', NOW),
  ).toMatchObject({
    kind: 'conflict',
  });
  expect(
    judge(dealIn('booking', 'accepted', { payeeSuspended: true }), 'pay', 'payer', NOW),
  ).toMatchObject({
    kind: 'rule',
  });
  expect(
    judge(dealIn('booking', 'cancelled', { keptDueAt: FUTURE }), 'release_kept', 'timer', NOW),
  ).toMatchObject({
    kind: 'rule',
  });
});

test("allowedActions is the table's answer for each side, whatever the phone's clock", () => {
  const before = { workStartsAt: FUTURE };
  expect(allowedActions(dealIn('booking', 'accepted', before), 'payer', NOW)).toEqual([
    'pay',
    'cancel',
  ]);
  expect(allowedActions(dealIn('booking', 'accepted', before), 'payee', NOW)).toEqual(['cancel']);
  expect(allowedActions(dealIn('booking', 'held', before), 'payer', NOW)).toEqual([
    'dispute',
    'cancel',
  ]);
  expect(allowedActions(dealIn('booking', 'held'), 'payee', NOW)).toEqual(['confirm', 'dispute']);
  expect(
    allowedActions(dealIn('application', 'held', { payeeConfirmedAt: PAST }), 'payee', NOW),
  ).toEqual(['dispute']);
  expect(allowedActions(dealIn('booking', 'disputed'), 'payer', NOW)).toEqual([]);
  expect(allowedActions(dealIn('booking', 'released'), 'payer', NOW)).toEqual(['review']);
  expect(allowedActions(dealIn('application', 'requested'), 'payee', NOW)).toEqual([]);
});
