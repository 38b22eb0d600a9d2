/**
 * The deals of the payments crash test and what their two sides do. Each deal is set up by a few
 * scripted requests (post a job, apply, accept, perhaps split it into milestones; or an artist's
 * booking requested and accepted), then lives at random: at each step one side looks at the deal
 * and takes one of the actions the server's `allowedActions` offers it now. A request the server
 * died under is sent again, with the same Idempotency-Key, before the deal does anything else.
 */
import { randomInt } from 'node:crypto';
import { dayOf } from '../../contracts/dates.ts';
import { type ApiResponse, api } from '../lib/http-api.ts';
import type { SignedInUser } from '../lib/sign-up.ts';
import type { Policy } from './refund-policy.ts';

export const DEAL_KINDS = [
  'job',
  'milestones',
  'booking flexible',
  'booking moderate',
  'booking strict',
] as const;
export type DealKind = (typeof DEAL_KINDS)[number];

/**
 * How far ahead of the server's now a booking's event is, in hours, by the bands of its policy
 * (most back first): the bookings of a policy take its bands in turn, so every band is reached.
 */
const EVENT_HOURS: Record<Policy, number[][]> = {
  flexible: [
    [30, 60, 150],
    [8, 20],
  ],
  moderate: [
    [200, 400],
    [60, 100, 150],
    [8, 30, 40],
  ],
  strict: [
    [360, 400, 450],
    [8, 100, 300],
  ],
};

export interface CancelRecord {
  by: 'payer' | 'payee';
  /** The payment's status the canceller saw just before. */
  paymentStatus: string;
  /** What the server said the payer would get back (`refundIfCancelledNow`), pesewas. */
  reportedRefund: number | null;
  /** The server's clock (as the harness keeps it) when the cancel was answered. */
  answeredAt: number;
  /** The payment status in the cancel's answer. */
  answeredPaymentStatus: string | null;
}

export interface CrashDeal {
  n: number;
  kind: DealKind;
  payer: SignedInUser;
  payee: SignedInUser;
  payerPhone: string;
  policy: Policy | null;
  artistId?: number;
  pricePesewas: number;
  setup: string[];
  jobId?: number;
  applicationId?: number;
  bookingId?: number;
  /** A request that got no answer (the server died): sent again first, same key. */
  pending?: Pending;
  cancels: CancelRecord[];
  steps: number;
  /** Booking requests made (one more each time the clock passed the event of the last). */
  requests?: number;
  finished: boolean;
  busy: boolean;
}

interface Pending {
  side: 'payer' | 'payee';
  method: string;
  path: string;
  body?: unknown;
  key?: string;
  /** What it is: a setup step, or `side:action`. */
  label: string;
  /** For a cancel: what its side saw before. */
  before?: { paymentStatus: string; reportedRefund: number | null };
}

/** What the deals need of the run: where the server is, its clock, the counters. */
export interface DealContext {
  baseUrl(): string;
  serverNow(): number;
  retried(): void;
  count(what: string): void;
  problem(line: string): void;
}

export function newDeal(
  n: number,
  kind: DealKind,
  payer: SignedInUser,
  payee: SignedInUser,
): CrashDeal {
  const booking = kind.startsWith('booking');
  return {
    n,
    kind,
    payer,
    payee,
    payerPhone: `+23324${String(1_000_000 + n).padStart(7, '0')}`,
    policy: booking ? (kind.split(' ')[1] as Policy) : null,
    // Odd pesewas, so the policy's halves and the fee round.
    pricePesewas: randomInt(60, 900) * 100 + randomInt(0, 100),
    setup: booking
      ? ['profile', 'request', 'accept']
      : ['post', 'apply', 'accept', ...(kind === 'milestones' ? ['milestones'] : [])],
    cancels: [],
    steps: 0,
    finished: false,
    busy: false,
  };
}

const money = (pesewas: number) => (pesewas / 100).toFixed(2);
const pesewasOf = (amount: string | null | undefined) =>
  amount == null ? null : Math.round(Number(amount) * 100);
const itemsOf = (body: unknown) =>
  (Array.isArray(body) ? body : ((body as { items?: unknown[] })?.items ?? [])) as DealView[];

interface DealView {
  id: number;
  status: string;
  payment: { status: string };
  allowedActions: string[];
  refundIfCancelledNow?: string | null;
  milestones?: { id: number; allowedActions: string[] }[];
}

async function send(
  context: DealContext,
  who: SignedInUser,
  method: string,
  path: string,
  body?: unknown,
  key?: string,
): Promise<ApiResponse | undefined> {
  try {
    return await api(context.baseUrl(), method, path, {
      cookie: who.cookie,
      body,
      headers: key ? { 'idempotency-key': key } : {},
      timeoutMs: 20_000,
    });
  } catch {
    context.retried();
    return undefined;
  }
}

/** The scripted request of a setup step. */
function setupRequest(deal: CrashDeal, step: string, context: DealContext): Pending {
  const key = `crashpay-${deal.n}-${step}`;
  const price = money(deal.pricePesewas);
  switch (step) {
    case 'post': {
      const dated = randomInt(0, 2) === 0;
      return {
        side: 'payer',
        method: 'POST',
        path: '/api/jobs',
        key,
        label: step,
        body: {
          title: `Crash test job ${deal.n}`,
          description: 'Paint a shop front in Accra, two coats, materials supplied.',
          category: 'skilled_trades',
          region: 'Greater Accra',
          jobType: 'fixed',
          hourlyRate: null,
          fixedPrice: price,
          estimatedHours: null,
          requiredSkills: ['Painting'],
          // Half start on a day to come (confirmed from then, cancelled before), half have no
          // date (confirmed at once; once paid only the worker may call it off).
          startDate: dated ? dayOf(context.serverNow() + randomInt(1, 6) * 86_400_000) : null,
        },
      };
    }
    case 'apply':
      return {
        side: 'payee',
        method: 'POST',
        path: '/api/applications',
        key,
        label: step,
        body: { jobId: deal.jobId, coverLetter: `I will paint it well (${deal.n}).` },
      };
    case 'accept':
      return deal.bookingId
        ? {
            side: 'payee',
            method: 'PATCH',
            path: `/api/bookings/${deal.bookingId}`,
            key,
            label: step,
            body: { status: 'accepted' },
          }
        : {
            side: 'payer',
            method: 'PATCH',
            path: `/api/applications/${deal.applicationId}`,
            key,
            label: step,
            body: { status: 'accepted' },
          };
    case 'milestones': {
      const count = randomInt(2, 4);
      const each = Math.floor(deal.pricePesewas / count);
      const amounts = Array.from({ length: count }, (_, i) =>
        i === count - 1 ? deal.pricePesewas - each * (count - 1) : each,
      );
      return {
        side: 'payer',
        method: 'PUT',
        path: `/api/applications/${deal.applicationId}/milestones`,
        key,
        label: step,
        body: {
          milestones: amounts.map((amount, i) => ({
            title: `Stage ${i + 1}`,
            amount: money(amount),
            dueDate: null,
          })),
        },
      };
    }
    case 'profile':
      return {
        side: 'payee',
        method: 'PUT',
        path: '/api/artists/me',
        key,
        label: step,
        body: {
          stageName: `Crash Artist ${deal.n}`,
          bio: null,
          performanceTypes: ['DJ'],
          region: 'Greater Accra',
          hourlyRate: money(deal.pricePesewas),
          eventRate: null,
          cancellationPolicy: deal.policy,
        },
      };
    case 'request': {
      deal.requests = (deal.requests ?? 0) + 1;
      const bands = EVENT_HOURS[deal.policy as Policy];
      const band = bands[Math.floor(deal.n / DEAL_KINDS.length) % bands.length] as number[];
      const hours = band[randomInt(0, band.length)] as number;
      // Half an hour off the hour: the clock only ever moves by whole hours, so a cancellation
      // never falls within minutes of a band's edge and the band is the same by either clock.
      const eventAt = context.serverNow() + hours * 3_600_000 + 30 * 60_000;
      return {
        side: 'payer',
        method: 'POST',
        path: '/api/bookings',
        // A request sent again after its event passed (the clock moved while the server was
        // down) is a new one, under a new key.
        key: `${key}-${deal.requests}`,
        label: step,
        body: {
          artistId: deal.artistId,
          eventDate: new Date(eventAt).toISOString(),
          eventDuration: 1,
          venue: `Crash venue ${deal.n}`,
          totalAmount: money(deal.pricePesewas),
          rateType: 'hourly',
        },
      };
    }
    default:
      throw new Error(`no setup step ${step}`);
  }
}

/** What the deal as `side` sees it now, or undefined when the server did not answer. */
async function viewOf(deal: CrashDeal, side: 'payer' | 'payee', context: DealContext) {
  const who = side === 'payer' ? deal.payer : deal.payee;
  const path = deal.bookingId
    ? `/api/bookings/${side === 'payer' ? 'client' : 'artist'}?limit=50`
    : side === 'payer'
      ? `/api/applications/job/${deal.jobId}?limit=50`
      : '/api/applications/user?limit=50';
  const response = await send(context, who, 'GET', path);
  if (!response) return undefined;
  const id = deal.bookingId ?? deal.applicationId;
  const view = itemsOf(response.body).find((item) => item.id === id);
  if (!view) context.problem(`deal ${deal.n}: ${side} cannot see it (${response.status})`);
  return view ?? null;
}

/**
 * How often each action is taken when offered, against doing nothing this time (`wait`): paying
 * and confirming more often than calling off or disputing, so most lives reach a release, yet
 * every way out is taken often enough, in every band of time before an event.
 */
const WEIGHTS: Record<string, number> = { pay: 8, confirm: 6, dispute: 1, cancel: 1, wait: 5 };

function weighted(
  actions: string[],
  side: 'payer' | 'payee',
  heldBooking: boolean,
): string | undefined {
  // A payee waiting to be paid mostly waits: else few deals would ever be paid.
  const wait = side === 'payee' && actions.join() === 'cancel' ? 30 : (WEIGHTS.wait ?? 0);
  // A client calls a paid booking off often: each band of each policy is to be reached.
  const weight = (action: string) =>
    action === 'cancel' && side === 'payer' && heldBooking ? 8 : (WEIGHTS[action] ?? 0);
  const total = actions.reduce((sum, action) => sum + weight(action), wait);
  let roll = randomInt(0, total);
  for (const action of actions) {
    roll -= weight(action);
    if (roll < 0) return action;
  }
  return undefined;
}

/** The request of a side's action, on the booking, the application or one of its milestones. */
function actionRequest(deal: CrashDeal, side: 'payer' | 'payee', action: string, view: DealView) {
  const milestone = view.milestones?.find((stage) => stage.allowedActions.includes(action));
  const base = deal.bookingId
    ? `/api/bookings/${deal.bookingId}`
    : milestone && randomInt(0, 2) === 0
      ? `/api/milestones/${milestone.id}`
      : `/api/applications/${deal.applicationId}`;
  const pending: Pending = {
    side,
    method: 'POST',
    path: `${base}/${action === 'pay' ? 'payment' : action}`,
    label: `${side}:${action}`,
  };
  if (action === 'pay') pending.body = { phoneNumber: deal.payerPhone, network: 'mtn' };
  // Paying is never replayed from an outbox: no key (a second ask answers the charge under way).
  else pending.key = `crashpay-${deal.n}-${deal.steps}-${action}`;
  if (action === 'dispute') pending.body = { reason: 'The work was not done as agreed.' };
  if (action === 'cancel') {
    pending.before = {
      paymentStatus: view.payment.status,
      reportedRefund: pesewasOf(view.refundIfCancelledNow),
    };
  }
  return pending;
}

const SETTLED = new Set(['cancelled', 'completed', 'rejected']);
/** Answers to an offered action that mean the deal moved on meanwhile (a timer, a webhook). */
const REFUSED = new Set([403, 409, 422, 429]);

/** What an answer to `pending` says: the ids set up, the cancels recorded, the counts. */
function answered(deal: CrashDeal, pending: Pending, response: ApiResponse, context: DealContext) {
  const body = response.body as { id?: number; payment?: { status?: string } } | null;
  if (!pending.label.includes(':')) {
    if (pending.label === 'request' && response.status === 400) {
      context.count('setup: event passed, requested again');
      return;
    }
    if (response.status >= 300) {
      context.problem(
        `deal ${deal.n} ${pending.label}: ${response.status} ${JSON.stringify(body).slice(0, 200)}`,
      );
      return;
    }
    if (pending.label === 'post') deal.jobId = body?.id;
    if (pending.label === 'apply') deal.applicationId = body?.id;
    if (pending.label === 'request') deal.bookingId = body?.id;
    if (pending.label === 'profile') deal.artistId = body?.id;
    deal.setup.shift();
    return;
  }
  if (response.status < 300) {
    context.count(pending.label);
    if (pending.label.endsWith(':cancel') && pending.before) {
      deal.cancels.push({
        by: pending.side,
        ...pending.before,
        answeredAt: context.serverNow(),
        answeredPaymentStatus: body?.payment?.status ?? null,
      });
    }
  } else if (REFUSED.has(response.status)) {
    context.count(`refused ${response.status}`);
  } else {
    context.problem(
      `deal ${deal.n} ${pending.label}: ${response.status} ${JSON.stringify(body).slice(0, 200)}`,
    );
  }
}

/**
 * One step of a deal: the request the server died under again, else its next setup step, else
 * one side's look at it and one of the actions offered. False when the server did not answer.
 */
export async function stepDeal(deal: CrashDeal, context: DealContext): Promise<boolean> {
  if (!deal.pending) {
    const step = deal.setup[0];
    if (step) deal.pending = setupRequest(deal, step, context);
    else {
      const side = randomInt(0, 100) < 55 ? 'payer' : 'payee';
      const view = await viewOf(deal, side, context);
      if (view === undefined) return false;
      if (view === null || SETTLED.has(view.status)) {
        deal.finished = true;
        return true;
      }
      const heldBooking = deal.bookingId !== undefined && view.payment.status === 'held';
      const action = weighted(view.allowedActions, side, heldBooking);
      if (!action) return true;
      deal.steps++;
      deal.pending = actionRequest(deal, side, action, view);
    }
  }
  const pending = deal.pending;
  const who = pending.side === 'payer' ? deal.payer : deal.payee;
  const response = await send(
    context,
    who,
    pending.method,
    pending.path,
    pending.body,
    pending.key,
  );
  if (!response) return false;
  deal.pending = undefined;
  answered(deal, pending, response, context);
  return true;
}
