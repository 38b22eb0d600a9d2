import { expect, test } from 'vitest';
import { PAYSTACK_PHONES, PAYSTACK_TEST_START } from '../../tests/fixtures/paystack-server.ts';
import {
  chargeInput,
  eventsReceived,
  makeClient,
  paystackSimulatorForEachTest,
  postsTo,
  received,
  refusal,
  SECOND,
  server,
  unavailable,
} from '../../tests/helpers/paystack-client-world.ts';
import { SIMULATOR_TIMINGS } from '../dev/paystack-simulator.ts';

/** The Paystack client against the loopback simulator: banks, recipients, transfers, refunds. */
paystackSimulatorForEachTest();

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

/**
 * A transfer of `amountPesewas` for booking `bookingId` to a new MTN recipient on `phone`, left
 * until the simulator settles it: the client, the transfer's reference, the balance before it.
 */
async function settledTransfer(
  name: string,
  phone: string,
  amountPesewas: number,
  bookingId: number,
) {
  const client = makeClient();
  const { recipientCode } = await client.createTransferRecipient({ name, phone, network: 'mtn' });
  const balanceBefore = server.balance();
  const reference = `gg-release-booking-000${bookingId}`;
  const reason = `Booking ${bookingId}`;
  await client.initiateTransfer({ amountPesewas, recipientCode, reference, reason });
  await server.advance(SIMULATOR_TIMINGS.transferSettlesAfterMs);
  return { client, reference, balanceBefore };
}

test('a transfer to the failing wallet fails with transfer.failed and the money returns to the balance', async () => {
  const { client, reference, balanceBefore } = await settledTransfer(
    'Failing Wallet',
    PAYSTACK_PHONES.failingPayout,
    7_000,
    200,
  );

  expect((await client.verifyTransfer(reference)).status).toBe('failed');
  expect(eventsReceived()).toMatchObject([
    { event: 'transfer.failed', reference, status: 'failed' },
  ]);
  expect(server.balance()).toBe(balanceBefore);
});

test('a transfer to the reversing wallet succeeds, then is reversed with transfer.reversed', async () => {
  const { client, reference, balanceBefore } = await settledTransfer(
    'Reversing Wallet',
    PAYSTACK_PHONES.reversingPayout,
    9_000,
    300,
  );
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
  received.length = 0;

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
