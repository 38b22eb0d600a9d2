import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO_USERS } from '../../api/dev/seed/seed-data.ts';
import type { Artist } from '../../contracts/artists.ts';
import type { Job } from '../../contracts/jobs.ts';
import { LANGUAGES, type Language } from '../../contracts/languages.ts';
import { api, paths } from '../../contracts/paths.ts';
import { signIn, signUp } from '../../scripts/lib/browser-sign-in.ts';

/**
 * Every screen, as a visitor and as each role, in each of the four languages at 360 px: nothing
 * pushes the page wider than the phone (long words people type, long translations, big amounts),
 * and in Twi, Ewe and Ga no English the catalogs translate is left on screen.
 */

const PHONE_WIDTH = 360;
/** One unbroken word, as people type them into titles, names and bios. */
const LONG_WORD = 'Electrician/Plumber/Mason/Carpenter/Welder-needed';
const LONG_NAME = 'Akwaabaentertainmentservicesgh';

type Translated = Exclude<Language, 'en-GH'>;
const CATALOGS_DIR = join(import.meta.dirname, '../../web/lib/i18n/catalogs');

/**
 * The English messages `language` translates, as patterns a whole line of text on screen would
 * match if it were left in English: `{name}` stands for anything. Messages whose translation is
 * the English itself (names, "GHS") and those with too few letters of their own to tell apart
 * from data are left out.
 */
function englishPatterns(language: Translated): string[] {
  const catalog = JSON.parse(
    readFileSync(join(CATALOGS_DIR, `${language}.json`), 'utf8'),
  ) as Record<string, string | Record<string, string>>;
  const patterns: string[] = [];
  for (const [english, translation] of Object.entries(catalog)) {
    const forms = typeof translation === 'string' ? [translation] : Object.values(translation);
    if (forms.every((form) => form === english)) continue;
    const literal = english.replace(/\{\w+\}/g, ' ');
    if ((literal.match(/[A-Za-z]{3,}/g) ?? []).join('').length < 4) continue;
    const escaped = english.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
    patterns.push(`^${escaped.replace(/\\?\{\w+\\?\}|\{\w+\}/g, '.+')}$`);
  }
  return patterns;
}
const PATTERNS = Object.fromEntries(
  (['ak', 'ee', 'gaa'] as const).map((language) => [language, englishPatterns(language)]),
) as Record<Translated, string[]>;

/** Lines of English on the page that the language's catalog translates. */
function englishOnScreen(page: Page, language: Translated): Promise<string[]> {
  return page.evaluate((patterns) => {
    // In any case: an enum shown raw ("general labor") is its label left in English.
    const regexes = patterns.map((pattern) => new RegExp(pattern, 'i'));
    const found = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.replace(/\s+/g, ' ').trim() ?? '';
      const parent = node.parentElement;
      if (!text || !parent || parent.closest('script, style, [hidden], option')) continue;
      if (regexes.some((regex) => regex.test(text))) found.add(text);
    }
    for (const element of document.querySelectorAll('[aria-label], [placeholder], [title]')) {
      for (const name of ['aria-label', 'placeholder', 'title']) {
        const text = element.getAttribute(name)?.trim();
        if (text && regexes.some((regex) => regex.test(text))) found.add(`${name}="${text}"`);
      }
    }
    return [...found];
  }, PATTERNS[language]);
}

/** The elements that reach past the phone's right edge, for a readable failure. */
function widerThanPhone(page: Page): Promise<{ width: number; culprits: string[] }> {
  return page.evaluate((phoneWidth) => {
    const culprits: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('main *, header *')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= phoneWidth + 0.5) continue;
      // Only the innermost: a card is wide because of what is in it.
      if (
        [...element.children].some(
          (child) => child.getBoundingClientRect().right > phoneWidth + 0.5,
        )
      )
        continue;
      const name = `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`;
      culprits.push(
        `${name} "${(element.textContent ?? '').trim().slice(0, 40)}" ${Math.round(box.right)}px`,
      );
    }
    return { width: document.documentElement.scrollWidth, culprits: culprits.slice(0, 5) };
  }, PHONE_WIDTH);
}

interface Screen {
  name: string;
  path: string;
}

/** Speaks `language` on this phone from the next page on, as the picker would have. */
async function speak(page: Page, language: Language): Promise<void> {
  await page.evaluate((chosen) => {
    localStorage.setItem('ghana-gigs:language', chosen);
    // biome-ignore lint/suspicious/noDocumentCookie: the readable cookie the picker also sets
    document.cookie = `lang=${chosen}; Path=/; Max-Age=31536000; SameSite=Lax`;
  }, language);
}

/** Visits each screen in each language and lists what is wrong: overflow, English left over. */
async function walk(page: Page, who: string, screens: Screen[]): Promise<string[]> {
  const problems: string[] = [];
  await page.goto(paths.home);
  for (const language of LANGUAGES) {
    await speak(page, language);
    for (const screen of screens) {
      await page.goto(screen.path);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('main').first()).toBeVisible();
      await expect(page.locator('.spinner, [data-testid="skeleton"]')).toHaveCount(0);
      const where = `${who} ${screen.name} (${language})`;
      const { width, culprits } = await widerThanPhone(page);
      if (width > PHONE_WIDTH) problems.push(`${where}: ${width} px wide: ${culprits.join('; ')}`);
      if (language !== 'en-GH') {
        for (const text of await englishOnScreen(page, language))
          problems.push(`${where}: English "${text}"`);
      }
      await page.screenshot({
        path: test.info().outputPath(`${who}-${screen.name}-${language}.png`),
      });
    }
  }
  return problems;
}

/** A job whose title, place and skills are one long word each, posted by `request`'s user. */
async function postLongWordJob(request: APIRequestContext): Promise<Job> {
  const posted = await request.post(api.jobs, {
    data: {
      title: LONG_WORD,
      description: `${LONG_WORD} ${LONG_WORD} for a two-storey house in Kumasi, inside and out.`,
      category: 'general_labor',
      region: 'Ashanti',
      town: 'Kwadaso-Nsuom-Agric-Ohwimase',
      jobType: 'fixed',
      hourlyRate: null,
      fixedPrice: '125000',
      estimatedHours: null,
      requiredSkills: ['Electrician/Plumber/Mason/Carpenter'],
      startDate: null,
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  return (await posted.json()) as Job;
}

async function signedInPage(browser: Browser, phone?: string) {
  const context = await browser.newContext({ viewport: { width: PHONE_WIDTH, height: 740 } });
  if (phone) await signIn(context.request, phone);
  return { context, page: await context.newPage() };
}

// Each test signs in its own demo account, so they may run side by side: the longest file of the
// suite, spread over both workers.
test.describe.configure({ mode: 'parallel', timeout: 240_000 });

test('a visitor’s screens fit 360 px in every language, long words and all', async ({
  browser,
}) => {
  const employer = await signedInPage(browser);
  await signUp(employer.context.request, 'employer', { firstName: LONG_NAME, region: 'Ashanti' });
  await employer.context.request.put(api.myEmployer, { data: { businessName: LONG_NAME } });
  const job = await postLongWordJob(employer.context.request);
  const artist = await signedInPage(browser);
  await signUp(artist.context.request, 'artist', { firstName: LONG_NAME });
  const saved = await artist.context.request.put(api.myArtist, {
    data: {
      stageName: LONG_NAME,
      bio: `${LONG_WORD} ${LONG_WORD} at weddings and funerals across Ghana.`,
      performanceTypes: ['DJ', 'MC'],
      region: 'Ashanti',
      hourlyRate: '250',
      eventRate: '12000',
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const longArtist = (await saved.json()) as Artist;
  await employer.context.close();
  await artist.context.close();

  const visitor = await signedInPage(browser);
  const problems = await walk(visitor.page, 'visitor', [
    { name: 'landing', path: paths.home },
    { name: 'jobs', path: paths.jobs },
    { name: 'job', path: paths.job(job.id) },
    { name: 'employer', path: paths.employer(job.employerId) },
    { name: 'artists', path: `${paths.artists}?q=${LONG_NAME}` },
    { name: 'artist-1', path: paths.artist(1) },
    { name: 'artist-long', path: paths.artist(longArtist.id) },
    { name: 'login', path: paths.login },
  ]);
  await visitor.context.close();
  expect(problems).toEqual([]);
});

test('a job seeker’s screens fit 360 px and speak the language', async ({ browser }) => {
  const employer = await signedInPage(browser);
  await signUp(employer.context.request, 'employer');
  const job = await postLongWordJob(employer.context.request);
  await employer.context.close();

  const seeker = await signedInPage(browser, DEMO_USERS.jobSeeker.phoneNumber);
  const applied = await seeker.context.request.post(api.applications, {
    data: { jobId: job.id, coverLetter: `${LONG_WORD} with ten years of ${LONG_WORD} work.` },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  const problems = await walk(seeker.page, 'seeker', [
    { name: 'home', path: paths.home },
    { name: 'applications', path: paths.dashboard },
    { name: 'bookings', path: `${paths.dashboard}?tab=bookings` },
    { name: 'wallet', path: `${paths.dashboard}?tab=wallet` },
    { name: 'profile', path: `${paths.dashboard}?tab=profile` },
    { name: 'job', path: paths.job(job.id) },
  ]);
  await seeker.context.close();
  expect(problems).toEqual([]);
});

test('an employer’s and a client’s screens fit 360 px and speak the language', async ({
  browser,
}) => {
  const employer = await signedInPage(browser, DEMO_USERS.employer.phoneNumber);
  const job = await postLongWordJob(employer.context.request);
  const worker = await signedInPage(browser);
  await signUp(worker.context.request, 'job_seeker', { firstName: LONG_NAME });
  const applied = await worker.context.request.post(api.applications, {
    data: { jobId: job.id, coverLetter: `${LONG_WORD} with ten years of ${LONG_WORD} work.` },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  await worker.context.close();

  const problems = await walk(employer.page, 'employer', [
    { name: 'home', path: paths.home },
    { name: 'jobs', path: paths.employerDashboard },
    { name: 'applicants', path: `${paths.employerDashboard}?job=${job.id}` },
    { name: 'wallet', path: `${paths.employerDashboard}?tab=wallet` },
    { name: 'post-job', path: paths.postJob },
  ]);
  await employer.context.close();

  const client = await signedInPage(browser, DEMO_USERS.client.phoneNumber);
  problems.push(
    ...(await walk(client.page, 'client', [
      { name: 'bookings', path: `${paths.employerDashboard}?tab=bookings` },
      { name: 'wallet', path: `${paths.employerDashboard}?tab=wallet` },
    ])),
  );
  await client.context.close();
  expect(problems).toEqual([]);
});

test('an artist’s screens fit 360 px and speak the language', async ({ browser }) => {
  const artist = await signedInPage(browser, DEMO_USERS.artist.phoneNumber);
  const me = (await (await artist.context.request.get(api.myArtist)).json()) as Artist;
  const problems = await walk(artist.page, 'artist', [
    { name: 'home', path: paths.home },
    { name: 'bookings', path: paths.artistDashboard },
    { name: 'calendar', path: `${paths.artistDashboard}?tab=calendar` },
    { name: 'portfolio', path: `${paths.artistDashboard}?tab=portfolio` },
    { name: 'profile-editor', path: `${paths.artistDashboard}?tab=profile` },
    { name: 'wallet', path: `${paths.artistDashboard}?tab=wallet` },
    { name: 'my-bookings', path: `${paths.artistDashboard}?tab=my-bookings` },
    { name: 'profile', path: paths.artist(me.id) },
  ]);
  await artist.context.close();
  expect(problems).toEqual([]);
});
