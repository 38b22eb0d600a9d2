import { mkdirSync } from 'node:fs';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { FIRST_SCREEN_STATE_ID } from '../../contracts/first-screen.ts';
import { signUp } from '../../scripts/lib/browser-sign-in.ts';
import { postJob } from '../../scripts/lib/engagement-setup.ts';
import { collectHydrationTrouble, speakTwi, waitForHydration } from './first-screen-support.ts';

/**
 * With scripts blocked, Apply Now on a drawn job page is a plain form (ADR 031): the page is
 * drawn again with the Apply form open (`?apply=1`), which posts to the job's own path; the
 * server checks it as POST /api/applications does and sends the seeker back to the job page,
 * now drawn with their application. Once the script runs, the app takes the same form over.
 *
 * `APPLY_SHOTS=<dir>` also saves the screens (the form open, a refusal) in English and Twi.
 */

test.use({ serviceWorkers: 'block' });

const SHOTS = process.env.APPLY_SHOTS;

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** A job posted by a new employer, in a client of its own. */
async function jobToApplyTo(context: BrowserContext, title: string): Promise<number> {
  const employer = await context.browser()?.newContext({
    baseURL: test.info().project.use.baseURL,
  });
  if (!employer) throw new Error('no browser');
  try {
    await signUp(employer.request, 'employer', { firstName: 'Nana' });
    return (await postJob(employer.request, { title })).id;
  } finally {
    await employer.close();
  }
}

test.describe('with scripts blocked', () => {
  test.use({ javaScriptEnabled: false });

  test('a job seeker applies from the drawn job page and sees Applied', async ({
    page,
    context,
  }) => {
    const title = 'Painter for a house in Cape Coast';
    const id = await jobToApplyTo(context, title);
    await signUp(page.request, 'job_seeker', { firstName: 'Adjoa' });

    await page.goto(`/jobs/${id}`);
    await page.getByRole('button', { name: 'Apply Now' }).click();
    await expect(page).toHaveURL(new RegExp(`/jobs/${id}\\?apply=1$`));
    const dialog = page.getByRole('dialog', { name: `Apply for ${title}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Cover Letter')).toHaveAttribute('rows', '8');
    await shoot(page, 'en-form-open');

    // Cancel closes it with no script, and Apply Now opens it again.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Apply Now' }).click();
    await expect(dialog).toBeVisible();

    // A blank letter: the app's message, and the form again.
    await dialog.getByLabel('Cover Letter').fill('   ');
    await dialog.getByRole('button', { name: 'Submit Application' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Cover letter is required');
    await shoot(page, 'en-form-error');

    await dialog
      .getByLabel('Cover Letter')
      .fill('I have painted houses in Cape Coast for 6 years.');
    await dialog.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page).toHaveURL(new RegExp(`/jobs/${id}$`));
    await expect(
      page.getByRole('status').filter({ hasText: /Applied on .*: Pending/ }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Apply Now' })).toHaveCount(0);
    await shoot(page, 'en-applied');
  });

  test('in Twi, the form and its refusal are drawn in Twi', async ({ page, context }) => {
    await speakTwi(context);
    const title = 'Painter for a shop in Elmina';
    const id = await jobToApplyTo(context, title);
    await signUp(page.request, 'job_seeker', { firstName: 'Kwabena' });
    await page.goto(`/jobs/${id}?apply=1`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ak');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await shoot(page, 'ak-form-open');
    await dialog.locator('form[method="post"] button[type="submit"]:not([formmethod])').click();
    await expect(dialog.getByRole('alert')).toContainText('Ɛsɛ sɛ wokyerɛw krataa no');
    await shoot(page, 'ak-form-error');
  });

  test("a visitor's Sign In to Apply is a plain link to /login", async ({ page, context }) => {
    const id = await jobToApplyTo(context, 'Painter for a chapel in Winneba');
    await page.goto(`/jobs/${id}`);
    await page.getByRole('link', { name: 'Sign In to Apply' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test('the app takes the drawn Apply form over: no mismatch, the modal, the letter kept', async ({
  page,
  context,
}) => {
  const title = 'Painter for a salon in Takoradi';
  const id = await jobToApplyTo(context, title);
  await signUp(page.request, 'job_seeker', { firstName: 'Efua' });
  const html = await (await page.request.get(`/jobs/${id}?apply=1`)).text();
  expect(html).toContain(FIRST_SCREEN_STATE_ID);
  expect(html).toContain(`action="/jobs/${id}?apply=1"`);

  const trouble = collectHydrationTrouble(page);
  for (const path of [`/jobs/${id}`, `/jobs/${id}?apply=1`]) {
    await page.goto(path);
    await waitForHydration(page);
    // Let anything React says after hydration (a late mismatch, a boundary redrawn) arrive.
    await page.waitForTimeout(300);
    expect(trouble, `${path} hydrates cleanly`).toEqual([]);
  }
  const dialog = page.getByRole('dialog', { name: `Apply for ${title}` });
  await expect(dialog).toBeVisible();
  // The app's modal now: Submit waits for a letter, and Cancel closes it.
  await expect.poll(() => dialog.evaluate((node) => node.matches(':modal'))).toBe(true);
  await expect(dialog.getByRole('button', { name: 'Submit Application' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/jobs/${id}$`));

  // A refusal drawn after a post with no script (here a letter over the limit, sent as the
  // plain form sends it) hydrates with the letter and the message, then the app sends it.
  await page.goto(`/jobs/${id}?apply=1`);
  await waitForHydration(page);
  const long = 'a'.repeat(5001);
  await dialog.locator('form[method="post"]').evaluate((form: HTMLFormElement, letter) => {
    const box = form.querySelector('textarea');
    if (box) box.value = letter;
    form.submit();
  }, long);
  await expect(dialog.getByRole('alert')).toContainText('at most 5000 characters');
  await waitForHydration(page);
  await page.waitForTimeout(300);
  expect(trouble, 'the refused form hydrates cleanly').toEqual([]);
  await expect(dialog.getByLabel('Cover Letter')).toHaveValue(long);
  await dialog.getByLabel('Cover Letter').fill('Six years of painting salons and shops.');
  await dialog.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Applied on/ })).toBeVisible();
});
