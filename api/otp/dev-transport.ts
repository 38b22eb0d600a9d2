import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import type { MessageTransport, OutgoingMessage } from './transport.ts';

/**
 * For development and tests: messages go to the log and to the message_outbox table,
 * which GET /api/dev/outbox serves. Refused in production by the config.
 */
export function createDevTransport(db: Db, log: FastifyBaseLogger): MessageTransport {
  return {
    name: 'dev',
    async send(message: OutgoingMessage) {
      await db
        .insertInto('message_outbox')
        .values({
          to_phone: message.to,
          channel: message.channel,
          body: message.body,
          created_at: new Date().toISOString(),
        })
        .execute();
      log.info({ to: message.to, channel: message.channel }, `dev message: ${message.body}`);
    },
  };
}
