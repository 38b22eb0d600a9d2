// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { MyArtist } from '../../contracts/artists.ts';
import type { Job } from '../../contracts/jobs.ts';
import {
  aBooking,
  aJob,
  anApplication,
  anArtist,
  pageOf,
  unpaid,
} from '../../tests/helpers/web-fixtures.ts';
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

/** Taps `button`, answers the dialog that opens with `answer`, and gives the dialog back. */
function tapAndAnswer(button: HTMLElement, question: string, answer: string) {
  fireEvent.click(button);
  const dialog = screen.getByRole('dialog', { name: question });
  fireEvent.click(within(dialog).getByRole('button', { name: answer }));
  return dialog;
}

test('Reject on an applicant asks first; Cancel sends nothing, Reject in the dialog sends it', async () => {
  const server = fakeServer({ replies: [{ status: 200, body: {} }] });
  const application = anApplication({
    id: 31,
    jobId: 4,
    status: 'pending',
    coverLetter: 'I have wired shops in Kumasi for 6 years.',
    job: { title: 'Electrician', category: 'skilled_trades', region: 'Ashanti' },
    applicant: { firstName: 'Kofi', lastName: 'Boateng', email: null },
    contact: null,
    payment: unpaid('500.00', '25.00'),
    allowedActions: [],
  });
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
  const booking = aBooking({
    id: 8,
    artistId: 3,
    clientId: 9,
    eventDate: '2030-01-10T18:30:00.000Z',
    status: 'pending',
    client: { firstName: 'Adwoa', lastName: 'Asantewaa' },
    contact: null,
    payment: unpaid('735.00', '36.75'),
    allowedActions: [],
  });
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
  const job: Job = { ...aJob(), applicationCount: 2 };
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
    ...anArtist({ id: 3, userId: 7, stageName: 'DJ Kasa', portfolioImages: ['/uploads/a.webp'] }),
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
