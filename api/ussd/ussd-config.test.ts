import { expect, test } from 'vitest';
import { createTestApp } from '../../tests/helpers/test-app.ts';
import { loadConfig } from '../config.ts';

test('USSD_CALLBACK_TOKEN: unset means no USSD service; a short or path-unsafe one is refused unseen', () => {
  expect(loadConfig({}).ussdCallbackToken).toBeNull();
  const token = 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8';
  expect(loadConfig({ USSD_CALLBACK_TOKEN: token }).ussdCallbackToken).toBe(token);
  for (const bad of ['short-token-123', `${token}/../x`, `${token} ${token}`]) {
    let message = '';
    try {
      loadConfig({ USSD_CALLBACK_TOKEN: bad });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message, bad).toMatch(/USSD_CALLBACK_TOKEN: must be at least 32 random letters/);
    // A secret setting: its value never appears in the error.
    expect(message).not.toContain(bad);
  }
});

test("the callback's token never reaches the log: request lines name the route, not the token", async () => {
  const token = 'z9Y8x7W6v5U4t3S2r1Q0p9O8n7M6l5K4j3I2';
  const lines: string[] = [];
  const app = await createTestApp({
    config: { ussdCallbackToken: token, logLevel: 'info' },
    logStream: { write: (line) => lines.push(line) },
  });
  try {
    const form = new URLSearchParams({
      sessionId: 'log-1',
      serviceCode: '*384*1#',
      phoneNumber: '+233241112233',
      networkCode: '62001',
      text: '',
    });
    const answer = await app.app.inject({
      method: 'POST',
      url: `/api/ussd/${token}?x=1`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect(answer.statusCode).toBe(200);
    expect(lines.some((line) => line.includes('/api/ussd/[redacted]'))).toBe(true);
    // A callback URL written with a slip (a double slash, capitals, an escaped letter, no /api):
    // whether the router takes it or not, its token stays out of the log.
    const encodedU = `/api/%75ssd/${token}`;
    for (const slip of [`/api//ussd/${token}`, `/API/USSD/${token}`, encodedU, `/ussd/${token}`]) {
      await app.app.inject({
        method: 'POST',
        url: slip,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form.toString(),
      });
    }
    expect(lines.join('\n')).not.toContain(token);
  } finally {
    await app.close();
  }
});
