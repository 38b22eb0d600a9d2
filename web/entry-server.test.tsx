import { expect, test } from 'vitest';
import type { Job } from '../contracts/jobs.ts';
import { render } from './entry-server.tsx';

const HOSTILE = 'Cleaner </script><script>alert(1)</script> <!-- \u2028 needed';

const job: Job = {
  id: 7,
  title: HOSTILE,
  description: 'Sweep and mop a shop floor every morning.',
  category: 'general_labor',
  region: 'Ashanti',
  town: 'Kumasi',
  jobType: 'fixed',
  hourlyRate: null,
  fixedPrice: '120.00',
  estimatedHours: null,
  requiredSkills: [],
  startDate: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  isActive: true,
  employerId: 3,
  employer: { id: 3, name: 'Kwame Mensah', phoneVerified: true },
  moderation: 'published',
  applicationCount: 0,
};

test('text from users cannot end the inlined data early nor run as script', async () => {
  const screen = await render('/jobs/7', { screen: 'job', id: 7, job });
  expect(screen.state).not.toMatch(/<\/script|<!--|\u2028/i);
  const state = JSON.parse(screen.state) as {
    cache: { queries: { state: { data: unknown } }[] };
  };
  expect(state.cache.queries.map((query) => query.state.data)).toContainEqual(job);
  expect(screen.html).not.toContain('<script');
  expect(screen.html).toContain('Cleaner &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
});

test('a visitor is drawn signed out, and the data is under the keys the screen reads', async () => {
  const screen = await render('/jobs', {
    screen: 'jobs',
    jobs: { items: [{ ...job, title: 'Plumber in Tema' }], total: 1, nextCursor: null },
  });
  expect(screen.html).toContain('Plumber in Tema');
  expect(screen.html).toContain('<article class="card job-card"');
  expect(screen.html).toContain('Sign In to Post');
  const state = JSON.parse(screen.state) as {
    cache: { queries: { queryKey: unknown }[] };
    language: string;
    dataSaver: boolean;
  };
  expect(state).toMatchObject({ language: 'en-GH', dataSaver: false });
  expect(state.cache.queries.map((query) => query.queryKey)).toEqual([
    ['auth', 'user'],
    ['jobs', 'search', {}],
  ]);
});

test('a page is drawn in the language asked for, and the next one in its own', async () => {
  const jobs = { items: [{ ...job, title: 'Plumber in Tema' }], total: 1, nextCursor: null };
  const [twi, english] = await Promise.all([
    render('/jobs', { screen: 'jobs', jobs }, { language: 'ak', dataSaver: false }),
    render('/jobs', { screen: 'jobs', jobs }, { language: 'en-GH', dataSaver: false }),
  ]);
  expect(twi.html).toContain('Hwehwɛ nnwuma');
  expect(JSON.parse(twi.state)).toMatchObject({ language: 'ak' });
  expect(english.html).toContain('Browse Jobs');
  expect(english.html).not.toContain('Hwehwɛ nnwuma');
});

test('the sign-in screen is drawn at the step a form post reached, with its messages', async () => {
  const screen = await render(
    '/login',
    {
      screen: 'login',
      form: {
        step: 'code',
        phoneNumber: '+233245550199',
        deliveryMethod: 'sms',
        code: '',
        firstName: '',
        lastName: '',
        role: 'job_seeker',
        region: 'Ashanti',
        sentAt: Date.now(),
        errors: { code: 'Code must be 6 digits' },
        refusal: null,
        notice: null,
      },
    },
    { language: 'en-GH', dataSaver: false },
  );
  expect(screen.html).toContain('Enter Verification Code');
  expect(screen.html).toContain('Code must be 6 digits');
  expect(screen.html).toContain('action="/login" method="post"');
  expect(screen.html).toContain('name="phoneNumber" value="+233245550199"');
});
