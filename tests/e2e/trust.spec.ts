import { request as httpRequest } from 'node:http';
import { type Browser, type BrowserContext, expect, test } from '@playwright/test';
import type { Job } from '../../contracts/jobs.ts';
import { MODERATION_MESSAGES, REPORTER_MIN_AGE_DAYS } from '../../contracts/moderation.ts';
import { api } from '../../contracts/paths.ts';
import { signUp } from '../../scripts/lib/browser-sign-in.ts';
import { grantOperator } from './operator-support.ts';
import { advanceTime } from './payments-support.ts';

/** A signed-up person with their own browser context, at the phone size. */
async function person(browser: Browser, role: 'employer' | 'job_seeker', firstName: string) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  // Its clock moves with the server's when the test moves that (advanceTime).
  await context.clock.install();
  const user = await signUp(context.request, role, { firstName, lastName: 'Tetteh' });
  return { ...user, name: firstName, context, page: await context.newPage() };
}

/**
 * A report sent from another loopback address (127.0.0.x): reports from one address count once,
 * so the three reporters must be in three places, as three people would be.
 */
async function reportFrom(
  localAddress: string,
  who: { context: BrowserContext },
  body: object,
): Promise<number> {
  const baseURL = test.info().project.use.baseURL ?? '';
  const url = new URL(api.reports, baseURL);
  const cookie = (await who.context.cookies(url.origin))
    .map(({ name, value }) => `${name}=${value}`)
    .join('; ');
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      url,
      {
        method: 'POST',
        localAddress,
        headers: {
          cookie,
          origin: url.origin,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    sent.on('error', reject);
    sent.end(payload);
  });
}

test('three accounts made a minute ago hide nothing; three people a week old hide a job, an operator publishes it again from /admin', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const title = `Kiosk attendant in Osu ${Date.now().toString(36)}`;
  const employer = await person(browser, 'employer', 'Nana');
  const posted = await employer.context.request.post(api.jobs, {
    data: {
      title,
      description: 'Serve customers at a phone-credit kiosk in Osu, afternoons and weekends.',
      category: 'general_labor',
      region: 'Greater Accra',
      town: 'Osu',
      jobType: 'hourly',
      hourlyRate: '20',
      fixedPrice: null,
      estimatedHours: 6,
      requiredSkills: ['Sales'],
      startDate: null,
    },
  });
  const job = (await posted.json()) as Job;
  const shown = async () =>
    (
      await employer.context.request.get(`${api.jobs}?q=${encodeURIComponent(title)}`)
    ).json() as Promise<Job[]>;

  // A brigade of accounts made a minute ago, from three addresses: the job stays listed.
  const brigade = [
    await person(browser, 'job_seeker', 'Yaw'),
    await person(browser, 'job_seeker', 'Kojo'),
    await person(browser, 'job_seeker', 'Abena'),
  ];
  for (const [index, account] of brigade.entries()) {
    const body = { targetType: 'job', targetId: job.id, reason: 'fake' };
    expect(await reportFrom(`127.0.0.${index + 5}`, account, body)).toBe(201);
  }
  expect((await shown()).map((item) => item.id)).toContain(job.id);

  // Three people who joined a week ago: the first uses the page (who posts and where, then
  // Report), the two others report from elsewhere.
  const first = await person(browser, 'job_seeker', 'Akua');
  const others = [
    await person(browser, 'job_seeker', 'Kwesi'),
    await person(browser, 'job_seeker', 'Efe'),
  ];
  await advanceTime([first, ...others, employer], REPORTER_MIN_AGE_DAYS * 24 * 60 * 60);
  await first.page.goto(`/jobs/${job.id}`);
  await expect(first.page.getByRole('link', { name: 'Nana Tetteh' })).toBeVisible();
  await expect(first.page.getByText('Osu, Greater Accra').first()).toBeVisible();
  await first.page.getByRole('button', { name: 'Report this job' }).click();
  const dialog = first.page.getByRole('dialog', { name: 'Report this job' });
  await dialog.getByRole('radio', { name: 'Asks for money' }).check();
  await dialog.getByLabel('Details').fill('They asked me for GHS 50 on WhatsApp to apply.');
  await dialog.getByRole('button', { name: 'Send Report' }).click();
  await expect(first.page.getByText(MODERATION_MESSAGES.reported)).toBeVisible();
  // A second report from the same person is refused inside the dialog.
  await first.page.getByRole('button', { name: 'Report this job' }).click();
  await dialog.getByRole('radio', { name: 'Fake or misleading' }).check();
  await dialog.getByRole('button', { name: 'Send Report' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(MODERATION_MESSAGES.duplicate);
  await first.page.keyboard.press('Escape');

  expect((await shown()).map((item) => item.id)).toContain(job.id);
  // The two others, elsewhere: the job is hidden.
  for (const [index, other] of others.entries()) {
    const body = { targetType: 'job', targetId: job.id, reason: 'fake' };
    expect(await reportFrom(`127.0.0.${index + 2}`, other, body)).toBe(201);
  }
  await first.page.goto(`/jobs/${job.id}`);
  await expect(first.page.getByRole('heading', { name: 'Under Review' })).toBeVisible();
  await expect(first.page.getByText(MODERATION_MESSAGES.underReview.job)).toBeVisible();
  await first.page.goto(`/jobs?q=${encodeURIComponent(title)}`);
  await expect(first.page.getByText('No jobs found')).toBeVisible();
  // The poster still sees it, and why it is hidden.
  await employer.page.goto(`/jobs/${job.id}`);
  await expect(employer.page.getByText('Under review', { exact: true })).toBeVisible();

  // An operator, made one from the command line, publishes it again.
  const operator = await person(browser, 'employer', 'Efua');
  await operator.page.goto('/admin');
  await expect(operator.page.getByText(MODERATION_MESSAGES.notAdmin)).toBeVisible();
  grantOperator(operator.phone);
  await operator.page.reload();
  const item = operator.page.getByRole('listitem').filter({ hasText: title });
  await expect(item.getByText('They asked me for GHS 50 on WhatsApp to apply.')).toBeVisible();
  await expect(item.getByText('Under review')).toBeVisible();
  await item.getByRole('button', { name: 'Publish' }).click();
  await expect(operator.page.getByText(MODERATION_MESSAGES.published)).toBeVisible();
  await expect(item).toHaveCount(0);

  await first.page.goto(`/jobs/${job.id}`);
  await expect(first.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await first.page.goto(`/jobs?q=${encodeURIComponent(title)}`);
  await expect(first.page.getByRole('heading', { name: title })).toBeVisible();

  for (const who of [employer, first, ...others, ...brigade, operator]) await who.context.close();
});
