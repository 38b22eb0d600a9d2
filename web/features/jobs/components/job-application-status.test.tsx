// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { expect, test } from 'vitest';
import type { Application } from '../../../../contracts/applications.ts';
import { CONTACT_MESSAGES } from '../../../../contracts/contact.ts';
import type { Job } from '../../../../contracts/jobs.ts';
import { renderWithApp } from '../../../../tests/helpers/web-harness.tsx';
import { fakeServer } from '../../../lib/outbox/outbox-fakes.ts';
import { newOutboxItem } from '../../../lib/outbox/outbox-item.ts';
import { applyToJob } from '../api/create-application.ts';
import { applicationToJobQueryOptions } from '../api/get-user-applications.ts';
import { JobApplicationStatus } from './job-application-status.tsx';

const job = {
  id: 3,
  title: 'Plumber needed in Kumasi',
  isActive: true,
  employerId: 40,
} as Job;

const application = (status: Application['status'], contact: Application['contact'] = null) =>
  ({
    id: 9,
    jobId: 3,
    status,
    createdAt: '2026-11-22T10:00:00.000Z',
    contact,
  }) as Application;

const kwame = { firstName: 'Kwame', lastName: 'Mensah', phoneNumber: '+233241000001' };

function show(mine: Application | null, options: Parameters<typeof renderWithApp>[1] = {}) {
  return renderWithApp(
    <MemoryRouter>
      <JobApplicationStatus job={job} onApply={() => undefined} />
    </MemoryRouter>,
    {
      user: { id: 7, role: 'job_seeker', firstName: 'Kofi', lastName: 'Boateng' },
      queries: [[applicationToJobQueryOptions(job.id).queryKey, mine]],
      ...options,
    },
  );
}

const openContact = () => fireEvent.click(screen.getByRole('button', { name: 'Contact Employer' }));

test('a job applied to says when and how it stands, instead of Apply Now', () => {
  show(application('pending'));
  expect(screen.getByText(/^Applied on/).textContent).toBe('Applied on 22 Nov 2026: Pending');
  expect(screen.queryByRole('button', { name: 'Apply Now' })).toBeNull();
});

test('until the employer accepts, Contact Employer says when contact opens', () => {
  show(application('pending'));
  openContact();
  expect(screen.getByText(CONTACT_MESSAGES.employerAfterAccept)).toBeTruthy();
  expect(screen.queryByRole('link', { name: /WhatsApp/ })).toBeNull();
});

test('accepted, Contact Employer shows the number with Call and a polite WhatsApp message', () => {
  show(application('accepted', kwame));
  expect(screen.getByText(/^Applied on/).textContent).toBe('Applied on 22 Nov 2026: Accepted');
  openContact();
  const card = screen.getByRole('region', { name: 'Contact Kwame Mensah' });
  expect(within(card).getByText('+233241000001')).toBeTruthy();
  expect(within(card).getByRole('link', { name: 'Call' }).getAttribute('href')).toBe(
    'tel:+233241000001',
  );
  const whatsApp = new URL(
    within(card).getByRole('link', { name: 'WhatsApp' }).getAttribute('href') ?? '',
  );
  expect(`${whatsApp.origin}${whatsApp.pathname}`).toBe('https://wa.me/233241000001');
  expect(whatsApp.searchParams.get('text')).toBe(
    'Hello Kwame, this is Kofi Boateng. Thank you for accepting my application for "Plumber needed in Kumasi" on Ghana Gigs. When is a good time to talk about the work?',
  );
});

test('not applied yet: Apply Now, and contact opens only after an accepted application', () => {
  show(null);
  expect(screen.getByRole('button', { name: 'Apply Now' })).toBeTruthy();
  openContact();
  expect(screen.getByText(CONTACT_MESSAGES.employerAfterAccept)).toBeTruthy();
});

test('an application waiting in the outbox says so, and offers no second Apply Now', async () => {
  show(null, {
    online: false,
    server: fakeServer({ user: 'network', replies: Array(9).fill('network') }),
    outbox: [
      newOutboxItem(
        {
          kind: applyToJob.name,
          ...applyToJob.request({
            payload: { jobId: job.id, coverLetter: 'Hello' },
            jobTitle: job.title,
          }),
          userId: 7,
        },
        Date.now(),
        'key-waiting-abcdef',
      ),
    ],
  });
  expect((await screen.findByText('Waiting to send')).getAttribute('role')).toBe('status');
  expect(screen.queryByRole('button', { name: 'Apply Now' })).toBeNull();
});

test('the employer sees neither Apply Now nor Contact Employer on their own job', () => {
  show(null, { user: { id: 40, role: 'employer' } });
  expect(screen.queryByRole('button', { name: 'Apply Now' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Contact Employer' })).toBeNull();
});

test('a visitor signed out is asked to sign in, and told when contact opens', () => {
  show(null, { user: null });
  expect(screen.getByRole('link', { name: 'Sign In to Apply' })).toBeTruthy();
  openContact();
  expect(screen.getByText(CONTACT_MESSAGES.employerAfterAccept)).toBeTruthy();
});
