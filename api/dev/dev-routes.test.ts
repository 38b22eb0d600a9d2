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
