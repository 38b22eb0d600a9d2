import { beforeAll, expect, test } from 'vitest';
import { APPLICATION_MESSAGES, COVER_LETTER_MAX } from '../../contracts/applications.ts';
import type { FirstScreenData } from '../../contracts/first-screen.ts';
import type { Job } from '../../contracts/jobs.ts';
import {
  applyTo,
  postJob,
  type SignedInUser,
  signUp,
  validJob,
} from '../../tests/helpers/test-app.ts';
import { testAppWithWebBuild } from '../../tests/helpers/web-build.ts';
import { APPLY_FORM_BODY_LIMIT } from './apply-form.ts';

/**
 * A job page's Apply form posted with no script (ADR 031, api/web-app/apply-form.ts): the same
 * schema and applications service as POST /api/applications, on the real app, with a stand-in
 * for the build's renderer that writes out what it was asked to draw.
 */

// The stand-in renderer: what it was given, and the person's application as their phone reads it.
const RENDERER = `
export async function render(url, data, context) {
  globalThis.applyRender = { url, data };
  let applications = null;
  const id = /^\\/jobs\\/(\\d+)/.exec(url)?.[1];
  if (data.screen === 'read' && data.user && id) {
    const answer = await context.fetch('/api/applications/user?jobId=' + id);
    applications = answer.status === 200 ? (await answer.json()).length : answer.status;
  }
  const text = JSON.stringify({
    screen: data.screen,
    url,
    language: context.language,
    user: data.screen === 'read' && data.user ? data.user.firstName : null,
    applications,
    applyForm: data.screen === 'read' ? (data.applyForm ?? null) : null,
  }).replaceAll('<', '&lt;');
  return { html: '<main>' + text + '</main>', state: '{"queries":[],"mutations":[]}' };
}
`;

const spy = globalThis as { applyRender?: { url: string; data: FirstScreenData } };

const t = testAppWithWebBuild(RENDERER);
let employer: SignedInUser;
let job: Job;
beforeAll(async () => {
  employer = await signUp(t, 'employer', { firstName: 'Kofi' });
  job = await postJob(t, employer, { ...validJob, title: 'Painter for a school in Ho' });
});

/** The Apply form posted as a browser posts it from the drawn page. */
function postForm(
  cookie: string | undefined,
  fields: Record<string, string>,
  {
    jobId = job.id,
    headers = {},
    fetchSite = 'same-origin',
  }: { jobId?: number; headers?: Record<string, string>; fetchSite?: string | null } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `/jobs/${jobId}?apply=1`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(fetchSite ? { 'sec-fetch-site': fetchSite } : {}),
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

async function applicationsOf(userId: number, jobId = job.id): Promise<number> {
  const rows = await t.db
    .selectFrom('applications')
    .select('id')
    .where('applicant_id', '=', userId)
    .where('job_id', '=', jobId)
    .execute();
  return rows.length;
}

test('a job seeker applies with the plain form: one application, and back to the job page drawn with it', async () => {
  const seeker = await signUp(t, 'job_seeker', { firstName: 'Esi' });
  // Apply Now with no script: the job page, drawn for them with the form open.
  const open = await t.app.inject({
    url: `/jobs/${job.id}?apply=1`,
    headers: { cookie: seeker.cookie },
  });
  expect(open.statusCode).toBe(200);
  expect(open.headers['cache-control']).toBe('private, no-store');
  expect(open.body).toContain(`"url":"/jobs/${job.id}?apply=1"`);
  expect(open.body).toContain('"user":"Esi","applications":0');

  const posted = await postForm(seeker.cookie, {
    coverLetter: '  I have painted 12 classrooms.  ',
  });
  expect(posted.statusCode).toBe(303);
  expect(posted.headers.location).toBe(`/jobs/${job.id}`);
  expect(await applicationsOf(seeker.id)).toBe(1);
  // Saved as the API saves it: trimmed.
  const mine = await t.app.inject({
    url: `/api/applications/user?jobId=${job.id}`,
    headers: { cookie: seeker.cookie },
  });
  expect(mine.json<{ coverLetter: string }[]>().map((item) => item.coverLetter)).toEqual([
    'I have painted 12 classrooms.',
  ]);
  // The page it leads to is drawn for them, and reads their application.
  const page = await t.app.inject({ url: `/jobs/${job.id}`, headers: { cookie: seeker.cookie } });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('"user":"Esi","applications":1');

  // Posted again (a second tap, the browser's resend): still one, and the same page.
  const again = await postForm(seeker.cookie, { coverLetter: 'Again.' });
  expect(again.statusCode).toBe(303);
  expect(again.headers.location).toBe(`/jobs/${job.id}`);
  expect(await applicationsOf(seeker.id)).toBe(1);
});

test("a blank letter draws the form again with the app's message, in the person's language, and changes nothing", async () => {
  const seeker = await signUp(t, 'job_seeker', { firstName: 'Yaw' });
  for (const coverLetter of ['', '   \n  ']) {
    const response = await postForm(seeker.cookie, { coverLetter });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(spy.applyRender?.url).toBe(`/jobs/${job.id}?apply=1`);
    expect(spy.applyRender?.data).toMatchObject({
      screen: 'read',
      applyForm: { jobId: job.id, coverLetter, error: APPLICATION_MESSAGES.coverLetter },
    });
  }
  // No field at all is the same message.
  await postForm(seeker.cookie, {});
  expect(spy.applyRender?.data).toMatchObject({
    applyForm: { coverLetter: '', error: APPLICATION_MESSAGES.coverLetter },
  });
  // Drawn in Twi for a phone set to Twi (the renderer translates the English message).
  const twi = await postForm(
    seeker.cookie,
    { coverLetter: ' ' },
    { headers: { cookie: `${seeker.cookie}; lang=ak` } },
  );
  expect(twi.body).toContain('"language":"ak"');
  expect(await applicationsOf(seeker.id)).toBe(0);
});

test('the service refuses as the API does: a letter too long is redrawn with its message, the letter kept', async () => {
  const seeker = await signUp(t, 'job_seeker');
  const long = 'a'.repeat(COVER_LETTER_MAX + 1);
  const response = await postForm(seeker.cookie, { coverLetter: long });
  expect(response.statusCode).toBe(200);
  expect(spy.applyRender?.data).toMatchObject({
    applyForm: {
      coverLetter: long,
      error: `Cover letter must be at most ${COVER_LETTER_MAX} characters`,
    },
  });
  // A body over the form's limit is refused before it is read.
  const huge = await postForm(seeker.cookie, { coverLetter: 'b'.repeat(APPLY_FORM_BODY_LIMIT) });
  expect(huge.statusCode).toBe(413);
  expect(await applicationsOf(seeker.id)).toBe(0);
});

test('a form posted from another site is refused and changes nothing', async () => {
  const seeker = await signUp(t, 'job_seeker');
  for (const [fetchSite, origin] of [
    ['cross-site', undefined],
    ['same-site', undefined],
    [null, 'https://evil.example'],
  ] as const) {
    const response = await postForm(
      seeker.cookie,
      { coverLetter: 'Hello' },
      { fetchSite, headers: origin ? { origin } : {} },
    );
    expect(response.statusCode).toBe(403);
  }
  expect(await applicationsOf(seeker.id)).toBe(0);
});

test('a visitor, or an ended session, is sent to sign in and nothing is sent', async () => {
  const before = await t.db.selectFrom('applications').select('id').execute();
  for (const cookie of [undefined, 'sid=not-a-session; signed_in=1']) {
    const response = await postForm(cookie, { coverLetter: 'Hello there' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/login');
  }
  expect(await t.db.selectFrom('applications').select('id').execute()).toEqual(before);
  // A visitor's Apply Now page is the shell: they are shown Sign In to Apply instead.
  const page = await t.app.inject({ url: `/jobs/${job.id}?apply=1` });
  expect(page.body).not.toContain('<main>');
});

test("the job's own poster is refused with the API's message; another employer may apply, as the API allows", async () => {
  const own = await postForm(employer.cookie, { coverLetter: 'My own job' });
  expect(own.statusCode).toBe(200);
  expect(spy.applyRender?.data).toMatchObject({
    applyForm: { coverLetter: 'My own job', error: APPLICATION_MESSAGES.ownJob },
  });
  expect(await applicationsOf(employer.id)).toBe(0);

  // POST /api/applications takes any role (spec section 6: "Apply Now needs only a signed-in
  // user with a role"); the form follows the same rule.
  const other = await signUp(t, 'employer', { firstName: 'Abena' });
  await applyTo(t, other, job.id, 'Through the API');
  const form = await postForm(other.cookie, { coverLetter: 'Through the form' });
  expect(form.headers.location).toBe(`/jobs/${job.id}`);
  expect(await applicationsOf(other.id)).toBe(1);
});

test('a closed job and a missing one are refused with the messages the API gives', async () => {
  const seeker = await signUp(t, 'job_seeker');
  const closed = await postJob(t, employer, { ...validJob, title: 'Cleaner for a clinic in Wa' });
  const close = await t.app.inject({
    method: 'PATCH',
    url: `/api/jobs/${closed.id}`,
    headers: { cookie: employer.cookie },
    payload: { isActive: false },
  });
  expect(close.statusCode).toBe(200);
  await postForm(seeker.cookie, { coverLetter: 'Hello' }, { jobId: closed.id });
  expect(spy.applyRender?.data).toMatchObject({
    applyForm: { jobId: closed.id, error: APPLICATION_MESSAGES.inactive },
  });
  expect(await applicationsOf(seeker.id, closed.id)).toBe(0);
  const api = await t.app.inject({
    method: 'POST',
    url: '/api/applications',
    headers: { cookie: seeker.cookie },
    payload: { jobId: 999999, coverLetter: 'Hello' },
  });
  const missing = await postForm(seeker.cookie, { coverLetter: 'Hello' }, { jobId: 999999 });
  // The page of a missing job is not drawn; the app shell says it is gone.
  expect(missing.statusCode).toBe(200);
  expect(api.statusCode).toBe(404);
});
