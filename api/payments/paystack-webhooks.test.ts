import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, expect, test } from 'vitest';
import {
  PAYSTACK_PHONES,
  PAYSTACK_TEST_SECRET,
  startPaystackServer,
} from '../../tests/fixtures/paystack-server.ts';
import { type PaystackSimulator, SIMULATOR_TIMINGS } from '../dev/paystack-simulator.ts';
import {
  createPaystackClient,
  type PaystackClient,
  parseWebhookEvent,
  verifyWebhookSignature,
} from './paystack-client.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let server: PaystackSimulator;
let client: PaystackClient;
let received: { body: Buffer; headers: Record<string, string> }[];
/** What the webhook target answers next; 200 once the list runs out. */
let answers: number[];

beforeEach(async () => {
  received = [];
  answers = [];
  server = await startPaystackServer({
    webhookTarget: async (body, headers) => {
      received.push({ body, headers });
      return answers.shift() ?? 200;
    },
  });
  client = createPaystackClient({ secretKey: PAYSTACK_TEST_SECRET, baseUrl: server.url });
});

afterEach(async () => {
  await server.close();
});

const sign = (key: string, body: Buffer) => createHmac('sha512', key).update(body).digest('hex');
const names = () => received.map(({ body }) => parseWebhookEvent(body)?.event);

let count = 0;
async function paidCharge(amountPesewas = 20_000): Promise<string> {
  count += 1;
  const reference = `gg-hook-${count}-${Date.now()}`;
  await client.charge({
    email: 'kwame@example.com',
    amountPesewas,
    reference,
    phone: PAYSTACK_PHONES.ordinary,
    network: 'mtn',
  });
  await server.approve(reference);
  return reference;
}

async function payout(phone: string, reference: string) {
  const recipient = await client.createTransferRecipient({ name: 'Artist', phone, network: 'mtn' });
  await client.initiateTransfer({
    amountPesewas: 15_000,
    recipientCode: recipient.recipientCode,
    reference,
    reason: 'Booking payout',
  });
}

// ---------------------------------------------------------------------------------------------
// Signature

test('the signature is the hex HMAC-SHA512 of the raw body under the secret key', async () => {
  await paidCharge();
  const [delivery] = received;
  const body = delivery?.body ?? Buffer.alloc(0);
  const signature = delivery?.headers['x-paystack-signature'];

  expect(delivery?.headers['content-type']).toBe('application/json');
  expect(signature).toBe(sign(PAYSTACK_TEST_SECRET, body));
  expect(verifyWebhookSignature(PAYSTACK_TEST_SECRET, body, signature)).toBe(true);
  expect(verifyWebhookSignature(PAYSTACK_TEST_SECRET, body, signature?.toUpperCase())).toBe(true);
});

test('a bad, missing or malformed signature, an altered body or another key is refused', async () => {
  await paidCharge();
  const body = received[0]?.body ?? Buffer.alloc(0);
  const good = sign(PAYSTACK_TEST_SECRET, body);

  const altered = Buffer.from(body);
  altered[altered.length - 2] = (altered[altered.length - 2] ?? 0) ^ 1;
  const reserialised = Buffer.from(JSON.stringify(JSON.parse(body.toString()), null, 1));

  expect(verifyWebhookSignature(PAYSTACK_TEST_SECRET, body, undefined)).toBe(false);
  expect(verifyWebhookSignature(PAYSTACK_TEST_SECRET, body, '')).toBe(false);
  expect(verifyWebhookSignature(PAYSTACK_TEST_SECRET, body, 'abc123')).toBe(false);
  expect(verifyWebhookSignature(PAYSTACK_TEST_SECRET, body, `${good.slice(0, 127)}g`)).toBe(false);
  expect(verifyWebhookSignature(PAYSTACK_TEST_SECRET, body, `${good}00`)).toBe(false);
  expect(verifyWebhookSignature(PAYSTACK_TEST_SECRET, body, 'f'.repeat(128))).toBe(false);
  expect(verifyWebhookSignature(PAYSTACK_TEST_SECRET, altered, good)).toBe(false);
  expect(verifyWebhookSignature(PAYSTACK_TEST_SECRET, reserialised, good)).toBe(false);
  expect(verifyWebhookSignature('sk_test_another', body, good)).toBe(false);
  expect(verifyWebhookSignature(PAYSTACK_TEST_SECRET, body, sign('sk_test_another', body))).toBe(
    false,
  );
});

// ---------------------------------------------------------------------------------------------
// Reading events

test('events are read into our vocabulary; refund amounts sent as strings become pesewas', () => {
  const event = (name: string, data: object) => Buffer.from(JSON.stringify({ event: name, data }));

  expect(
    parseWebhookEvent(
      event('refund.processed', {
        status: 'processed',
        transaction_reference: 'gg-1',
        refund_reference: '132013318360',
        amount: '5000',
        currency: 'GHS',
      }),
    ),
  ).toEqual({
    event: 'refund.processed',
    transactionReference: 'gg-1',
    refundReference: '132013318360',
    amountPesewas: 5_000,
    currency: 'GHS',
    status: 'processed',
  });
  expect(parseWebhookEvent(event('subscription.create', { id: 1 }))).toEqual({
    event: 'other',
    name: 'subscription.create',
  });
  expect(parseWebhookEvent(Buffer.from('not json'))).toBeUndefined();
  expect(parseWebhookEvent(event('charge.success', { reference: 'gg-1' }))).toBeUndefined();
  expect(
    parseWebhookEvent(
      event('charge.success', {
        reference: 'gg-1',
        amount: 1.5,
        currency: 'GHS',
        status: 'success',
      }),
    ),
  ).toBeUndefined();
});

// ---------------------------------------------------------------------------------------------
// Deliveries

test('only a 200 acknowledges: retries every 3 minutes for 4 tries, then hourly, until answered', async () => {
  answers = [500, 201, 503, 0, 404];
  const reference = await paidCharge();

  expect(server.deliveries().map((delivery) => delivery.status)).toEqual([500]);
  await server.advance(3 * MINUTE);
  await server.advance(3 * MINUTE);
  await server.advance(3 * MINUTE);
  expect(server.deliveries().map((delivery) => delivery.status)).toEqual([500, 201, 503, 0]);

  await server.advance(HOUR - 1);
  expect(server.deliveries()).toHaveLength(4);
  await server.advance(1);
  await server.advance(HOUR);

  expect(
    server.deliveries().map(({ attempt, status, acknowledged }) => [attempt, status, acknowledged]),
  ).toEqual([
    [1, 500, false],
    [2, 201, false],
    [3, 503, false],
    [4, 0, false],
    [5, 404, false],
    [6, 200, true],
  ]);
  expect(server.events()).toMatchObject([
    { event: 'charge.success', reference, state: 'delivered' },
  ]);
  // Every retry is the same bytes under the same signature.
  expect(new Set(received.map(({ body }) => body.toString())).size).toBe(1);
  await server.advance(24 * HOUR);
  expect(server.deliveries()).toHaveLength(6);
});

test('a target that never answers 200 is given up after 72 hours', async () => {
  server.setWebhookTarget(async () => 500);
  await paidCharge();

  await server.advance(80 * HOUR);

  const attempts = server.deliveries();
  // Four tries 3 minutes apart (0 to 9 minutes), then hourly while within 72 hours of the first.
  expect(attempts.length).toBe(4 + 71);
  const first = Date.parse(attempts[0]?.at ?? '');
  const last = Date.parse(attempts.at(-1)?.at ?? '');
  expect(last - first).toBeLessThanOrEqual(72 * HOUR);
  expect(server.events()[0]?.state).toBe('gave_up');
});

test('an event delivered twice reaches the target twice, identical and validly signed', async () => {
  server.duplicateNextEvent({ event: 'charge.success' });
  const reference = await paidCharge();

  expect(received).toHaveLength(2);
  expect(received[0]?.body.equals(received[1]?.body ?? Buffer.alloc(0))).toBe(true);
  for (const { body, headers } of received) {
    expect(
      verifyWebhookSignature(PAYSTACK_TEST_SECRET, body, headers['x-paystack-signature']),
    ).toBe(true);
    expect(parseWebhookEvent(body)).toMatchObject({ event: 'charge.success', reference });
  }
});

test('out of order: a held transfer.success arrives after the transfer.reversed that followed it', async () => {
  const reference = 'gg-release-booking-000777';
  server.holdNextEvent({ event: 'transfer.success', reference });
  await payout(PAYSTACK_PHONES.reversingPayout, reference);

  await server.advance(SIMULATOR_TIMINGS.transferSettlesAfterMs);
  expect(received).toEqual([]);
  await server.advance(SIMULATOR_TIMINGS.reversalAfterMs);
  expect(names()).toEqual(['transfer.reversed']);

  await server.releaseHeldEvents();
  expect(names()).toEqual(['transfer.reversed', 'transfer.success']);
  // Verify tells the truth whatever order the events came in.
  expect((await client.verifyTransfer(reference)).status).toBe('reversed');
});

test('a dropped event never arrives: polling verify is the only way to learn of the payment', async () => {
  server.dropNextEvent({ event: 'charge.success' });
  const reference = await paidCharge();

  await server.advance(80 * HOUR);

  expect(received).toEqual([]);
  expect(server.events()).toMatchObject([{ event: 'charge.success', reference, state: 'dropped' }]);
  expect((await client.verifyTransaction(reference)).status).toBe('success');
});

test('a URL target gets a real signed POST, and its non-200 answers are retried', async () => {
  const posts: { headers: IncomingHttpHeaders; body: Buffer }[] = [];
  let status = 500;
  const target = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      posts.push({ headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  server.setWebhookTarget(
    `http://127.0.0.1:${(target.address() as AddressInfo).port}/api/payments/paystack/webhook`,
  );

  try {
    const reference = await paidCharge();
    expect(posts).toHaveLength(1);
    status = 200;
    await server.advance(3 * MINUTE);

    expect(posts).toHaveLength(2);
    for (const post of posts) {
      const signature = post.headers['x-paystack-signature'];
      expect(
        verifyWebhookSignature(
          PAYSTACK_TEST_SECRET,
          post.body,
          typeof signature === 'string' ? signature : undefined,
        ),
      ).toBe(true);
      expect(parseWebhookEvent(post.body)).toMatchObject({ event: 'charge.success', reference });
    }
    expect(server.events()[0]?.state).toBe('delivered');
  } finally {
    await new Promise((resolve) => target.close(resolve));
  }
});

test('events held across kinds are released by match, and later events are not held', async () => {
  server.holdNextEvent({ event: 'charge.success' });
  const first = await paidCharge();
  const second = await paidCharge();

  expect(names()).toEqual(['charge.success']);
  expect(parseWebhookEvent(received[0]?.body ?? Buffer.alloc(0))).toMatchObject({
    reference: second,
  });

  await server.releaseHeldEvents({ reference: first });
  expect(received.map(({ body }) => parseWebhookEvent(body))).toMatchObject([
    { reference: second },
    { reference: first },
  ]);
});
