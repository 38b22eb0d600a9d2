import africastalking from 'africastalking';
import atCommon from 'africastalking/lib/common.js';
import type { FastifyBaseLogger } from 'fastify';
import { MessageSendError, type MessageTransport, type OutgoingMessage } from './transport.ts';

/** Per-recipient SMS status codes that mean the gateway took the message: Processed, Sent, Queued. */
const ACCEPTED_SMS_STATUS_CODES = new Set([100, 101, 102]);

/** The SDK sets no timeout of its own; a sign-in should not wait on the gateway for ever. */
const DEFAULT_TIMEOUT_MS = 15_000;

export interface AfricasTalkingTransportOptions {
  username: string;
  apiKey: string;
  /** Alphanumeric sender ID or short code registered with Africa's Talking; account default if unset. */
  senderId?: string;
  /** The WhatsApp Business number messages leave from; WhatsApp sends fail without it. */
  whatsappNumber?: string;
  log: FastifyBaseLogger;
  timeoutMs?: number;
}

/** What may be logged about one send: never the body (it holds the code), never the phone. */
interface SendContext {
  phoneTail: string;
  channel: OutgoingMessage['channel'];
}

/** Why a send failed, in fields that are safe to log. */
interface Failure {
  reason:
    | 'not_configured'
    | 'invalid_request'
    | 'unauthorized'
    | 'http_error'
    | 'refused'
    | 'unexpected_response'
    | 'network'
    | 'timeout';
  httpStatus?: number;
  atStatus?: string;
  atStatusCode?: number;
  errorCode?: string;
}

class TimeoutReached {}

/**
 * Sends through Africa's Talking with the official SDK. SMS go to the bulk messaging
 * endpoint; WhatsApp messages to the Chat API as plain text.
 */
export function createAfricasTalkingTransport(
  options: AfricasTalkingTransportOptions,
): MessageTransport {
  const { log, senderId, whatsappNumber } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const client = africastalking({ apiKey: options.apiKey, username: options.username });

  function fail(context: SendContext, failure: Failure): MessageSendError {
    const clean = Object.fromEntries(
      Object.entries(failure).filter(([, value]) => value !== undefined),
    );
    const serious = failure.reason !== 'refused' && failure.reason !== 'invalid_request';
    log[serious ? 'error' : 'warn'](
      { ...context, ...clean },
      "Africa's Talking did not accept the message",
    );
    return new MessageSendError(failureMessage(context.channel, failure, timeoutMs));
  }

  async function sendSms(message: OutgoingMessage, context: SendContext): Promise<void> {
    let response: unknown;
    try {
      response = await withTimeout(
        client.SMS.send({
          to: [message.to],
          message: message.body,
          ...(senderId ? { from: senderId } : {}),
        }),
        timeoutMs,
      );
    } catch (error) {
      throw fail(context, describeRejection(error));
    }

    const data = isRecord(response) ? response.SMSMessageData : undefined;
    const recipients = isRecord(data) && Array.isArray(data.Recipients) ? data.Recipients : [];
    const recipient: unknown = recipients[0];
    if (!isRecord(recipient)) {
      // e.g. {"SMSMessageData":{"Message":"InvalidSenderId","Recipients":[]}} with HTTP 201.
      throw fail(context, {
        reason: 'refused',
        atStatus: statusWord(isRecord(data) ? data.Message : undefined),
      });
    }
    const atStatusCode = Number(recipient.statusCode);
    const atStatus = statusWord(recipient.status);
    if (!ACCEPTED_SMS_STATUS_CODES.has(atStatusCode)) {
      throw fail(context, { reason: 'refused', atStatus, atStatusCode });
    }
    log.info(
      { ...context, atStatus, atStatusCode, messageId: safeId(recipient.messageId) },
      "Africa's Talking accepted the SMS",
    );
  }

  async function sendWhatsApp(message: OutgoingMessage, context: SendContext): Promise<void> {
    if (!whatsappNumber) {
      throw fail(context, { reason: 'not_configured' });
    }
    let response: unknown;
    try {
      response = await withTimeout(
        client.WHATSAPP.sendMessage({
          waNumber: whatsappNumber,
          phoneNumber: message.to,
          body: { message: message.body },
        }),
        timeoutMs,
      );
    } catch (error) {
      throw fail(context, describeRejection(error));
    }
    // The SDK resolves on any 2xx; the Chat API answers e.g. {"status":"SENT","messageId":"..."}.
    log.info(
      {
        ...context,
        atStatus: isRecord(response) ? statusWord(response.status) : undefined,
        messageId: isRecord(response) ? safeId(response.messageId) : undefined,
      },
      "Africa's Talking accepted the WhatsApp message",
    );
  }

  return {
    name: 'africastalking',
    async send(message: OutgoingMessage) {
      const context: SendContext = { phoneTail: message.to.slice(-3), channel: message.channel };
      if (message.channel === 'whatsapp') {
        await sendWhatsApp(message, context);
      } else {
        await sendSms(message, context);
      }
    },
  };
}

/**
 * For tests only: sends every Africa's Talking SDK request to `baseUrl` (a loopback fake
 * gateway) with the real paths kept, e.g. SMS to `${baseUrl}/version1/messaging` and
 * WhatsApp to `${baseUrl}/whatsapp/message/send`. The SDK keeps its URLs in one shared
 * module, so this affects every client in the process. Call it after constructing the
 * client: a client whose username is "sandbox" resets the URLs when constructed.
 */
export function pointAfricasTalkingAt(baseUrl: string): void {
  const root = new URL(baseUrl).href.replace(/\/+$/, '');
  const version1 = `${root}/version1`;
  atCommon.BASE_URL = version1;
  atCommon.USER_URL = `${version1}/user`;
  atCommon.SMS_URL = `${version1}/messaging`;
  atCommon.AIRTIME_URL = `${version1}/airtime/send`;
  atCommon.CONTENT_URL = version1;
  atCommon.CHECKOUT_TOKEN_URL = `${root}/checkout/token/create`;
  atCommon.AUTH_TOKEN_URL = `${root}/auth-token/generate`;
  atCommon.VOICE_URL = root;
  atCommon.MOBILE_DATA_URL = root;
  atCommon.INSIGHTS_URL = root;
  atCommon.CHAT_URL = root;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutReached()), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Classifies whatever the SDK rejected with. The rejection itself is never logged or kept as
 * a cause: an AxiosError carries the request config, api key and message body included.
 */
function describeRejection(error: unknown): Failure {
  if (error instanceof TimeoutReached) {
    return { reason: 'timeout' };
  }
  if (isRecord(error) && error.isAxiosError === true) {
    const response = isRecord(error.response) ? error.response : undefined;
    if (response && typeof response.status === 'number') {
      const unauthorized = response.status === 401 || response.status === 403;
      return { reason: unauthorized ? 'unauthorized' : 'http_error', httpStatus: response.status };
    }
    return { reason: 'network', errorCode: statusWord(error.code) };
  }
  if (error instanceof Error) {
    // Joi validation in the SDK: bad phone number, missing field.
    return { reason: 'invalid_request' };
  }
  // WhatsApp: the SDK rejects with the body of a non-2xx answer and drops the status code.
  if (typeof error === 'string' && /authentication/i.test(error)) {
    return { reason: 'unauthorized' };
  }
  if (isRecord(error)) {
    // SMS: a 2xx other than 201; WhatsApp: a JSON error body.
    return { reason: 'unexpected_response', atStatus: statusWord(error.status) };
  }
  return { reason: 'http_error' };
}

function failureMessage(channel: OutgoingMessage['channel'], failure: Failure, timeoutMs: number) {
  const what = channel === 'whatsapp' ? 'WhatsApp message' : 'SMS';
  switch (failure.reason) {
    case 'not_configured':
      return "No WhatsApp sender number is configured for Africa's Talking";
    case 'invalid_request':
      return `The ${what} was not sent: the Africa's Talking SDK refused the request`;
    case 'unauthorized':
      return "Africa's Talking rejected the credentials";
    case 'http_error':
      return failure.httpStatus
        ? `Africa's Talking answered HTTP ${failure.httpStatus}`
        : `Africa's Talking refused the ${what}`;
    case 'refused': {
      const code = failure.atStatusCode === undefined ? '' : ` (${failure.atStatusCode})`;
      return `Africa's Talking refused the ${what}: ${failure.atStatus ?? 'no recipient accepted'}${code}`;
    }
    case 'unexpected_response':
      return `Africa's Talking gave an unexpected answer to the ${what}`;
    case 'network':
      return "Could not reach Africa's Talking";
    case 'timeout':
      return `Africa's Talking did not answer within ${timeoutMs} ms`;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A gateway status such as "InvalidPhoneNumber": letters only, so it cannot carry a code. */
function statusWord(value: unknown): string | undefined {
  return typeof value === 'string' && /^[A-Za-z_]{1,60}$/.test(value) ? value : undefined;
}

function safeId(value: unknown): string | undefined {
  return typeof value === 'string' && /^[\w-]{1,100}$/.test(value) ? value : undefined;
}
