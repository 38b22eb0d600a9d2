import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { ROLE_LABELS, type Role, type User } from '../../contracts/auth.ts';
import type { Job } from '../../contracts/jobs.ts';
import { LANGUAGE_NAMES, type Language } from '../../contracts/languages.ts';
import { api, paths } from '../../contracts/paths.ts';
import { signUp } from '../../scripts/lib/browser-sign-in.ts';
import { PRODUCT_NAME } from '../../web/lib/product.ts';
import { waitForHydration } from './first-screen-support.ts';
import { savedQueryData, seededOpenJobs, waitForServiceWorker } from './offline-support.ts';
import { grantOperator } from './operator-support.ts';

type Translated = Exclude<Language, 'en-GH'>;
const CATALOGS_DIR = join(import.meta.dirname, '../../web/lib/i18n/catalogs');
const catalog = (language: Translated) =>
  JSON.parse(readFileSync(join(CATALOGS_DIR, `${language}.json`), 'utf8')) as Record<
    string,
    string
  >;
const TRANSLATED: Translated[] = ['ak', 'ee', 'gaa'];

// Each test has its own browser context and signs up its own people, so they may run side by
// side: five of them walk every language and width, and would otherwise queue on one worker.
test.describe.configure({ mode: 'parallel' });

/** `message` as the page shows it in `language`: the catalog's text, or the English key. */
function say(language: Language, message: string, vars: Record<string, string> = {}): string {
  const text = language === 'en-GH' ? message : (catalog(language)[message] ?? message);
  return text.replace(/\{(\w+)\}/g, (_, name: string) => vars[name] ?? `{${name}}`);
}

/** The header's picker, found by its name in the language the page speaks. */
const headerPicker = (page: Page, language: Language) =>
  page.getByRole('banner').getByRole('combobox', { name: say(language, 'Language') });

/**
 * Speaks `language` through the header's picker (named in the language the page speaks now,
 * once the app has hydrated it): the page says so in its `lang`. Nothing if it speaks it already.
 */
async function pickLanguage(page: Page, language: Language) {
  const from = (await page.locator('html').getAttribute('lang')) as Language;
  if (from === language) return;
  await waitForHydration(page);
  await headerPicker(page, from).selectOption(language);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

const HERO = 'Find work, hire help and book artists';

test('the landing page speaks each language and back, and English copy is unchanged after', async ({
  page,
}) => {
  await page.goto(paths.home);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-GH');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${HERO} near you`);

  for (const language of TRANSLATED) {
    await pickLanguage(page, language);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      `${say(language, HERO)} ${say(language, 'near you')}`,
    );
    await expect(
      page.getByRole('main').getByRole('heading', { name: say(language, 'Secure Escrow') }),
    ).toBeVisible();
    await expect(
      page.getByRole('banner').getByRole('link', { name: say(language, 'Log In') }),
    ).toBeVisible();
    // Each language is offered by its own name.
    await expect(headerPicker(page, language).locator('option:checked')).toHaveText(
      LANGUAGE_NAMES[language],
    );
  }

  // Back to English with the landing page's own picker.
  await page
    .getByRole('main')
    .getByRole('combobox', { name: say('gaa', 'Choose your language') })
    .selectOption('en-GH');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-GH');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${HERO} near you`);
  const main = page.getByRole('main');
  for (const feature of ['Secure Escrow', '16 Ghana Regions', 'All Job Types', 'Mobile Money']) {
    await expect(main.getByRole('heading', { name: feature })).toBeVisible();
  }
  await expect(main.getByRole('link', { name: 'Join Now' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log In' })).toBeVisible();
});

test('the choice survives a reload and is kept in the readable lang cookie', async ({
  page,
  context,
}) => {
  await page.goto(paths.jobs);
  await headerPicker(page, 'en-GH').selectOption('ak');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(say('ak', 'Browse Jobs'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ak');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(say('ak', 'Browse Jobs'));
  const cookie = (await context.cookies()).find((item) => item.name === 'lang');
  expect(cookie).toMatchObject({ value: 'ak', path: '/', sameSite: 'Lax', httpOnly: false });
  expect(cookie?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 360 * 24 * 60 * 60);
});

test('a first visit follows the browser: tw means Twi', async ({ browser }) => {
  const context = await browser.newContext({
    locale: 'tw-GH',
    viewport: { width: 360, height: 740 },
  });
  const page = await context.newPage();
  await page.goto(paths.home);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ak');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `${say('ak', HERO)} ${say('ak', 'near you')}`,
  );
  await context.close();
});

test('dates and amounts follow the language, in English where Chrome lacks the data', async ({
  page,
  request,
}) => {
  const [job] = await seededOpenJobs(request, 1);
  if (!job) throw new Error('the seed has open jobs');
  await page.goto(paths.job(job.id));
  const poster = page.locator('.poster-line');

  const shown = async (language: Language) =>
    page.evaluate(
      ({ language, job }: { language: Language; job: Job }) => {
        // What the page must show, worked out with this browser's own Intl.
        const has = Intl.DateTimeFormat.supportedLocalesOf([language])[0] === language;
        const locale = language !== 'en-GH' && has ? language : 'en-GB';
        const date = new Intl.DateTimeFormat(locale, {
          day: 'numeric',
          month: 'short',
          year: 'numeric',
        }).format(new Date(job.createdAt));
        const amount = Number(job.jobType === 'hourly' ? job.hourlyRate : job.fixedPrice);
        const money =
          locale === 'en-GB'
            ? `GHS ${new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2 }).format(amount)}`
            : new Intl.NumberFormat(locale, { style: 'currency', currency: 'GHS' }).format(amount);
        return { has, date, money };
      },
      { language, job },
    );

  const english = await shown('en-GH');
  await expect(poster).toContainText(`Posted ${english.date}`);
  expect(english.date).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);

  for (const language of TRANSLATED) {
    await pickLanguage(page, language);
    const expected = await shown(language);
    await expect(poster).toContainText(say(language, 'Posted {date}', { date: expected.date }));
    const payment =
      job.jobType === 'hourly'
        ? say(language, '{amount}/hr', { amount: expected.money })
        : say(language, '{amount} (Fixed)', { amount: expected.money });
    await expect(page.getByRole('main')).toContainText(payment);
    if (language === 'ak') {
      // Chrome carries Twi's month names: the date is not the English one.
      expect(expected.has).toBe(true);
      expect(expected.date).not.toBe(english.date);
    } else {
      // Ewe and Ga fall back to the English date, never the browser's US default.
      expect(expected.has).toBe(false);
      expect(expected.date).toBe(english.date);
    }
  }
  await headerPicker(page, 'gaa').selectOption('en-GH');
  await expect(poster).toContainText(`Posted ${english.date}`);
});

test('signed in, the choice goes to the account; a phone without one adopts the account’s', async ({
  browser,
}, testInfo) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  await signUp(context.request, 'job_seeker', { firstName: 'Esi', lastName: 'Lang' });
  const accountLanguage = async () =>
    ((await (await context.request.get(api.user)).json()) as User).language;
  expect(await accountLanguage()).toBeNull();

  const page = await context.newPage();
  await page.goto(paths.jobs);
  await headerPicker(page, 'en-GH').selectOption('ee');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ee');
  await expect.poll(accountLanguage).toBe('ee');
  // The signed-in header (name, role, Dashboard, Log Out and the picker) still fits 360 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: testInfo.outputPath('jobs-ee-signed-in.png') });

  // Another phone (no choice of its own) signed in to this account speaks the account's language,
  // the one the server answers now, not the one this phone saved with the user ('ee').
  await expect
    .poll(async () => ((await savedQueryData(page, ['auth', 'user'])) as User | null)?.language)
    .toBe('ee');
  await context.request.put(api.myLanguage, { data: { language: 'gaa' } });
  await page.evaluate(() => {
    localStorage.removeItem('ghana-gigs:language');
    // biome-ignore lint/suspicious/noDocumentCookie: forgets the phone's choice, as a new phone has none
    document.cookie = 'lang=; Path=/; Max-Age=0';
  });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'gaa');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(say('gaa', 'Browse Jobs'));
  expect(await accountLanguage()).toBe('gaa');

  // A phone that chose tells an account that differs.
  await page.evaluate(() => localStorage.setItem('ghana-gigs:language', 'ak'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ak');
  await expect.poll(accountLanguage).toBe('ak');
  await context.close();
});

test('offline, every language is at hand: the service worker keeps the catalogs', async ({
  page,
  context,
}) => {
  await page.goto(paths.jobs);
  await waitForServiceWorker(page);
  await context.setOffline(true);
  // None of the catalogs was loaded online: each comes from the service worker's precache.
  for (const language of TRANSLATED) {
    await pickLanguage(page, language);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(say(language, 'Browse Jobs'));
  }
  await context.setOffline(false);
});

test('Twi at 360 px: the landing page and /jobs keep their layout', async ({ page }, testInfo) => {
  await page.goto(paths.home);
  await headerPicker(page, 'en-GH').selectOption('ak');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(say('ak', HERO));
  for (const [path, name] of [
    [paths.home, 'landing-ak'],
    [paths.jobs, 'jobs-ak'],
  ] as const) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ak');
    if (path === paths.jobs) await expect(page.getByRole('article').first()).toBeVisible();
    // Nothing wider than the phone: long Twi words wrap rather than push the page sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
  }
});

/** How many rows the banner's controls sit on: tops closer than half a control are one row. */
function headerRows(page: Page): Promise<number> {
  return page.getByRole('banner').evaluate((banner) => {
    const tops = [...banner.querySelectorAll('a, button, select')]
      .map((control) => control.getBoundingClientRect())
      .filter((box) => box.width > 0)
      .map((box) => box.top)
      .sort((a, b) => a - b);
    let rows = 0;
    let rowTop = Number.NEGATIVE_INFINITY;
    for (const top of tops) {
      if (top - rowTop < 22) continue;
      rows += 1;
      rowTop = top;
    }
    return rows;
  });
}

// Three rows of header before the first job card is a fifth of a small phone's screen.
test('at 360 px a visitor’s header keeps to two rows in every language, data saver on or off, and fits every width', async ({
  page,
}) => {
  // Eight screens, each drawn and hydrated, measured twice: as long as the signed-in ones below.
  test.setTimeout(150_000);
  await page.goto(paths.home);
  for (const language of ['en-GH', ...TRANSLATED] as const) {
    // Spoken, and so remembered for the pages below.
    await pickLanguage(page, language);
    for (const path of [paths.home, paths.jobs]) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await waitForHydration(page);
      const toggle = page
        .getByRole('banner')
        .getByRole('switch', { name: say(language, 'Data saver') });
      // As it is, then flipped (and flipped back for the next screen).
      for (const _ of ['as it is', 'flipped']) {
        const state = await toggle.getAttribute('aria-checked');
        const where = `${language} ${path}, data saver ${state === 'true' ? 'on' : 'off'}`;
        // The switch and the picker stay on screen, named, and big enough for a thumb.
        for (const control of [toggle, headerPicker(page, language)]) {
          const box = await control.boundingBox();
          expect(box?.height, where).toBeGreaterThanOrEqual(44);
          expect(box?.width, where).toBeGreaterThanOrEqual(44);
          expect((box?.x ?? 0) + (box?.width ?? 0), where).toBeLessThanOrEqual(360);
        }
        expect(await headerRows(page), where).toBeLessThanOrEqual(2);
        await expectHeaderFitsEveryWidth(page, where);
        await toggle.click();
        await expect(toggle).not.toHaveAttribute('aria-checked', state ?? '');
      }
    }
  }
});

/** The widths the header must fit, from a small phone to a laptop. */
const WIDTHS = [320, 360, 480, 640, 860, 1024, 1280, 1440];

/**
 * What is wrong with the banner at the current width: the page scrolls sideways, or one of its
 * controls sticks out of the screen, is cut off or lies over another.
 */
function headerTrouble(page: Page): Promise<string[]> {
  return page.getByRole('banner').evaluate((banner) => {
    const width = document.documentElement.clientWidth;
    const trouble: string[] = [];
    const scrolls = document.documentElement.scrollWidth;
    if (scrolls > width) trouble.push(`the page scrolls sideways to ${scrolls} px`);
    const controls = [...banner.querySelectorAll<HTMLElement>('a, button, select')]
      .map((element) => ({
        element,
        box: element.getBoundingClientRect(),
        name: (element.getAttribute('aria-label') ?? element.textContent ?? '').trim(),
      }))
      .filter(({ box }) => box.width > 0);
    for (const [index, { element, box, name }] of controls.entries()) {
      if (box.left < 0 || box.right > width + 0.5) trouble.push(`"${name}" sticks out`);
      if (element.scrollWidth > element.clientWidth + 1) trouble.push(`"${name}" is cut off`);
      for (const other of controls.slice(index + 1)) {
        const across = Math.min(box.right, other.box.right) - Math.max(box.left, other.box.left);
        const down = Math.min(box.bottom, other.box.bottom) - Math.max(box.top, other.box.top);
        if (across > 1 && down > 1) trouble.push(`"${name}" lies over "${other.name}"`);
      }
    }
    return trouble;
  });
}

/** The header fits at every width; the page is left at the phone's 360 px. */
async function expectHeaderFitsEveryWidth(page: Page, where: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 740 });
    expect(await headerTrouble(page), `${where} at ${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 360, height: 740 });
}

/** Two rows of 44 px controls, the gap between them, the bar's padding and its flag stripe. */
const TWO_ROWS_PX = 2 * 44 + 6 + 2 * 8 + 4;

// Signed in, the header carries the most: Dashboard, the name and role, Log Out, the operator's
// Admin, and the screen's own action (Post a Job on /jobs, Back to Jobs on /post-job).
for (const who of ['job_seeker', 'employer', 'artist', 'operator'] as const) {
  test(`at 360 px a signed-in ${who}’s header keeps to two rows in every language, data saver on or off, and fits every width`, async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    const role: Role = who === 'operator' ? 'employer' : who;
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    // A long name, as many Ghanaian names are.
    const user = await signUp(context.request, role, {
      firstName: 'Akosua',
      lastName: 'Owusu-Ansah',
    });
    if (who === 'operator') grantOperator(user.phone);
    const page = await context.newPage();
    await page.goto(paths.jobs);
    const banner = page.getByRole('banner');
    for (const language of ['en-GH', ...TRANSLATED] as const) {
      await pickLanguage(page, language);
      for (const [path, action] of [
        [paths.jobs, 'Post a Job'],
        [paths.postJob, 'Back to Jobs'],
      ] as const) {
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await waitForHydration(page);
        const link = (name: string) => banner.getByRole('link', { name, exact: true });
        const toggle = banner.getByRole('switch', { name: say(language, 'Data saver') });
        // Everything the header carries stays on screen, named, and big enough for a thumb.
        const controls: [string, Locator][] = [
          ['home', link(say(language, '{product} home', { product: PRODUCT_NAME }))],
          ['Dashboard', link(say(language, 'Dashboard'))],
          ['Log Out', link(say(language, 'Log Out'))],
          [action, link(say(language, action))],
          ['Language', headerPicker(page, language)],
          ['Data saver', toggle],
        ];
        if (path === paths.jobs) {
          controls.push(['Jobs', link(say(language, 'Jobs'))]);
          controls.push(['Artists', link(say(language, 'Artists'))]);
        }
        if (who === 'operator') controls.push(['Admin', link(say(language, 'Admin'))]);
        for (const _ of ['as it is', 'flipped']) {
          const state = await toggle.getAttribute('aria-checked');
          const where = `${who} ${language} ${path}, data saver ${state === 'true' ? 'on' : 'off'}`;
          for (const [name, control] of controls) {
            const what = `${where}: ${name}`;
            await expect(control, what).toBeVisible();
            const box = await control.boundingBox();
            expect(box?.height, what).toBeGreaterThanOrEqual(44);
            expect(box?.width, what).toBeGreaterThanOrEqual(44);
            expect(box?.x, what).toBeGreaterThanOrEqual(0);
            expect((box?.x ?? 0) + (box?.width ?? 0), what).toBeLessThanOrEqual(360);
          }
          await expect(banner.getByText('Akosua Owusu-Ansah')).toBeVisible();
          await expect(
            banner.getByText(say(language, ROLE_LABELS[role]), { exact: true }),
          ).toBeVisible();
          expect(await headerRows(page), where).toBeLessThanOrEqual(2);
          // The name and role count as a row too, though they are not controls.
          const height = (await banner.boundingBox())?.height ?? 0;
          expect(height, where).toBeLessThanOrEqual(TWO_ROWS_PX);
          await expectHeaderFitsEveryWidth(page, where);
          await toggle.click();
          await expect(toggle).not.toHaveAttribute('aria-checked', state ?? '');
        }
      }
    }
    await context.close();
  });
}
