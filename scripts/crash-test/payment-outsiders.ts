/**
 * Who acts on the payments crash test's deals besides their two sides: payers' handsets (approve
 * most prompts, decline some), the operator (decides every dispute, each way), the timers (the
 * server's clock moved forward by whole hours, past events, 48-hour and 72-hour waits) and the
 * provider's webhooks (some delivered twice, some dropped so only polling finds them).
 */
import { randomInt } from 'node:crypto';
import type { PaystackSimulator } from '../../api/dev/paystack-simulator.ts';
import { api } from '../lib/http-api.ts';
import { sleep } from '../lib/server-process.ts';
import type { SignedInUser } from '../lib/sign-up.ts';

export interface OutsideContext {
  baseUrl(): string;
  /** Resolves once the server is up (at once unless it is being restarted). */
  gate(): Promise<void>;
  retried(): void;
  count(what: string, by?: number): void;
  problem(line: string): void;
}

/**
 * The server's clock, moved by TEST_CLOCK's `POST /api/dev/clock`. The server keeps the offset in
 * memory only, so after each restart the harness moves the new process by all of it again.
 */
export class ServerClock {
  offsetSeconds = 0;
  now = () => Date.now() + this.offsetSeconds * 1000;

  /** Moves the clock; when the server dies under the request, the restart moves it instead. */
  async advance(baseUrl: string, seconds: number): Promise<void> {
    this.offsetSeconds += seconds;
    await move(baseUrl, seconds);
  }

  async restore(baseUrl: string): Promise<void> {
    if (this.offsetSeconds > 0 && !(await move(baseUrl, this.offsetSeconds))) {
      throw new Error('the restarted server did not take its clock back');
    }
  }
}

async function move(baseUrl: string, seconds: number): Promise<boolean> {
  try {
    const response = await api(baseUrl, 'POST', '/api/dev/clock', {
      body: { advanceSeconds: seconds },
      timeoutMs: 60_000,
    });
    if (response.status !== 200) throw new Error(`dev clock: ${response.status}`);
    return true;
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('dev clock')) throw error;
    return false;
  }
}

/** Payers answer every prompt on their handsets, most with approve, some with decline. */
export function startHandsets(sim: PaystackSimulator, context: OutsideContext) {
  let running = true;
  const answered = new Set<string>();
  const done = (async () => {
    while (running) {
      for (const transaction of sim.transactions()) {
        if (transaction.status !== 'ongoing' || answered.has(transaction.reference)) continue;
        answered.add(transaction.reference);
        const approve = randomInt(0, 10) > 0;
        context.count(approve ? 'handset: approve' : 'handset: decline');
        if (approve) await sim.approve(transaction.reference);
        else await sim.decline(transaction.reference);
      }
      await sleep(50);
    }
  })();
  return async () => {
    running = false;
    await done;
  };
}

/** Decides each open dispute: release, refund, or for a booking "did not show". */
export async function operatorLoop(
  context: OutsideContext,
  operator: SignedInUser,
  stop: () => boolean,
) {
  /** Decisions sent whose answer died with the server, to send again. */
  const interrupted = new Map<number, string>();
  while (!stop()) {
    await context.gate();
    await sleep(300);
    let disputes: { paymentId: number; engagementType: string }[];
    try {
      const queue = await api(context.baseUrl(), 'GET', '/api/admin/queue', {
        cookie: operator.cookie,
      });
      if (queue.status !== 200) {
        context.problem(`admin queue: ${queue.status}`);
        continue;
      }
      disputes = (queue.body as { disputes: typeof disputes }).disputes;
    } catch {
      continue;
    }
    for (const dispute of disputes) {
      const decisions = dispute.engagementType === 'booking' ? 3 : 2;
      const decision =
        interrupted.get(dispute.paymentId) ??
        (['release', 'refund', 'no_show'][randomInt(0, decisions)] as string);
      try {
        const response = await api(
          context.baseUrl(),
          'POST',
          `/api/admin/disputes/${dispute.paymentId}`,
          { cookie: operator.cookie, body: { decision }, timeoutMs: 20_000 },
        );
        interrupted.delete(dispute.paymentId);
        if (response.status === 200) context.count(`operator: ${decision}`);
        else if (response.status === 409) context.count('refused 409');
        else context.problem(`operator ${decision} ${dispute.paymentId}: ${response.status}`);
      } catch {
        context.retried();
        interrupted.set(dispute.paymentId, decision);
      }
    }
  }
}

const JUMPS_HOURS = [1, 2, 5, 12, 24, 49];

/** Moves the server's clock forward now and then; the reconciler runs what fell due. */
export async function timerLoop(
  context: OutsideContext,
  clock: ServerClock,
  sim: PaystackSimulator,
  stop: () => boolean,
) {
  while (!stop()) {
    await sleep(randomInt(600, 1_600));
    await context.gate();
    if (stop()) return;
    const hours = JUMPS_HOURS[randomInt(0, JUMPS_HOURS.length)] as number;
    context.count('timer: clock moved');
    context.count('timer: hours moved', hours);
    await clock.advance(context.baseUrl(), hours * 3600);
    // The provider's webhooks: some delivered twice, some never (polling verify finds them).
    const roll = randomInt(0, 4);
    if (roll === 0) {
      sim.duplicateNextEvent();
      context.count('webhook: next delivered twice');
    } else if (roll === 1) {
      sim.dropNextEvent();
      context.count('webhook: next dropped');
    }
  }
}
