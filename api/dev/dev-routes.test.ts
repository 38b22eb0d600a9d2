import { expect, test } from 'vitest';
import { createTestApp } from '../../tests/helpers/test-app.ts';

const outbox = '/api/dev/outbox';

test('the dev outbox answers this machine only, not other machines or a proxy on this one', async () => {
  const t = await createTestApp();
  try {
    expect((await t.app.inject({ url: outbox })).statusCode).toBe(200);
    expect((await t.app.inject({ url: outbox, remoteAddress: '::1' })).statusCode).toBe(200);
    for (const request of [
      { remoteAddress: '192.168.1.20' },
      { remoteAddress: '203.0.113.5' },
      { headers: { 'x-forwarded-for': '203.0.113.5' } },
      { headers: { forwarded: 'for=203.0.113.5' } },
      // What other proxies and CDNs add instead, or besides.
      { headers: { 'x-real-ip': '203.0.113.5' } },
      { headers: { via: '1.1 nginx' } },
      { headers: { 'x-forwarded-host': 'gigs.example.com' } },
      { headers: { 'x-forwarded-proto': 'https' } },
      { headers: { 'cf-connecting-ip': '203.0.113.5' } },
      { headers: { 'true-client-ip': '203.0.113.5' } },
      { headers: { 'x-client-ip': '203.0.113.5' } },
      { headers: { 'fastly-client-ip': '203.0.113.5' } },
      { headers: { 'x-cluster-client-ip': '203.0.113.5' } },
    ]) {
      const refused = await t.app.inject({ url: outbox, ...request });
      expect(refused.statusCode, JSON.stringify(request)).toBe(403);
      expect(refused.json().message).toMatch(/only on this machine.*DEV_OUTBOX_PUBLIC=1/);
    }
  } finally {
    await t.close();
  }
});

test('DEV_OUTBOX_PUBLIC=1 shares the dev outbox with every address', async () => {
  const t = await createTestApp({ config: { devOutboxPublic: true } });
  try {
    const shared = await t.app.inject({ url: outbox, remoteAddress: '203.0.113.5' });
    expect(shared.statusCode).toBe(200);
  } finally {
    await t.close();
  }
});

test('the dev outbox link works as docs/DEVELOPING.md writes it, with a literal + (a space on arrival)', async () => {
  const t = await createTestApp();
  try {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/auth/send-code',
      payload: { phoneNumber: '+233241000001', deliveryMethod: 'sms' },
    });
    expect(sent.statusCode).toBe(200);
    for (const to of ['+233241000001', '%2B233241000001', '0241000001']) {
      const answer = await t.app.inject({ url: `${outbox}?to=${to}` });
      expect(answer.statusCode, to).toBe(200);
      const messages = answer.json() as { to: string; body: string }[];
      expect(messages, to).toHaveLength(1);
      expect(messages[0]?.body, to).toMatch(/Your Ghana Gigs code is \d{6}/);
    }
    const wrong = await t.app.inject({ url: `${outbox}?to=+23324` });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Phone number must be in format +233XXXXXXXXX');
  } finally {
    await t.close();
  }
});
