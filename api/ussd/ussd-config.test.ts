import { expect, test } from 'vitest';
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
