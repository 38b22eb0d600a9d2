import type { DeliveryMethod } from '../../contracts/sign-in.ts';

/** One short message to one phone, by SMS or WhatsApp. */
export interface OutgoingMessage {
  to: string;
  channel: DeliveryMethod;
  body: string;
}

/** Where sign-in codes and notifications leave the system. */
export interface MessageTransport {
  readonly name: 'dev' | 'africastalking';
  /** Resolves once the gateway accepted the message; rejects with MessageSendError otherwise. */
  send(message: OutgoingMessage): Promise<void>;
}

export class MessageSendError extends Error {
  override readonly name = 'MessageSendError';
}
