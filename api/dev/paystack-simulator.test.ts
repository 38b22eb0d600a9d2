import { afterEach, expect, test } from 'vitest';
import { PAYSTACK_PHONES, PAYSTACK_TEST_SECRET } from '../../tests/fixtures/paystack-server.ts';
import { createPaystackClient, parseWebhookEvent } from '../payments/paystack-client.ts';
import {
  type PaystackSimulator,
  SIMULATOR_TIMINGS,
  startPaystackSimulator,
} from './paystack-simulator.ts';

let server: PaystackSimulator | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

test('for npm start, a real interval runs what falls due: the test wallet approves and its event is sent', async () => {
  // The base clock is real time pushed past the auto-approval delay once the charge is made.
  let ahead = 0;
  const events: string[] = [];
  server = await startPaystackSimulator({
    secretKey: PAYSTACK_TEST_SECRET,
    now: () => Date.now() + ahead,
    tickMs: 10,
    webhookTarget: async (body) => {
      events.push(parseWebhookEvent(body)?.event ?? 'unreadable');
      return 200;
    },
  });
  const client = createPaystackClient({ secretKey: PAYSTACK_TEST_SECRET, baseUrl: server.url });
  const reference = `gg-dev-${Date.now()}`;
  await client.charge({
    email: 'dev@example.com',
    amountPesewas: 5_000,
    reference,
    phone: PAYSTACK_PHONES.testWallet,
    network: 'mtn',
  });

  ahead = SIMULATOR_TIMINGS.autoApproveAfterMs;
  await expect
    .poll(async () => (await client.verifyTransaction(reference)).status, { timeout: 2_000 })
    .toBe('success');
  await expect.poll(() => events, { timeout: 2_000 }).toEqual(['charge.success']);
});

test('a prompt listener that fails does not stop the handset from ringing', async () => {
  server = await startPaystackSimulator({
    secretKey: PAYSTACK_TEST_SECRET,
    now: () => 0,
    onPrompt: async () => {
      throw new Error('outbox is down');
    },
  });
  const client = createPaystackClient({ secretKey: PAYSTACK_TEST_SECRET, baseUrl: server.url });

  const result = await client.charge({
    email: 'dev@example.com',
    amountPesewas: 5_000,
    reference: 'gg-listener-fails',
    phone: PAYSTACK_PHONES.ordinary,
    network: 'mtn',
  });

  expect(result.status).toBe('pay_offline');
  expect(await server.approve('gg-listener-fails')).toBe(true);
});

test('charges Paystack would refuse are refused with its messages, and nothing is kept', async () => {
  server = await startPaystackSimulator({ secretKey: PAYSTACK_TEST_SECRET, now: () => 0 });
  const post = async (body: object) => {
    const response = await fetch(`${server?.url}/charge`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${PAYSTACK_TEST_SECRET}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });
    return [response.status, ((await response.json()) as { message: string }).message];
  };
  const good = {
    email: 'ama@example.com',
    amount: 1000,
    currency: 'GHS',
    reference: 'gg-refused',
    mobile_money: { phone: '0241234567', provider: 'mtn' },
  };

  expect(await post({ ...good, email: undefined })).toEqual([400, 'Email Address is required']);
  expect(await post({ ...good, email: 'ama' })).toEqual([400, 'Invalid Email Address Passed']);
  expect(await post({ ...good, amount: 10.5 })).toEqual([400, 'Invalid Amount Sent']);
  expect(await post({ ...good, currency: 'NGN' })).toEqual([
    400,
    'Currency not supported by merchant',
  ]);
  expect(await post({ ...good, mobile_money: { phone: '0241234567', provider: 'glo' } })).toEqual([
    400,
    'Invalid mobile money provider',
  ]);
  expect(
    await post({ ...good, mobile_money: { phone: '+233241234567', provider: 'mtn' } }),
  ).toEqual([400, 'Invalid phone number']);
  expect(await post({ ...good, reference: 'has space' })).toEqual([
    400,
    'Invalid reference. Only -, ., = and alphanumeric characters allowed',
  ]);
  expect(server.transactions()).toEqual([]);

  // Paystack takes the amount as a digit string too; the documented example sends "10000".
  expect(await post({ ...good, amount: '1000' })).toEqual([200, 'Charge attempted']);
  expect(server.transactions()).toMatchObject([{ reference: 'gg-refused', amountPesewas: 1000 }]);
});
