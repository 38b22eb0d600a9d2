// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { Application } from '../../contracts/applications.ts';
import type { MyArtist } from '../../contracts/artists.ts';
import type { Booking } from '../../contracts/bookings.ts';
import type { Job } from '../../contracts/jobs.ts';
import type { Page } from '../../contracts/paging.ts';
import { renderWithApp } from '../../tests/helpers/web-harness.tsx';
import { PortfolioManager } from '../features/artists/components/portfolio-manager.tsx';
import { artistBookingsQueryOptions } from '../features/engagements/api/get-artist-bookings.ts';
import { jobApplicationsQueryOptions } from '../features/engagements/api/get-job-applications.ts';
import { Applicants } from '../features/engagements/components/applicants.tsx';
import { ArtistBookings } from '../features/engagements/components/artist-bookings.tsx';
import { EmployerJobCard } from '../features/jobs/components/employer-job-card.tsx';
import { fakeServer } from '../lib/outbox/outbox-fakes.ts';

// Refreshes after a write ask the server again: an empty page is enough here.
beforeEach(() => vi.stubGlobal('fetch', async () => Response.json([])));
afterEach(() => vi.unstubAllGlobals());

const unpaid = {
  payment: {
    status: 'unpaid',
    amount: '500.00',
    serviceFee: '25.00',
    paidAt: null,
    releasedAt: null,
  },
  completion: {
    payerConfirmedAt: null,
    payeeConfirmedAt: null,
    disputedAt: null,
    autoReleaseAt: null,
    confirmableFrom: null,
  },
} as const;

const pageOf = <T,>(items: T[]) => ({
  pages: [{ items, total: items.length, nextCursor: null } satisfies Page<T>],
  pageParams: [undefined],
});

/** Taps `button`, answers the dialog that opens with `answer`, and gives the dialog back. */
function tapAndAnswer(button: HTMLElement, question: string, answer: string) {
  fireEvent.click(button);
  const dialog = screen.getByRole('dialog', { name: question });
  fireEvent.click(within(dialog).getByRole('button', { name: answer }));
  return dialog;
}

test('Reject on an applicant asks first; Cancel sends nothing, Reject in the dialog sends it', async () => {
  const server = fakeServer({ replies: [{ status: 200, body: {} }] });
  const application: Application = {
    id: 31,
    contact: null,
    review: { openUntil: null, mine: null, theirs: null },
    jobId: 4,
    coverLetter: 'I have wired shops in Kumasi for 6 years.',
    status: 'pending',
    createdAt: '2026-01-01T10:00:00.000Z',
    job: { title: 'Electrician', category: 'skilled_trades', region: 'Ashanti' },
    applicant: { firstName: 'Kofi', lastName: 'Boateng', email: null },
    ...unpaid,
    allowedActions: [],
    milestones: [],
  };
  renderWithApp(<Applicants jobId={4} />, {
    server,
    seed: (queryClient) =>
      queryClient.setQueryData(jobApplicationsQueryOptions(4).queryKey, pageOf([application])),
  });

  const reject = await screen.findByRole('button', { name: 'Reject' });
  const dialog = tapAndAnswer(reject, 'Reject Kofi Boateng?', 'Cancel');
  expect(within(dialog).queryByText(/This is final/)).toBeNull();
  expect(server.calls).toEqual([]);

  tapAndAnswer(reject, 'Reject Kofi Boateng?', 'Reject');
  await waitFor(() =>
    expect(server.calls).toMatchObject([
      { method: 'PATCH', url: '/api/applications/31', body: { status: 'rejected' } },
    ]),
  );
});

test("Reject on an artist's booking request asks first", async () => {
  const server = fakeServer({ replies: [{ status: 200, body: {} }] });
  const booking: Booking = {
    id: 8,
    artistId: 3,
    contact: null,
    review: { openUntil: null, mine: null, theirs: null },
    clientId: 9,
    eventDate: '2030-01-10T18:30:00.000Z',
    eventDuration: 3,
    eventType: 'Wedding',
    venue: 'Labadi Beach Hotel',
    eventDetails: null,
    totalAmount: '735.00',
    rateType: 'hourly',
    status: 'pending',
    createdAt: '2026-01-01T10:00:00.000Z',
    client: { firstName: 'Adwoa', lastName: 'Asantewaa' },
    ...unpaid,
    allowedActions: [],
    cancellationPolicy: 'moderate',
    refundIfCancelledNow: null,
  };
  renderWithApp(<ArtistBookings view="pending" empty={null} actions />, {
    server,
    seed: (queryClient) =>
      queryClient.setQueryData(artistBookingsQueryOptions('pending').queryKey, pageOf([booking])),
  });
  const reject = await screen.findByRole('button', { name: 'Reject' });
  tapAndAnswer(reject, 'Reject this booking request?', 'Cancel');
  expect(server.calls).toEqual([]);
  tapAndAnswer(reject, 'Reject this booking request?', 'Reject');
  await waitFor(() =>
    expect(server.calls).toMatchObject([
      { method: 'PATCH', url: '/api/bookings/8', body: { status: 'rejected' } },
    ]),
  );
});

test('Close Job asks first; Reopen Job, which harms nobody, does not', async () => {
  const server = fakeServer({
    replies: [
      { status: 200, body: {} },
      { status: 200, body: {} },
    ],
  });
  const job: Job = {
    id: 4,
    title: 'Electrician to rewire a shop',
    town: null,
    employer: { id: 7, name: 'Ama Owusu', phoneVerified: true },
    moderation: 'published',
    description: 'Rewire a small shop in Adum.',
    category: 'skilled_trades',
    region: 'Ashanti',
    jobType: 'fixed',
    hourlyRate: null,
    fixedPrice: '500.00',
    estimatedHours: null,
    requiredSkills: [],
    startDate: null,
    isActive: true,
    createdAt: '2026-01-01T10:00:00.000Z',
    employerId: 7,
    applicationCount: 2,
  };
  const card = (shown: Job) => (
    <MemoryRouter>
      <EmployerJobCard job={shown} onViewApplicants={() => {}} />
    </MemoryRouter>
  );
  const view = renderWithApp(card(job), { server });
  tapAndAnswer(screen.getByRole('button', { name: 'Close Job' }), 'Close this job?', 'Cancel');
  expect(server.calls).toEqual([]);
  tapAndAnswer(screen.getByRole('button', { name: 'Close Job' }), 'Close this job?', 'Close Job');
  await waitFor(() =>
    expect(server.calls).toMatchObject([
      { method: 'PATCH', url: '/api/jobs/4', body: { isActive: false } },
    ]),
  );

  view.unmount();
  renderWithApp(card({ ...job, isActive: false }), { server });
  fireEvent.click(screen.getByRole('button', { name: 'Reopen Job' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  await waitFor(() => expect(server.calls).toHaveLength(2));
});

test('Remove on a portfolio picture asks first', async () => {
  const server = fakeServer();
  const artist: MyArtist = {
    id: 3,
    userId: 7,
    stageName: 'DJ Kasa',
    reviewCount: 0,
    phoneVerified: true,
    moderation: 'published',
    cancellationPolicy: 'moderate',
    bio: null,
    region: 'Greater Accra',
    performanceTypes: ['DJ'],
    hourlyRate: '150.00',
    eventRate: null,
    rating: null,
    portfolioImages: ['/uploads/a.webp'],
    portfolio: [{ id: 55, url: '/uploads/a.webp' }],
  };
  const requests: string[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    requests.push(`${init?.method ?? 'GET'} ${url}`);
    return Response.json({ ...artist, portfolio: [], portfolioImages: [] });
  });
  renderWithApp(<PortfolioManager artist={artist} />, { server });
  tapAndAnswer(screen.getByRole('button', { name: 'Remove' }), 'Remove this picture?', 'Cancel');
  expect(requests).toEqual([]);
  tapAndAnswer(screen.getByRole('button', { name: 'Remove' }), 'Remove this picture?', 'Remove');
  await waitFor(() => expect(requests).toContain('DELETE /api/artists/me/portfolio/55'));
});
