import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import type { MessageTransport, OutgoingMessage } from '../otp/transport.ts';
import { addOutboxMessage } from './outbox-repository.ts';

/**
 * For development and tests: messages go to the log and to the message_outbox table,
 * which GET /api/dev/outbox serves. Refused in production by the config.
 */
export function createDevTransport(db: Db, log: FastifyBaseLogger): MessageTransport {
  return {
    name: 'dev',
    async send(message: OutgoingMessage) {
      await addOutboxMessage(db, message, new Date());
      log.info({ to: message.to, channel: message.channel }, `dev message: ${message.body}`);
    },
  };
}
