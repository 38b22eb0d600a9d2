import { expect, test } from '@playwright/test';
import { api } from '../../contracts/paths.ts';
import { signUp } from '../../scripts/lib/browser-sign-in.ts';

// Whatever people type is shown as text: it never becomes markup or script in someone's browser.
test('HTML and script in a job post render as plain text and never run', async ({ page }) => {
  const request = page.context().request;
  await signUp(request, 'employer', {
    firstName: '<b>Bold</b>',
    lastName: '<img src=x onerror="window.__pwned=1">',
    region: 'Ashanti',
  });
  const title = `<img src=x onerror="window.__pwned=2"> Painter ${Date.now().toString(36)}`;
  const description =
    '<script>window.__pwned=3</script>\nPaint a two-storey house in Kumasi, inside and out.';
  const created = await request.post(api.jobs, {
    data: {
      title,
      description,
      category: 'skilled_trades',
      region: 'Ashanti',
      jobType: 'fixed',
      hourlyRate: null,
      fixedPrice: '1800',
      estimatedHours: null,
      requiredSkills: ['<svg onload="window.__pwned=4">'],
      startDate: null,
    },
  });
  expect(created.status()).toBe(201);
  const job = (await created.json()) as { id: number };

  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(`/jobs/${job.id}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText('<script>window.__pwned=3</script>')).toBeVisible();
  await expect(page.getByText('<svg onload="window.__pwned=4">')).toBeVisible();
  await page.goto('/dashboard/employer');
  await expect(page.getByText(title).first()).toBeVisible();
  await expect(page.getByText('<b>Bold</b>').first()).toBeVisible();

  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await page.locator('img[src="x"], svg[onload]').count()).toBe(0);
  expect(dialogs).toEqual([]);
});
