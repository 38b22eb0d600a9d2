import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { waitForServiceWorker } from './offline-support.ts';

test('Chrome finds the app installable and the footer offers "Install app"', async ({
  baseURL,
}, testInfo) => {
  // Installation is never offered in an incognito-like context, so this one has a profile.
  const profile = mkdtempSync(join(tmpdir(), 'gigs-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    baseURL,
    viewport: { width: 360, height: 740 },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await waitForServiceWorker(page);

    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const { data } = await cdp.send('Page.getAppManifest');
    const manifest = JSON.parse(data ?? '{}') as {
      short_name: string;
      start_url: string;
      display: string;
      icons: { sizes: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({
      short_name: 'Ghana Gigs',
      start_url: '/',
      display: 'standalone',
    });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);

    // Chrome fires beforeinstallprompt once the page is controlled; the app offers its button.
    await page.reload();
    const install = page.getByRole('contentinfo').getByRole('button', { name: 'Install app' });
    await expect(install).toBeVisible();
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
