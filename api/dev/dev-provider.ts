import { randomBytes } from 'node:crypto';
import { MOBILE_NETWORK_NAMES } from '../../contracts/mobile-networks.ts';
import { formatAmount } from '../../contracts/money.ts';
import type { Db } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import { createPaystackClient, type PaystackClient } from '../payments/paystack-client.ts';
import { addOutboxMessage } from './outbox-repository.ts';
import {
  type HandsetPrompt,
  type PaystackSimulator,
  startPaystackSimulator,
  type WebhookTarget,
} from './paystack-simulator.ts';

/** How often the simulator runs what fell due (approvals, transfers settling, webhooks). */
const TICK_MS = 1_000;

export interface DevProvider {
  client: PaystackClient;
  /** The simulator's secret: our client's key, and the key its webhooks are signed with. */
  webhookSecret: string;
  simulator: PaystackSimulator;
}

/** Where a prompt's Approve and Decline links point. */
const devPaymentLink = (baseUrl: string, reference: string, answer: 'approve' | 'decline') =>
  `${baseUrl}/api/dev/payments/${reference}/${answer}`;

/**
 * The `dev` payments provider for `npm start`: the Paystack simulator on loopback, on a real
 * interval and on the app's own clock, with our real client pointed at it. Its webhooks are
 * delivered to our own webhook route, and a handset prompt goes to the dev outbox with Approve
 * and Decline links for the developer to click. Refused in production by the config.
 */
export async function startDevProvider(deps: {
  db: Db;
  clock: Clock;
  /** Where the links in the dev outbox lead: this server, as a browser on this machine reaches it. */
  baseUrl: string;
  deliverWebhook: WebhookTarget;
}): Promise<DevProvider> {
  const secretKey = `sk_test_dev${randomBytes(16).toString('hex')}`;
  const onPrompt = async (prompt: HandsetPrompt) => {
    const link = (answer: 'approve' | 'decline') =>
      devPaymentLink(deps.baseUrl, prompt.reference, answer);
    await addOutboxMessage(
      deps.db,
      {
        to: prompt.phone,
        channel: 'sms',
        body: `${MOBILE_NETWORK_NAMES[prompt.network]} Mobile Money: approve a payment of GHS ${formatAmount(prompt.amountPesewas)} to Ghana Gigs? Approve: ${link('approve')} Decline: ${link('decline')}`,
      },
      deps.clock(),
    );
  };
  const simulator = await startPaystackSimulator({
    secretKey,
    now: () => deps.clock().getTime(),
    tickMs: TICK_MS,
    webhookTarget: deps.deliverWebhook,
    onPrompt,
  });
  return {
    client: createPaystackClient({ secretKey, baseUrl: simulator.url }),
    webhookSecret: secretKey,
    simulator,
  };
}
