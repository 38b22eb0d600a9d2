import { expect, type Page, test } from '@playwright/test';
import { FIRST_SCREEN_STATE_ID } from '../../contracts/first-screen.ts';
import { signUp } from '../../scripts/lib/browser-sign-in.ts';
import { postJob } from '../../scripts/lib/engagement-setup.ts';
import { collectHydrationTrouble, speakTwi, waitForHydration } from './first-screen-support.ts';

/**
 * Pages drawn for everyone (ADR 031): in the person's language and data saver setting, the
 * signed-in screens with the person's own data (and no one else's), and the sign-in screen as
 * plain forms that work before (or without) the app's script.
 */

// The first visit of a phone: no service worker has answered yet.
test.use({ serviceWorkers: 'block' });

const drawnRoot = (html: string) =>
  html.slice(html.indexOf('<div id="root">'), html.indexOf(FIRST_SCREEN_STATE_ID));

async function expectHydratedCleanly(page: Page, trouble: string[], path: string) {
  await waitForHydration(page);
  // Let anything React says after hydration (a late mismatch, a boundary redrawn) arrive.
  await page.waitForTimeout(300);
  expect(trouble, `${path} hydrates cleanly`).toEqual([]);
}

test('a Twi phone gets the public screens drawn in Twi, and they hydrate without a mismatch', async ({
  page,
  context,
}) => {
  await speakTwi(context);
  const trouble = collectHydrationTrouble(page);
  for (const path of ['/', '/jobs', '/artists', '/login']) {
    const html = await (await page.request.get(path)).text();
    expect(html, `${path} is drawn`).toContain(FIRST_SCREEN_STATE_ID);
    expect(html).toContain('<html lang="ak"');
    await page.goto(path);
    await expectHydratedCleanly(page, trouble, path);
  }
  await page.goto('/jobs');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hwehwɛ nnwuma');
  await expect(page.getByRole('article')).toHaveCount(20);
});

test('data saver draws its smaller page and hydrates it', async ({ page, context }) => {
  await context.addCookies([
    { name: 'data-saver', value: 'on', url: test.info().project.use.baseURL ?? '' },
  ]);
  await context.addInitScript(() => localStorage.setItem('data-saver', 'on'));
  const trouble = collectHydrationTrouble(page);
  const html = await (await page.request.get('/jobs')).text();
  expect(drawnRoot(html).match(/<article/g)).toHaveLength(10);
  await page.goto('/jobs');
  await expectHydratedCleanly(page, trouble, '/jobs');
  await expect(page.getByRole('article')).toHaveCount(10);
});

test("a drawn dashboard carries its owner's data only, never another session's", async ({
  browser,
}) => {
  const tag = Date.now().toString(36);
  const first = await browser.newContext();
  const second = await browser.newContext();
  try {
    await signUp(first.request, 'employer', { firstName: 'Serwaa' });
    await postJob(first.request, { title: `Painter for Serwaa ${tag}` });
    await signUp(second.request, 'employer', { firstName: 'Dzifa' });
    await postJob(second.request, { title: `Painter for Dzifa ${tag}` });

    // One session after the other, the same page: each gets its own, never kept for the next.
    for (const [context, own, other] of [
      [first, 'Serwaa', 'Dzifa'],
      [second, 'Dzifa', 'Serwaa'],
      [first, 'Serwaa', 'Dzifa'],
    ] as const) {
      // One page each: drawing has a budget per second (ADR 027), over which the shell is sent.
      const answer = await context.request.get('/dashboard/employer');
      expect(answer.status()).toBe(200);
      expect(answer.headers()['cache-control']).toBe('private, no-store');
      const html = await answer.text();
      expect(html, `${own}'s dashboard is drawn`).toContain(FIRST_SCREEN_STATE_ID);
      expect(drawnRoot(html)).toContain(`Painter for ${own} ${tag}`);
      expect(html).toContain(own);
      expect(html).not.toContain(other);
    }

    // In a Twi browser, the drawn dashboard hydrates without a mismatch.
    await speakTwi(first);
    const page = await first.newPage();
    const trouble = collectHydrationTrouble(page);
    await page.goto('/dashboard/employer');
    await expectHydratedCleanly(page, trouble, '/dashboard/employer');
    await expect(page.getByText(`Painter for Serwaa ${tag}`)).toBeVisible();
  } finally {
    await first.close();
    await second.close();
  }
});

test('a drawn seeker dashboard and home screen hydrate without a mismatch', async ({ page }) => {
  await signUp(page.request, 'job_seeker', { firstName: 'Kwesi' });
  const trouble = collectHydrationTrouble(page);
  for (const path of ['/', '/dashboard']) {
    await page.goto(path);
    await expectHydratedCleanly(page, trouble, path);
  }
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test.describe('before the script', () => {
  test.use({ javaScriptEnabled: false });

  test('a drawn page is styled by its inline stylesheet, which its CSP allows', async ({
    page,
  }) => {
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    for (const path of ['/', '/jobs', '/login']) {
      await page.goto(path);
      // A stylesheet the CSP refused has no sheet; this one is applied, rules and all.
      const rules = await page.evaluate(
        () => document.querySelector<HTMLStyleElement>('head style')?.sheet?.cssRules.length ?? 0,
      );
      expect(rules, `${path} has its stylesheet applied`).toBeGreaterThan(100);
      expect(await page.locator('link[rel="stylesheet"]').count()).toBe(0);
    }
    expect(refused).toEqual([]);
  });
});
