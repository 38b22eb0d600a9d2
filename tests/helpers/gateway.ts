import Fastify, { type FastifyInstance } from 'fastify';
import {
  createAfricasTalkingTransport,
  pointAfricasTalkingAt,
} from '../../api/otp/africastalking-transport.ts';
import type { MessageTransport } from '../../api/otp/transport.ts';
import type { AfricasTalkingServer } from '../fixtures/africastalking-server.ts';

/**
 * The real Africa's Talking transport (the official SDK) pointed at the loopback fake gateway,
 * for tests that count what reached the gateway. The SDK's URLs are process-wide.
 */
export function gatewayTransport(gateway: AfricasTalkingServer): MessageTransport {
  const transport = createAfricasTalkingTransport({
    username: gateway.username,
    apiKey: gateway.apiKey,
    senderId: 'GhanaGigs',
    log: Fastify({ logger: false }).log,
  });
  pointAfricasTalkingAt(gateway.url);
  return transport;
}

/** The texts the gateway accepted for one phone, oldest first. */
export const textsTo = (gateway: AfricasTalkingServer, phone: string) =>
  gateway.messages.filter((message) => message.to === phone).map((message) => message.message);

/** Reads the newest sign-in code the gateway got for a phone (for signUp). */
export const codeFromGateway =
  (gateway: AfricasTalkingServer) =>
  async (_app: FastifyInstance, phone: string): Promise<string> => {
    const code = textsTo(gateway, phone)
      .reverse()
      .map((text) => text.match(/code is (\d{6})/)?.[1])
      .find(Boolean);
    if (!code) throw new Error(`The gateway got no code for ${phone}`);
    return code;
  };
