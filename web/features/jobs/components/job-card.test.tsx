// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, expect, test } from 'vitest';
import type { JobListing } from '../../../../contracts/jobs.ts';
import { JobCard } from './job-card.tsx';
import { JobPoster } from './job-poster.tsx';

afterEach(cleanup);

const job: JobListing = {
  id: 5,
  title: 'Shop assistant in Madina',
  description: 'Sell provisions and keep the shop clean.',
  category: 'general_labor',
  region: 'Greater Accra',
  town: 'Madina',
  jobType: 'fixed',
  hourlyRate: null,
  fixedPrice: '900.00',
  estimatedHours: null,
  requiredSkills: ['Sales'],
  startDate: null,
  isActive: true,
  createdAt: '2026-11-20T10:00:00.000Z',
  employerId: 3,
  employer: { id: 3, name: 'Owusu Provisions', phoneVerified: true },
  moderation: 'published',
};

test('a job card says who posts, whether their phone is verified, the town and region, and when', () => {
  render(
    <MemoryRouter>
      <JobCard job={job} />
    </MemoryRouter>,
  );
  const card = screen.getByRole('article', { name: job.title });
  expect(card.textContent).toContain('By Owusu ProvisionsPhone verified');
  expect(card.textContent).toContain('Posted 20 Nov 2026');
  expect(card.textContent).toContain('Madina, Greater Accra');
  // The card leads to the job; only the job's page links the poster.
  expect(screen.queryByRole('link', { name: 'Owusu Provisions' })).toBeNull();
});

test("on the job's page the poster leads to their profile; no town, no tick when unverified", () => {
  const plain = { ...job, town: null, employer: { ...job.employer, phoneVerified: false } };
  render(
    <MemoryRouter>
      <JobPoster job={plain} linked />
      <JobCard job={plain} />
    </MemoryRouter>,
  );
  expect(screen.getByRole('link', { name: 'Owusu Provisions' }).getAttribute('href')).toBe(
    '/employers/3',
  );
  expect(screen.queryByText('Phone verified')).toBeNull();
  expect(screen.getByRole('article').textContent).toContain('Greater Accra');
  expect(screen.getByRole('article').textContent).not.toContain(',  Greater');
});
