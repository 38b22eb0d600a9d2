import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from 'vitest';
import {
  PAYSTACK_PHONES,
  PAYSTACK_TEST_OTP,
  PAYSTACK_TEST_SECRET,
  PAYSTACK_TEST_START,
} from '../../tests/fixtures/paystack-server.ts';
import {
  chargeInput,
  eventsReceived,
  makeClient,
  paystackSimulatorForEachTest,
  postsTo,
  prompts,
  received,
  refusal,
  rejection,
  restartSimulator,
  SECOND,
  server,
  unavailable,
} from '../../tests/helpers/paystack-client-world.ts';
import { SIMULATOR_TIMINGS } from '../dev/paystack-simulator.ts';
import { verifyWebhookSignature } from './paystack-client.ts';

/** The Paystack client against the loopback simulator: charges, verify and its failures. */
paystackSimulatorForEachTest();

// ---------------------------------------------------------------------------------------------
// Charges

/** What a charge answers while it waits on the payer: the handset rings, or a voucher is asked. */
const RINGING = {
  status: 'pay_offline',
  displayText: 'Please complete authorization process on your mobile phone',
  message: null,
};
const VOUCHER_ASKED = {
  status: 'send_otp',
  displayText: 'Please dial *110# to generate a voucher code. Then input the voucher',
  message: null,
};

test('a charge goes out in pesewas and GHS with the wallet in local form and the provider code, and the handset rings', async () => {
  const client = makeClient();
  const input = chargeInput({ amountPesewas: 12_345, metadata: { bookingId: 'b-1' } });

  const result = await client.charge(input);

  expect(result).toEqual({ reference: input.reference, ...RINGING });
  const [sent] = postsTo('/charge');
  expect(sent?.authorized).toBe(true);
  expect(sent?.body).toEqual({
    email: input.email,
    amount: 12_345,
    currency: 'GHS',
    reference: input.reference,
    mobile_money: { phone: '0241234567', provider: 'mtn' },
    metadata: { bookingId: 'b-1' },
  });
  expect(prompts).toEqual([
    {
      reference: input.reference,
      phone: PAYSTACK_PHONES.ordinary,
      network: 'mtn',
      amountPesewas: 12_345,
      displayText: result.displayText,
    },
  ]);

  const waiting = await client.verifyTransaction(input.reference);
  expect(waiting).toMatchObject({
    reference: input.reference,
    status: 'ongoing',
    amountPesewas: 12_345,
    currency: 'GHS',
    paidAt: null,
    metadata: { bookingId: 'b-1' },
  });
});

test('Telecel and AirtelTigo charges carry Paystack provider codes vod and atl', async () => {
  const client = makeClient();
  await client.charge(chargeInput({ phone: '+233201112223', network: 'telecel' }));
  await client.charge(chargeInput({ phone: '+233271112223', network: 'airteltigo' }));

  expect(postsTo('/charge').map((request) => request.body)).toMatchObject([
    { mobile_money: { phone: '0201112223', provider: 'vod' } },
    { mobile_money: { phone: '0271112223', provider: 'atl' } },
  ]);
  expect(prompts.map((prompt) => prompt.network)).toEqual(['telecel', 'airteltigo']);
});

test('approved on the handset: a signed charge.success arrives and verify confirms reference, amount, currency and fee', async () => {
  const client = makeClient();
  const input = chargeInput({ amountPesewas: 50_000 });
  await client.charge(input);

  expect(await server.approve(input.reference)).toBe(true);

  expect(received).toHaveLength(1);
  const [delivery] = received;
  expect(
    verifyWebhookSignature(
      PAYSTACK_TEST_SECRET,
      delivery?.body ?? Buffer.alloc(0),
      delivery?.headers['x-paystack-signature'],
    ),
  ).toBe(true);
  expect(eventsReceived()).toEqual([
    {
      event: 'charge.success',
      reference: input.reference,
      amountPesewas: 50_000,
      currency: 'GHS',
      status: 'success',
    },
  ]);

  const paid = await client.verifyTransaction(input.reference);
  expect(paid).toMatchObject({
    reference: input.reference,
    status: 'success',
    amountPesewas: 50_000,
    currency: 'GHS',
    feesPesewas: 975,
    channel: 'mobile_money',
    gatewayResponse: 'Approved',
    paidAt: new Date(PAYSTACK_TEST_START).toISOString(),
  });
  expect(await server.approve(input.reference)).toBe(false);
});

test('the MTN test wallet approves by itself after a moment, unless auto-approval is off', async () => {
  const client = makeClient();
  const automatic = chargeInput({ phone: PAYSTACK_PHONES.testWallet });
  await client.charge(automatic);

  await server.advance(SIMULATOR_TIMINGS.autoApproveAfterMs - 1);
  expect((await client.verifyTransaction(automatic.reference)).status).toBe('ongoing');
  await server.advance(1);
  expect((await client.verifyTransaction(automatic.reference)).status).toBe('success');
  expect(eventsReceived()).toMatchObject([
    { event: 'charge.success', reference: automatic.reference },
  ]);

  server.setAutoApprove(false);
  const manual = chargeInput({ phone: PAYSTACK_PHONES.testWallet });
  await client.charge(manual);
  await server.advance(SIMULATOR_TIMINGS.autoApproveAfterMs * 2);
  expect((await client.verifyTransaction(manual.reference)).status).toBe('ongoing');
});

test('a declined number: the charge answers failed, verify says failed, and no webhook is sent', async () => {
  const client = makeClient();
  const input = chargeInput({ phone: PAYSTACK_PHONES.declined });

  const result = await client.charge(input);

  expect(result).toMatchObject({
    reference: input.reference,
    status: 'failed',
    message: 'Declined',
  });
  expect(prompts).toEqual([]);
  await server.advance(SIMULATOR_TIMINGS.approvalWindowMs);
  expect(await client.verifyTransaction(input.reference)).toMatchObject({
    status: 'failed',
    gatewayResponse: 'Declined',
  });
  expect(received).toEqual([]);
});

test('declined on the handset: only polling verify finds it', async () => {
  const client = makeClient();
  const input = chargeInput();
  await client.charge(input);

  expect(await server.decline(input.reference)).toBe(true);
  await server.runDue();

  expect((await client.verifyTransaction(input.reference)).status).toBe('failed');
  expect(received).toEqual([]);
  expect(await server.approve(input.reference)).toBe(false);
});

test('nobody answers the handset: after 180 s of the virtual clock the charge is abandoned', async () => {
  const client = makeClient();
  const input = chargeInput();
  await client.charge(input);

  // Paystack's window, stated here rather than read from the simulator it is testing.
  await server.advance(180 * SECOND - 1);
  expect((await client.verifyTransaction(input.reference)).status).toBe('ongoing');

  await server.advance(1);
  const abandoned = await client.verifyTransaction(input.reference);
  expect(abandoned.status).toBe('abandoned');
  expect(abandoned.gatewayResponse).toBe('The transaction was not completed');
  expect(await server.approve(input.reference)).toBe(false);
  expect(received).toEqual([]);
});

test('send_otp: the voucher goes in with submitOtp, then the handset rings and approval pays', async () => {
  const client = makeClient();
  const input = chargeInput({ phone: PAYSTACK_PHONES.otp, network: 'telecel' });

  const first = await client.charge(input);
  expect(first).toEqual({ reference: input.reference, ...VOUCHER_ASKED });
  expect(prompts).toEqual([]);
  expect(await server.approve(input.reference)).toBe(false);

  const second = await client.submitOtp({ reference: input.reference, otp: PAYSTACK_TEST_OTP });
  expect(second).toMatchObject({ reference: input.reference, status: 'pay_offline' });
  expect(postsTo('/charge/submit_otp')[0]?.body).toEqual({
    otp: PAYSTACK_TEST_OTP,
    reference: input.reference,
  });
  expect(prompts.map((prompt) => prompt.reference)).toEqual([input.reference]);

  await server.approve(input.reference);
  expect((await client.verifyTransaction(input.reference)).status).toBe('success');
});

test('a wrong voucher fails the charge; submitOtp on a charge not waiting for one is refused', async () => {
  const client = makeClient();
  const input = chargeInput({ phone: PAYSTACK_PHONES.otp, network: 'telecel' });
  await client.charge(input);

  const wrong = await client.submitOtp({ reference: input.reference, otp: '000000' });
  expect(wrong).toMatchObject({ status: 'failed', message: 'Invalid voucher code' });

  const error = await refusal(
    client.submitOtp({ reference: input.reference, otp: PAYSTACK_TEST_OTP }),
  );
  expect(error.httpStatus).toBe(400);
  expect(error.message).toBe('Transaction reference is invalid');
});

test('a charge reference used twice is refused and the first charge stands', async () => {
  const client = makeClient();
  const input = chargeInput({ amountPesewas: 10_000 });
  await client.charge(input);

  const error = await refusal(client.charge({ ...input, amountPesewas: 99_900 }));

  expect(error).toMatchObject({
    httpStatus: 400,
    message: 'Duplicate Transaction Reference',
    code: 'duplicate_reference',
    type: 'validation_error',
  });
  expect(server.transactions()).toMatchObject([
    { reference: input.reference, amountPesewas: 10_000 },
  ]);
  expect(prompts).toHaveLength(1);
});

test('verifying a reference Paystack never saw is a refusal', async () => {
  const error = await refusal(makeClient().verifyTransaction('gg-never-charged'));
  expect(error.httpStatus).toBe(400);
  expect(error.message).toBe('Transaction reference not found');
});

test('bad input is refused by the client before anything is sent', async () => {
  const client = makeClient();
  for (const input of [
    chargeInput({ phone: '0241234567' }),
    chargeInput({ phone: '+2332412345678' }),
    chargeInput({ amountPesewas: 0 }),
    chargeInput({ amountPesewas: 12.5 }),
  ]) {
    expect(await rejection(client.charge(input))).toBeInstanceOf(TypeError);
  }
  expect(server.requests).toEqual([]);
});

// ---------------------------------------------------------------------------------------------
// Keys and failures

test('a wrong secret key is refused with 401 and the key appears in no error', async () => {
  const wrongKey = 'sk_test_0000000000000000000000000000000000000000';
  const error = await refusal(makeClient({ secretKey: wrongKey }).verifyTransaction('anything'));

  expect(error.httpStatus).toBe(401);
  expect(error.message).toBe('Invalid key');
  expect(server.requests[0]?.authorized).toBe(false);
  expect(`${error} ${error.stack} ${JSON.stringify(error)}`).not.toContain(wrongKey);
});

test('a request without the Bearer secret is refused by the simulator', async () => {
  const response = await fetch(`${server.url}/bank?currency=GHS&type=mobile_money`);
  expect(response.status).toBe(401);
  expect(await response.json()).toEqual({ status: false, message: 'Invalid key' });
});

test('Paystack unreachable, silent, failing or garbled: the retry-later error, never holding the key', async () => {
  const client = makeClient({ timeoutMs: 200 });

  server.fail('server-error');
  const failing = await unavailable(client.verifyTransaction('gg-1'));
  expect(failing).toMatchObject({ reason: 'server_error', httpStatus: 500 });

  server.fail('hang');
  const silent = await unavailable(client.charge(chargeInput()));
  expect(silent.reason).toBe('timeout');

  server.fail('reset');
  const cut = await unavailable(client.verifyTransfer('gg-payout-0000000001'));
  expect(cut.reason).toBe('network');

  server.fail('none');
  await server.close();
  const gone = await unavailable(client.listMobileMoneyBanks());
  expect(gone.reason).toBe('network');
  expect(gone.message).toContain('ECONNREFUSED');

  for (const error of [failing, silent, cut, gone]) {
    expect(`${error.message} ${error.stack}`).not.toContain(PAYSTACK_TEST_SECRET);
  }
  await restartSimulator();
});

test('an answer that is not Paystack JSON, or asks us to slow down, is the retry-later error', async () => {
  const garbled = createServer((request, response) => {
    const slowDown = request.url?.startsWith('/bank');
    response
      .writeHead(slowDown ? 429 : 200, { 'content-type': 'text/html' })
      .end('<html>gateway</html>');
  });
  await new Promise<void>((resolve) => garbled.listen(0, '127.0.0.1', resolve));
  const client = makeClient({
    baseUrl: `http://127.0.0.1:${(garbled.address() as AddressInfo).port}`,
  });
  try {
    expect((await unavailable(client.verifyTransaction('gg-1'))).reason).toBe('bad_response');
    expect((await unavailable(client.listMobileMoneyBanks())).reason).toBe('rate_limited');
  } finally {
    await new Promise((resolve) => garbled.close(resolve));
  }
});
