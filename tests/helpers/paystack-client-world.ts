import { afterEach, beforeEach, expect } from 'vitest';
import type { HandsetPrompt, PaystackSimulator } from '../../api/dev/paystack-simulator.ts';
import {
  type ChargeInput,
  createPaystackClient,
  type PaystackClientOptions,
  PaystackError,
  PaystackUnavailableError,
  parseWebhookEvent,
} from '../../api/payments/paystack-client.ts';
import {
  PAYSTACK_PHONES,
  PAYSTACK_TEST_SECRET,
  startPaystackServer,
} from '../fixtures/paystack-server.ts';

/**
 * The Paystack client's tests' world: the loopback simulator, fresh for each test, with the
 * webhooks it sent (`received`) and the handset prompts it rang (`prompts`). Read these live
 * bindings inside a test, after `paystackSimulatorForEachTest()` was called at the file's top.
 */
export let server: PaystackSimulator;
export let received: { body: Buffer; headers: Record<string, string> }[];
export let prompts: HandsetPrompt[];

export const SECOND = 1000;

export function paystackSimulatorForEachTest() {
  beforeEach(async () => {
    received = [];
    prompts = [];
    server = await startPaystackServer({
      webhookTarget: async (body, headers) => {
        received.push({ body, headers });
        return 200;
      },
      onPrompt: (prompt) => void prompts.push(prompt),
    });
  });
  afterEach(async () => {
    await server.close();
  });
}

/** A plain simulator in place of one the test closed, for the closing after the test. */
export async function restartSimulator() {
  server = await startPaystackServer();
}

export function makeClient(overrides: Partial<PaystackClientOptions> = {}) {
  return createPaystackClient({
    secretKey: PAYSTACK_TEST_SECRET,
    baseUrl: server.url,
    ...overrides,
  });
}

let referenceCount = 0;
export function chargeInput(overrides: Partial<ChargeInput> = {}): ChargeInput {
  referenceCount += 1;
  return {
    email: 'ama.mensah@example.com',
    amountPesewas: 25_000,
    reference: `gg-charge-${referenceCount}-${Date.now()}`,
    phone: PAYSTACK_PHONES.ordinary,
    network: 'mtn',
    ...overrides,
  };
}

export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );
}

/** The call is refused by Paystack: answers its error. */
export async function refusal(promise: Promise<unknown>): Promise<PaystackError> {
  const error = await rejection(promise);
  expect(error).toBeInstanceOf(PaystackError);
  return error as PaystackError;
}

/** The call fails with the retry-later error: answers it. */
export async function unavailable(promise: Promise<unknown>): Promise<PaystackUnavailableError> {
  const error = await rejection(promise);
  expect(error).toBeInstanceOf(PaystackUnavailableError);
  return error as PaystackUnavailableError;
}

export const eventsReceived = () => received.map(({ body }) => parseWebhookEvent(body));
export const postsTo = (path: string) =>
  server.requests.filter((request) => request.path.split('?')[0] === path);
