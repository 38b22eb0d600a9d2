import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach } from 'vitest';
import {
  createAfricasTalkingTransport,
  pointAfricasTalkingAt,
} from '../../api/otp/africastalking-transport.ts';
import type { MessageTransport } from '../../api/otp/transport.ts';
import {
  type AfricasTalkingServer,
  startAfricasTalkingServer,
} from '../fixtures/africastalking-server.ts';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.ts';

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

/**
 * The fake gateway, a fresh one for each test (`gateway`), and test apps that send their SMS
 * through it (`appOn`, with any other options); the apps and the gateway are closed after the test.
 */
export function gatewayForEachTest() {
  let current: AfricasTalkingServer | undefined;
  const apps: TestApp[] = [];
  beforeEach(async () => {
    current = await startAfricasTalkingServer();
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    await current?.close();
    current = undefined;
  });
  const live = () => {
    if (!current) throw new Error('The gateway exists only while a test runs');
    return current;
  };
  return {
    get gateway() {
      return live();
    },
    async appOn(options: TestAppOptions = {}) {
      const t = await createTestApp({ transport: gatewayTransport(live()), ...options });
      apps.push(t);
      return t;
    },
  };
}
