import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, expect, test } from 'vitest';
import {
  PAYSTACK_PHONES,
  PAYSTACK_TEST_OTP,
  PAYSTACK_TEST_SECRET,
  PAYSTACK_TEST_START,
  startPaystackServer,
} from '../../tests/fixtures/paystack-server.ts';
import {
  type HandsetPrompt,
  type PaystackSimulator,
  SIMULATOR_TIMINGS,
} from '../dev/paystack-simulator.ts';
import {
  type ChargeInput,
  createPaystackClient,
  type PaystackClientOptions,
  PaystackError,
  PaystackUnavailableError,
  parseWebhookEvent,
  verifyWebhookSignature,
} from './paystack-client.ts';

const SECOND = 1000;

let server: PaystackSimulator;
let received: { body: Buffer; headers: Record<string, string> }[];
let prompts: HandsetPrompt[];

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

function makeClient(overrides: Partial<PaystackClientOptions> = {}) {
  return createPaystackClient({
    secretKey: PAYSTACK_TEST_SECRET,
    baseUrl: server.url,
    ...overrides,
  });
}

let referenceCount = 0;
function chargeInput(overrides: Partial<ChargeInput> = {}): ChargeInput {
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

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );
}

async function refusal(promise: Promise<unknown>): Promise<PaystackError> {
  const error = await rejection(promise);
  expect(error).toBeInstanceOf(PaystackError);
  return error as PaystackError;
}

async function unavailable(promise: Promise<unknown>): Promise<PaystackUnavailableError> {
  const error = await rejection(promise);
  expect(error).toBeInstanceOf(PaystackUnavailableError);
  return error as PaystackUnavailableError;
}

const eventsReceived = () => received.map(({ body }) => parseWebhookEvent(body));
const postsTo = (path: string) =>
  server.requests.filter((request) => request.path.split('?')[0] === path);

// ---------------------------------------------------------------------------------------------
// Charges

test('a charge goes out in pesewas and GHS with the wallet in local form and the provider code, and the handset rings', async () => {
  const client = makeClient();
  const input = chargeInput({ amountPesewas: 12_345, metadata: { bookingId: 'b-1' } });

  const result = await client.charge(input);

  expect(result).toEqual({
    reference: input.reference,
    status: 'pay_offline',
    displayText: 'Please complete authorization process on your mobile phone',
    message: null,
  });
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
  expect(first).toEqual({
    reference: input.reference,
    status: 'send_otp',
    displayText: 'Please dial *110# to generate a voucher code. Then input the voucher',
    message: null,
  });
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
  server = await startPaystackServer();
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

// ---------------------------------------------------------------------------------------------
// Banks, recipients, transfers

test('the mobile money bank list maps to our networks and is fetched once an hour at most', async () => {
  let clock = PAYSTACK_TEST_START;
  const client = makeClient({ now: () => clock });

  const banks = await client.listMobileMoneyBanks();

  expect(banks).toEqual([
    {
      name: 'AirtelTigo',
      slug: 'atl-mobile-money',
      code: 'ATL',
      active: true,
      network: 'airteltigo',
    },
    { name: 'MTN', slug: 'mtn-mobile-money', code: 'MTN', active: true, network: 'mtn' },
    { name: 'Vodafone', slug: 'vod-mobile-money', code: 'VOD', active: true, network: 'telecel' },
  ]);
  expect(postsTo('/bank').map((request) => request.path)).toEqual([
    '/bank?currency=GHS&type=mobile_money',
  ]);

  await client.listMobileMoneyBanks();
  await client.createTransferRecipient({ name: 'Kofi', phone: '+233241112223', network: 'mtn' });
  expect(postsTo('/bank')).toHaveLength(1);

  clock += 60 * 60 * SECOND;
  await client.listMobileMoneyBanks();
  expect(postsTo('/bank')).toHaveLength(2);
});

test('a failed bank list is not kept: the next call asks again', async () => {
  const client = makeClient();
  server.fail('server-error');
  await unavailable(client.listMobileMoneyBanks());
  server.fail('none');

  expect(await client.listMobileMoneyBanks()).toHaveLength(3);
  expect(postsTo('/bank')).toHaveLength(2);
});

test('a recipient is created with the bank code from the bank list and the wallet in local form; the same wallet again is the same recipient', async () => {
  const client = makeClient();

  const kofi = await client.createTransferRecipient({
    name: 'Kofi Boateng',
    phone: '+233201112223',
    network: 'telecel',
  });

  expect(kofi).toMatchObject({
    name: 'Kofi Boateng',
    accountNumber: '0201112223',
    bankCode: 'VOD',
    bankName: 'Vodafone',
    active: true,
  });
  expect(kofi.recipientCode).toMatch(/^RCP_[a-z0-9]+$/);
  expect(postsTo('/transferrecipient')[0]?.body).toEqual({
    type: 'mobile_money',
    name: 'Kofi Boateng',
    account_number: '0201112223',
    bank_code: 'VOD',
    currency: 'GHS',
  });

  const again = await client.createTransferRecipient({
    name: 'Kofi Boateng',
    phone: '+233201112223',
    network: 'telecel',
  });
  expect(again.recipientCode).toBe(kofi.recipientCode);

  const airtel = await client.createTransferRecipient({
    name: 'Esi',
    phone: '+233271112223',
    network: 'airteltigo',
  });
  expect(airtel.bankCode).toBe('ATL');
});

test('a transfer is queued as pending, then succeeds with transfer.success; the same reference again pays nothing', async () => {
  const client = makeClient();
  const recipient = await client.createTransferRecipient({
    name: 'Yaw Asante',
    phone: '+233241112223',
    network: 'mtn',
  });
  const balanceBefore = server.balance();
  const payout = {
    amountPesewas: 40_000,
    recipientCode: recipient.recipientCode,
    reference: 'gg-release-booking-000123',
    reason: 'Ghana Gigs booking 123',
  };

  const queued = await client.initiateTransfer(payout);

  expect(queued).toMatchObject({
    reference: payout.reference,
    status: 'pending',
    amountPesewas: 40_000,
    currency: 'GHS',
    reason: 'Ghana Gigs booking 123',
    recipientCode: null,
  });
  expect(queued.transferCode).toMatch(/^TRF_/);
  expect(postsTo('/transfer')[0]?.body).toEqual({
    source: 'balance',
    amount: 40_000,
    recipient: recipient.recipientCode,
    reference: payout.reference,
    reason: payout.reason,
    currency: 'GHS',
  });

  const duplicate = await refusal(client.initiateTransfer(payout));
  expect(duplicate).toMatchObject({ httpStatus: 400, code: 'duplicate_reference' });

  await server.advance(SIMULATOR_TIMINGS.transferSettlesAfterMs);
  expect(await client.verifyTransfer(payout.reference)).toMatchObject({
    status: 'success',
    recipientCode: recipient.recipientCode,
    transferCode: queued.transferCode,
  });
  expect(eventsReceived()).toEqual([
    {
      event: 'transfer.success',
      reference: payout.reference,
      transferCode: queued.transferCode,
      amountPesewas: 40_000,
      currency: 'GHS',
      status: 'success',
    },
  ]);
  expect(server.transfers().filter((transfer) => transfer.phone === '+233241112223')).toEqual([
    expect.objectContaining({ amountPesewas: 40_000, status: 'success' }),
  ]);
  // Paystack's GHS 1.00 fee for the transfer comes off the balance too.
  expect(server.balance()).toBe(balanceBefore - 40_000 - 100);
});

test('a transfer to the failing wallet fails with transfer.failed and the money returns to the balance', async () => {
  const client = makeClient();
  const recipient = await client.createTransferRecipient({
    name: 'Failing Wallet',
    phone: PAYSTACK_PHONES.failingPayout,
    network: 'mtn',
  });
  const balanceBefore = server.balance();
  const reference = 'gg-release-booking-000200';

  await client.initiateTransfer({
    amountPesewas: 7_000,
    recipientCode: recipient.recipientCode,
    reference,
    reason: 'Booking 200',
  });
  await server.advance(SIMULATOR_TIMINGS.transferSettlesAfterMs);

  expect((await client.verifyTransfer(reference)).status).toBe('failed');
  expect(eventsReceived()).toMatchObject([
    { event: 'transfer.failed', reference, status: 'failed' },
  ]);
  expect(server.balance()).toBe(balanceBefore);
});

test('a transfer to the reversing wallet succeeds, then is reversed with transfer.reversed', async () => {
  const client = makeClient();
  const recipient = await client.createTransferRecipient({
    name: 'Reversing Wallet',
    phone: PAYSTACK_PHONES.reversingPayout,
    network: 'mtn',
  });
  const balanceBefore = server.balance();
  const reference = 'gg-release-booking-000300';

  await client.initiateTransfer({
    amountPesewas: 9_000,
    recipientCode: recipient.recipientCode,
    reference,
    reason: 'Booking 300',
  });
  await server.advance(SIMULATOR_TIMINGS.transferSettlesAfterMs);
  expect((await client.verifyTransfer(reference)).status).toBe('success');

  await server.advance(SIMULATOR_TIMINGS.reversalAfterMs);
  expect((await client.verifyTransfer(reference)).status).toBe('reversed');
  expect(eventsReceived().map((event) => event?.event)).toEqual([
    'transfer.success',
    'transfer.reversed',
  ]);
  // The money came back; Paystack's fee for the transfer did not.
  expect(server.balance()).toBe(balanceBefore - 100);
});

test('transfers Paystack would refuse: unknown recipient, malformed reference, more than the balance', async () => {
  const client = makeClient();
  const recipient = await client.createTransferRecipient({
    name: 'Ama',
    phone: '+233241112223',
    network: 'mtn',
  });
  const base = {
    amountPesewas: 1_000,
    recipientCode: recipient.recipientCode,
    reference: 'gg-release-booking-000400',
    reason: 'Booking 400',
  };

  expect(
    await refusal(client.initiateTransfer({ ...base, recipientCode: 'RCP_nobody' })),
  ).toMatchObject({
    httpStatus: 400,
    message: 'Recipient specified is invalid',
    code: 'invalid_transfer_recipient',
  });
  expect(
    (await refusal(client.initiateTransfer({ ...base, reference: 'Too_Short' }))).message,
  ).toBe('Invalid transfer reference');
  expect(
    (await refusal(client.initiateTransfer({ ...base, amountPesewas: server.balance() + 1 })))
      .message,
  ).toBe('Your balance is not enough to fulfil this request');
  expect(server.transfers()).toEqual([]);

  const missing = await refusal(client.verifyTransfer('gg-release-booking-999999'));
  expect(missing).toMatchObject({ httpStatus: 404, message: 'Transfer not found' });
});

// ---------------------------------------------------------------------------------------------
// Refunds

test('a partial then a full refund: refund.pending then refund.processed, and the transaction ends reversed', async () => {
  const client = makeClient();
  const input = chargeInput({ amountPesewas: 30_000 });
  await client.charge(input);
  await server.approve(input.reference);
  received = [];

  const partial = await client.createRefund({
    transactionReference: input.reference,
    amountPesewas: 10_000,
  });
  expect(partial).toMatchObject({
    transactionReference: input.reference,
    amountPesewas: 10_000,
    currency: 'GHS',
    status: 'pending',
  });
  await server.runDue();
  expect(eventsReceived()).toEqual([
    {
      event: 'refund.pending',
      transactionReference: input.reference,
      refundReference: null,
      amountPesewas: 10_000,
      currency: 'GHS',
      status: 'pending',
    },
  ]);
  await server.advance(SIMULATOR_TIMINGS.refundProcessedAfterMs);
  expect(eventsReceived()[1]).toMatchObject({ event: 'refund.processed', status: 'processed' });
  expect((await client.verifyTransaction(input.reference)).status).toBe('success');

  const tooMuch = await refusal(
    client.createRefund({ transactionReference: input.reference, amountPesewas: 20_001 }),
  );
  expect(tooMuch.httpStatus).toBe(400);

  const rest = await client.createRefund({ transactionReference: input.reference });
  expect(rest.amountPesewas).toBe(20_000);
  expect(postsTo('/refund').at(-1)?.body).toEqual({ transaction: input.reference });
  await server.advance(SIMULATOR_TIMINGS.refundProcessedAfterMs);
  expect((await client.verifyTransaction(input.reference)).status).toBe('reversed');
  expect(server.refunds().map((refund) => [refund.amountPesewas, refund.status])).toEqual([
    [10_000, 'processed'],
    [20_000, 'processed'],
  ]);

  const again = await refusal(client.createRefund({ transactionReference: input.reference }));
  expect(again.message).toBe('Transaction has been fully reversed');
});

test('refunding a charge that never succeeded, or one Paystack never saw, is refused', async () => {
  const client = makeClient();
  const input = chargeInput({ phone: PAYSTACK_PHONES.declined });
  await client.charge(input);

  expect(
    (await refusal(client.createRefund({ transactionReference: input.reference }))).httpStatus,
  ).toBe(400);
  expect(
    (await refusal(client.createRefund({ transactionReference: 'gg-unknown' }))).httpStatus,
  ).toBe(404);
  expect(server.refunds()).toEqual([]);
});
