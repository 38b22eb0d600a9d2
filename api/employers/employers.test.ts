import { expect, test } from 'vitest';
import { EMPLOYER_MESSAGES } from '../../contracts/employers.ts';
import { RESERVED_NAME_MESSAGES } from '../../contracts/reserved-names.ts';
import {
  applyTo,
  expectFieldErrors,
  postJob,
  type SignedInUser,
  signUp,
  testAppFor,
  validJob,
} from '../../tests/helpers/test-app.ts';

const t = testAppFor('each');

const get = (url: string, who: SignedInUser | null = null) =>
  t.app.inject({ url, headers: who ? { cookie: who.cookie } : {} });
const setBusinessName = (who: SignedInUser, businessName: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/employers/me',
    headers: { cookie: who.cookie },
    payload: { businessName },
  });

test('an employer profile: name, region, member since, jobs posted, hires made, badges', async () => {
  const employer = await signUp(t, 'employer', {
    firstName: 'Kwame',
    lastName: 'Mensah',
    region: 'Volta',
  });
  const job = await postJob(t, employer);
  await postJob(t, employer, { ...validJob, title: 'Second plumber in Ho' });
  // A held job is not counted: it is not on Ghana Gigs.
  await postJob(t, employer, {
    ...validJob,
    title: 'Cleaners wanted in Ho',
    description: 'Clean offices every morning. Pay a registration fee of GHS 20 to apply.',
  });
  const seekers = [await signUp(t), await signUp(t)];
  const applications = [];
  for (const seeker of seekers) {
    applications.push(await applyTo(t, seeker, job.id, 'I have fixed pipes for ten years.'));
  }
  await t.app.inject({
    method: 'PATCH',
    url: `/api/applications/${applications[0]}`,
    headers: { cookie: employer.cookie },
    payload: { status: 'accepted' },
  });

  const profile = await get(`/api/employers/${employer.id}`);
  expect(profile.statusCode).toBe(200);
  expect(profile.json()).toEqual({
    id: employer.id,
    name: 'Kwame Mensah',
    phoneVerified: true,
    personName: 'Kwame Mensah',
    businessName: null,
    region: 'Volta',
    memberSince: expect.any(String),
    jobsPosted: 2,
    hiresMade: 1,
    paidGigs: 0,
  });
  expect(Date.parse(profile.json().memberSince)).toBeLessThanOrEqual(t.now().getTime());
});

test('a business name is shown instead of the person on their jobs, in lists at once, and can be cleared', async () => {
  const employer = await signUp(t, 'employer', { firstName: 'Kwame', lastName: 'Mensah' });
  const job = await postJob(t, employer);
  const before = (await get('/api/jobs')).json();
  expect(before[0].employer).toEqual({
    id: employer.id,
    name: 'Kwame Mensah',
    phoneVerified: true,
  });

  const saved = await setBusinessName(employer, '  Mensah   Plumbing Works ');
  expect(saved.statusCode).toBe(200);
  expect(saved.json()).toMatchObject({
    name: 'Mensah Plumbing Works',
    businessName: 'Mensah Plumbing Works',
    personName: 'Kwame Mensah',
  });
  // The cached browse list follows the change of name.
  expect((await get('/api/jobs')).json()[0].employer.name).toBe('Mensah Plumbing Works');
  expect((await get(`/api/jobs/${job.id}`)).json().employer.name).toBe('Mensah Plumbing Works');

  expect((await setBusinessName(employer, '')).json().name).toBe('Kwame Mensah');
  expect((await get('/api/jobs')).json()[0].employer.name).toBe('Kwame Mensah');
});

test('a business name cannot pass as Ghana Gigs or a network, be empty of letters or too long', async () => {
  const employer = await signUp(t, 'employer');
  for (const [name, message] of [
    ['Ghana Gigs Support', RESERVED_NAME_MESSAGES.reserved],
    ['GHANA-GIGS recruitment', RESERVED_NAME_MESSAGES.reserved],
    // The third outside probe's: a Cyrillic а, spaced out, a dollar for an s.
    ['Gh\u0430na Gigs', RESERVED_NAME_MESSAGES.reserved],
    ['G h a n a G i g s', RESERVED_NAME_MESSAGES.reserved],
    ['GHANA GIG$', RESERVED_NAME_MESSAGES.reserved],
    ['MTN MoMo Agents', RESERVED_NAME_MESSAGES.reserved],
    ['Vodafone Support Desk', RESERVED_NAME_MESSAGES.reserved],
    // A fourth probe's: the fee scam moved from the job's text into the name shown on it.
    ['Registration 50 cedis pay 0241234567', EMPLOYER_MESSAGES.businessNameFee],
    ['***', EMPLOYER_MESSAGES.businessName],
    ['B'.repeat(61), EMPLOYER_MESSAGES.businessNameMax],
  ] as const) {
    const refused = await setBusinessName(employer, name);
    expect(refused.statusCode, name).toBe(400);
    expect(refused.json().errors).toEqual({ businessName: message });
  }
  const row = await t.db
    .selectFrom('users')
    .select('business_name')
    .where('id', '=', employer.id)
    .executeTakeFirstOrThrow();
  expect(row.business_name).toBeNull();
  const guest = await t.app.inject({
    method: 'PUT',
    url: '/api/employers/me',
    payload: { businessName: 'Anything' },
  });
  expect(guest.statusCode).toBe(401);
});

test('someone who never posted and is no employer has no employer profile', async () => {
  const seeker = await signUp(t);
  const missing = await get(`/api/employers/${seeker.id}`);
  expect(missing.statusCode).toBe(404);
  expect(missing.json().message).toBe(EMPLOYER_MESSAGES.notFound);
  expect((await get('/api/employers/99999')).statusCode).toBe(404);
  expect((await get('/api/employers/abc')).statusCode).toBe(400);
});

test('a job carries who posted it, the town and the posted date', async () => {
  const employer = await signUp(t, 'employer', { firstName: 'Esi', lastName: 'Quaye' });
  const job = await postJob(t, employer, { ...validJob, town: '  Adum ' });
  expect(job).toMatchObject({
    town: 'Adum',
    region: 'Ashanti',
    createdAt: expect.any(String),
    employer: { id: employer.id, name: 'Esi Quaye', phoneVerified: true },
  });
  const tooLong = await t.app.inject({
    method: 'POST',
    url: '/api/jobs',
    headers: { cookie: employer.cookie },
    payload: { ...validJob, town: 'T'.repeat(61) },
  });
  expectFieldErrors(tooLong, { town: 'Town must be at most 60 characters' });
  // Without a town the region stands alone.
  expect((await postJob(t, employer, { ...validJob, title: 'Another plumber' })).town).toBeNull();
});
