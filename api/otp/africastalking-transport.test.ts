import Fastify from 'fastify';
import { afterEach, beforeEach, expect, test } from 'vitest';
import {
  type AfricasTalkingServer,
  type FailureMode,
  startAfricasTalkingServer,
} from '../../tests/fixtures/africastalking-server.ts';
import {
  type AfricasTalkingTransportOptions,
  createAfricasTalkingTransport,
  pointAfricasTalkingAt,
} from './africastalking-transport.ts';
import { MessageSendError, type OutgoingMessage } from './transport.ts';

const PHONE = '+233241234567';
const CODE = '482913';
const BODY = `Your Ghana Gigs code is ${CODE}. It expires in 10 minutes. Never share it with anyone.`;
const SENDER_ID = 'GhanaGigs';
const WHATSAPP_NUMBER = '+233302123456';

const sms: OutgoingMessage = { to: PHONE, channel: 'sms', body: BODY };
const whatsapp: OutgoingMessage = { to: PHONE, channel: 'whatsapp', body: BODY };

let server: AfricasTalkingServer;
let logLines: string[];

beforeEach(async () => {
  server = await startAfricasTalkingServer();
  logLines = [];
});

afterEach(async () => {
  await server.close();
  // Whatever happened, the log never holds the code, the body, the key or the whole phone.
  const log = logLines.join('\n');
  for (const secret of [CODE, BODY, server.apiKey, PHONE, PHONE.slice(4)]) {
    expect(log).not.toContain(secret);
  }
});

/** A transport on the real SDK, pointed at the fake gateway, logging into logLines. */
function makeTransport(overrides: Partial<AfricasTalkingTransportOptions> = {}, url = server.url) {
  const app = Fastify({
    logger: { level: 'trace', stream: { write: (line: string) => void logLines.push(line) } },
  });
  const transport = createAfricasTalkingTransport({
    username: server.username,
    apiKey: server.apiKey,
    senderId: SENDER_ID,
    whatsappNumber: WHATSAPP_NUMBER,
    log: app.log,
    ...overrides,
  });
  pointAfricasTalkingAt(url);
  return transport;
}

function logRecords(): Record<string, unknown>[] {
  return logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

async function sendError(transport: ReturnType<typeof makeTransport>, message: OutgoingMessage) {
  const error = await transport.send(message).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(MessageSendError);
  return error as MessageSendError;
}

test('an SMS goes through the real SDK to the messaging endpoint with key, username and sender', async () => {
  const transport = makeTransport();
  expect(transport.name).toBe('africastalking');

  await transport.send(sms);

  expect(server.messages).toEqual([
    {
      channel: 'sms',
      to: PHONE,
      message: BODY,
      from: SENDER_ID,
      username: server.username,
      apiKey: server.apiKey,
      raw: {
        username: server.username,
        to: PHONE,
        message: BODY,
        from: SENDER_ID,
        bulkSMSMode: '1',
      },
    },
  ]);
  expect(server.requests).toEqual([
    {
      method: 'POST',
      path: '/version1/messaging',
      contentType: expect.stringMatching(/^application\/x-www-form-urlencoded/),
      accept: 'application/json',
      apiKey: server.apiKey,
    },
  ]);
  expect(logRecords()).toContainEqual(
    expect.objectContaining({
      level: 30,
      phoneTail: '567',
      channel: 'sms',
      atStatus: 'Success',
      atStatusCode: 101,
      messageId: expect.stringMatching(/^ATXid_/),
    }),
  );
});

test('an SMS without a configured sender ID names no sender', async () => {
  await makeTransport({ senderId: undefined }).send(sms);

  expect(server.messages).toHaveLength(1);
  expect(server.messages[0]?.from).toBeUndefined();
  expect(server.messages[0]?.raw).not.toHaveProperty('from');
});

test('a WhatsApp message goes through the real SDK to the Chat API from the business number', async () => {
  await makeTransport().send(whatsapp);

  expect(server.messages).toEqual([
    {
      channel: 'whatsapp',
      to: PHONE,
      message: BODY,
      from: WHATSAPP_NUMBER,
      username: server.username,
      apiKey: server.apiKey,
      raw: {
        username: server.username,
        waNumber: WHATSAPP_NUMBER,
        phoneNumber: PHONE,
        body: { message: BODY },
      },
    },
  ]);
  expect(server.requests).toEqual([
    {
      method: 'POST',
      path: '/whatsapp/message/send',
      contentType: 'application/json',
      accept: 'application/json',
      apiKey: server.apiKey,
    },
  ]);
  expect(logRecords()).toContainEqual(
    expect.objectContaining({ level: 30, phoneTail: '567', channel: 'whatsapp', atStatus: 'SENT' }),
  );
});

test('WhatsApp without a configured business number fails before calling the gateway', async () => {
  const error = await sendError(makeTransport({ whatsappNumber: undefined }), whatsapp);

  expect(error.message).toMatch(/No WhatsApp sender number/);
  expect(server.requests).toEqual([]);
});

test.each([sms, whatsapp])('a wrong API key is refused with 401 ($channel)', async (message) => {
  const error = await sendError(makeTransport({ apiKey: 'atsk_wrong' }), message);

  expect(error.message).toBe("Africa's Talking rejected the credentials");
  expect(server.requests).toHaveLength(1);
  expect(server.messages).toEqual([]);
  expect(logRecords()).toContainEqual(
    expect.objectContaining({ level: 50, channel: message.channel, reason: 'unauthorized' }),
  );
  expect(logLines.join('\n')).not.toContain('atsk_wrong');
});

test.each([sms, whatsapp])('a wrong username is refused with 401 ($channel)', async (message) => {
  const error = await sendError(makeTransport({ username: 'someone-else' }), message);

  expect(error.message).toBe("Africa's Talking rejected the credentials");
  expect(server.messages).toEqual([]);
});

test.each([sms, whatsapp])('invalid-credentials mode is refused ($channel)', async (message) => {
  const transport = makeTransport();
  server.fail('invalid-credentials');

  const error = await sendError(transport, message);

  expect(error.message).toBe("Africa's Talking rejected the credentials");
  expect(server.messages).toEqual([]);
});

test('an HTTP 500 on SMS rejects with the status', async () => {
  const transport = makeTransport();
  server.fail('server-error');

  const error = await sendError(transport, sms);

  expect(error.message).toBe("Africa's Talking answered HTTP 500");
  expect(logRecords()).toContainEqual(
    expect.objectContaining({ level: 50, reason: 'http_error', httpStatus: 500 }),
  );
});

test('an HTTP 500 on WhatsApp rejects (the SDK drops the status code)', async () => {
  const transport = makeTransport();
  server.fail('server-error');

  const error = await sendError(transport, whatsapp);

  expect(error.message).toBe("Africa's Talking refused the WhatsApp message");
  expect(server.requests).toHaveLength(1);
});

test.each([
  ['invalid-phone-number', 'InvalidPhoneNumber', 403],
  ['insufficient-balance', 'InsufficientBalance', 405],
] as const)(
  'an HTTP 201 whose recipient status is %s rejects',
  async (mode, status, statusCode) => {
    const transport = makeTransport();
    server.fail(mode satisfies FailureMode);

    const error = await sendError(transport, sms);

    expect(error.message).toBe(`Africa's Talking refused the SMS: ${status} (${statusCode})`);
    expect(server.messages).toEqual([]);
    expect(logRecords()).toContainEqual(
      expect.objectContaining({
        level: 40,
        phoneTail: '567',
        channel: 'sms',
        reason: 'refused',
        atStatus: status,
        atStatusCode: statusCode,
      }),
    );
  },
);

test('an HTTP 201 with no recipients (InvalidSenderId) rejects', async () => {
  const transport = makeTransport();
  server.fail('invalid-sender-id');

  const error = await sendError(transport, sms);

  expect(error.message).toBe("Africa's Talking refused the SMS: InvalidSenderId");
});

test('a gateway that never answers times out', async () => {
  const transport = makeTransport({ timeoutMs: 200 });
  server.fail('hang');

  const error = await sendError(transport, sms);

  expect(error.message).toBe("Africa's Talking did not answer within 200 ms");
  expect(server.requests).toHaveLength(1);
});

test('an unreachable gateway rejects', async () => {
  const gone = await startAfricasTalkingServer();
  await gone.close();

  const error = await sendError(makeTransport({}, gone.url), sms);

  expect(error.message).toBe("Could not reach Africa's Talking");
  expect(logRecords()).toContainEqual(
    expect.objectContaining({ reason: 'network', errorCode: 'ECONNREFUSED' }),
  );
});

test('a phone number the SDK cannot parse rejects without a request', async () => {
  const error = await sendError(makeTransport(), { ...sms, to: '+233000' });

  expect(error.message).toMatch(/SDK refused the request/);
  expect(server.requests).toEqual([]);
});

test('a sandbox client still reaches the loopback server when pointed after construction', async () => {
  const sandbox = await startAfricasTalkingServer({ username: 'sandbox', apiKey: server.apiKey });
  try {
    // Constructing a "sandbox" client resets the SDK's URLs to the sandbox hosts.
    await makeTransport({ username: 'sandbox' }, sandbox.url).send(sms);
    expect(sandbox.messages).toEqual([expect.objectContaining({ to: PHONE, username: 'sandbox' })]);
  } finally {
    await sandbox.close();
  }
});
