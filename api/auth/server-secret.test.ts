import { randomBytes } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, test } from 'vitest';
import { createTestApp, latestCode, randomPhone } from '../../tests/helpers/test-app.ts';

/**
 * Sign-in codes are stored as an HMAC keyed by the server secret, so every instance on one
 * database must hold the same secret. Instances on several machines each have their own disk:
 * SERVER_SECRET gives them one secret, and no file on any disk is read or written.
 */
const SERVER_SECRET = randomBytes(32).toString('base64');
const secretFile = (databasePath: string) => join(dirname(databasePath), 'server-secret.key');

/** A code sent by one instance, typed into a second instance on the same database. */
async function codeAcrossInstances(serverSecret: string | null) {
  const first = await createTestApp({ config: { serverSecret } });
  const wroteFile = existsSync(secretFile(first.databasePath));
  const phoneNumber = randomPhone();
  const sent = await first.app.inject({
    method: 'POST',
    url: '/api/auth/send-code',
    payload: { phoneNumber, deliveryMethod: 'sms' },
  });
  expect(sent.statusCode).toBe(200);
  const code = await latestCode(first.app, phoneNumber);
  // The second machine's disk holds a secret of its own, as every machine's would.
  writeFileSync(secretFile(first.databasePath), randomBytes(32).toString('base64'));
  const second = await createTestApp({ sameDataAs: first, config: { serverSecret } });
  try {
    const verified = await second.app.inject({
      method: 'POST',
      url: '/api/auth/verify-code',
      payload: { phoneNumber, code },
    });
    return { status: verified.statusCode, body: verified.json(), wroteFile };
  } finally {
    await second.close();
    await first.close();
  }
}

test('with SERVER_SECRET, a code sent by one instance signs in on another, and no secret file is written', async () => {
  expect(await codeAcrossInstances(SERVER_SECRET)).toEqual({
    status: 200,
    body: { isNewUser: true },
    wroteFile: false,
  });
});

test('without it, each machine keys codes with its own file: the same code is refused elsewhere', async () => {
  const answer = await codeAcrossInstances(null);
  expect(answer.wroteFile).toBe(true);
  expect(answer.status).toBe(400);
  expect(answer.body.message).toBe(
    'Incorrect or expired code. Please check it or request a new one.',
  );
});
