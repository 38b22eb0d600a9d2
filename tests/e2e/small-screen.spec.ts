import { expect, type Page, test } from '@playwright/test';
import { signUp } from '../../scripts/lib/browser-sign-in.ts';

/** The smallest a finger can hit reliably: WCAG 2.5.5 and Android's 48 dp, less a margin. */
const MIN_TARGET_PX = 44;

/**
 * Every control on screen a finger taps (buttons, tabs, links styled as buttons or in the
 * header and footer navigation, form fields) that is shorter than MIN_TARGET_PX. Links inside
 * running text are left out, as WCAG leaves them out.
 */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const selector = [
      'button',
      '[role="tab"]',
      'a.btn',
      'header a',
      'footer a',
      'nav a',
      'select',
      'input:not([type="hidden"]):not([type="radio"]):not([type="checkbox"]):not([type="file"])',
      'textarea',
      'label:has(input[type="radio"])',
      'label:has(input[type="checkbox"])',
      '.card a',
    ].join(',');
    const small: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      const hidden =
        box.width === 0 ||
        style.visibility === 'hidden' ||
        element.closest('[hidden], dialog:not([open])');
      if (hidden) continue;
      if (box.height < min - 0.5) {
        const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
        small.push(
          `${element.tagName.toLowerCase()} "${name.slice(0, 40)}" ${Math.round(box.height)}px`,
        );
      }
    }
    return small;
  }, MIN_TARGET_PX);
}

/** Tabs of the dashboard that are not on screen whole, or whose label is cut; each opens its panel. */
async function unreadableTabs(page: Page): Promise<string[]> {
  const tabs = page.getByRole('tablist', { name: 'Dashboard sections' }).getByRole('tab');
  const viewport = page.viewportSize()?.width ?? 0;
  const problems: string[] = [];
  for (const tab of await tabs.all()) {
    const label = await tab.innerText();
    const box = await tab.boundingBox();
    if (!box || box.x < 0 || box.x + box.width > viewport)
      problems.push(`tab "${label}" off screen`);
    if (await tab.evaluate((element) => element.scrollWidth > element.clientWidth)) {
      problems.push(`tab "${label}" cut off`);
    }
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
  }
  return problems;
}

test('at 360 px every dashboard tab is on screen and readable, and every tap target is 44 px', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const pages: string[] = [];
  const check = async (name: string) => {
    for (const target of await smallTargets(page)) pages.push(`${name}: ${target}`);
  };

  await page.goto('/');
  await check('landing');
  await page.goto('/jobs');
  await expect(page.getByText(/job\(s\) found/)).toBeVisible();
  await check('jobs');
  await page
    .getByRole('link', { name: /^View Details/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await check('job');
  await page.goto('/artists');
  await expect(page.getByText(/artist\(s\) found/)).toBeVisible();
  await check('artists');
  await page
    .getByRole('link', { name: /^View Profile/ })
    .first()
    .click();
  await expect(page.getByRole('tab', { name: 'About' })).toBeVisible();
  await check('artist');
  await page.goto('/login');
  await check('login');

  await signUp(page.request, 'job_seeker');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await check('home');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'My Dashboard' })).toBeVisible();
  await check('seeker dashboard');
  for (const problem of await unreadableTabs(page)) pages.push(`seeker dashboard: ${problem}`);

  const employer = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const employerPage = await employer.newPage();
  await signUp(employerPage.request, 'employer');
  await employerPage.goto('/dashboard/employer');
  await expect(employerPage.getByRole('heading', { name: 'Employer Dashboard' })).toBeVisible();
  for (const target of await smallTargets(employerPage))
    pages.push(`employer dashboard: ${target}`);
  for (const problem of await unreadableTabs(employerPage)) {
    pages.push(`employer dashboard: ${problem}`);
  }
  await employer.close();

  const artist = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const artistPage = await artist.newPage();
  await signUp(artistPage.request, 'artist');
  await artistPage.goto('/dashboard/artist');
  await expect(artistPage.getByRole('heading', { name: 'Artist Dashboard' })).toBeVisible();
  for (const target of await smallTargets(artistPage)) pages.push(`artist dashboard: ${target}`);
  for (const problem of await unreadableTabs(artistPage))
    pages.push(`artist dashboard: ${problem}`);
  await artistPage.getByRole('tab', { name: 'Profile' }).click();
  await expect(artistPage.getByRole('button', { name: 'Save Profile' })).toBeVisible();
  for (const target of await smallTargets(artistPage)) pages.push(`artist profile: ${target}`);
  await artist.close();

  expect(pages).toEqual([]);
});

test('the logout control shows an arrow leaving a door, and says Log Out', async ({ page }) => {
  await signUp(page.request, 'employer');
  await page.goto('/');
  const logout = page.getByRole('link', { name: 'Log Out' });
  await expect(logout).toBeVisible();
  // The arrow points out of the door frame (right, away from it), as logging out does; a
  // log-in icon's arrow points into the frame.
  const paths = await logout
    .locator('svg path')
    .evaluateAll((elements) => elements.map((element) => element.getAttribute('d') ?? ''));
  expect(paths.join(' ')).toMatch(LOG_OUT_ICON);
});

/** The door frame on the left and the arrow out to the right (Lucide's "log-out"). */
const LOG_OUT_ICON = /M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4.*M16 17l5-5-5-5.*M21 12H9/;
