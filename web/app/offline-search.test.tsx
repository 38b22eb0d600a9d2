// @vitest-environment happy-dom
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest';
import type { Artist } from '../../contracts/artists.ts';
import type { JobListing } from '../../contracts/jobs.ts';
import { aJob, pageOf } from '../../tests/helpers/web-fixtures.ts';
import { renderWithApp } from '../../tests/helpers/web-harness.tsx';
import { artistsQueryOptions } from '../features/artists/api/get-artists.ts';
import { ArtistsPage } from '../features/artists/components/artists-page.tsx';
import { jobsQueryOptions } from '../features/jobs/api/get-jobs.ts';
import { JobsPage } from '../features/jobs/components/jobs-page.tsx';

// Back online after each test, paused searches go out: an empty page answers them.
beforeAll(() => vi.stubGlobal('fetch', async () => Response.json([])));
afterEach(() => onlineManager.setOnline(true));
afterAll(() => vi.unstubAllGlobals());

const job = (id: number, title: string, region: string): JobListing =>
  aJob({
    id,
    title,
    region,
    description: 'Work for a small business; tools provided.',
    employerId: 1,
  });

function renderOffline(
  ui: ReactNode,
  url: string,
  options: { seed?: (queryClient: QueryClient) => void },
) {
  return renderWithApp(<MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>, {
    online: false,
    seed: (queryClient) => {
      // The app's query client reads the browser's state when it is made; this phone has none.
      onlineManager.setOnline(false);
      options.seed?.(queryClient);
    },
  });
}

test('offline, a new job search looks through the jobs saved on the phone', async () => {
  renderOffline(<JobsPage />, '/jobs?q=PLUMB&region=Ashanti', {
    seed: (queryClient) => {
      queryClient.setQueryData(
        jobsQueryOptions().queryKey,
        pageOf([
          job(1, 'Plumber for a hotel', 'Ashanti'),
          job(2, 'Electrician for a shop', 'Ashanti'),
          job(3, 'Plumber for a school', 'Volta'),
        ]),
      );
      // A search seen earlier: its jobs are saved too, once each.
      queryClient.setQueryData(
        jobsQueryOptions({ q: 'hotel' }).queryKey,
        pageOf([job(1, 'Plumber for a hotel', 'Ashanti'), job(4, 'Plumber at Kejetia', 'Ashanti')]),
      );
    },
  });
  expect(await screen.findByText('2 saved job(s) found')).toBeTruthy();
  expect(screen.getByText('Plumber for a hotel')).toBeTruthy();
  expect(screen.getByText('Plumber at Kejetia')).toBeTruthy();
  expect(screen.queryByText('Plumber for a school')).toBeNull();
  expect(screen.getByText(/searching the 4 jobs saved on this phone/)).toBeTruthy();
  expect(screen.queryByText('Not saved on this phone')).toBeNull();
});

test('offline, an artist search looks through the saved artists by stage name or bio', async () => {
  const artist = (id: number, stageName: string, bio: string): Artist => ({
    id,
    userId: id,
    reviewCount: 0,
    phoneVerified: true,
    moderation: 'published',
    cancellationPolicy: 'moderate',
    stageName,
    bio,
    region: 'Greater Accra',
    performanceTypes: ['DJ'],
    hourlyRate: '150.00',
    eventRate: null,
    rating: null,
    portfolioImages: [],
  });
  renderOffline(<ArtistsPage />, '/artists?q=highlife', {
    seed: (queryClient) =>
      queryClient.setQueryData(
        artistsQueryOptions().queryKey,
        pageOf([
          artist(1, 'DJ Kasa', 'Afrobeats and highlife all night.'),
          artist(2, 'Highlife Kings', 'A band from Cape Coast.'),
          artist(3, 'MC Ama', 'Weddings and funerals.'),
        ]),
      ),
  });
  expect(await screen.findByText('2 saved artist(s) found')).toBeTruthy();
  expect(screen.getByText('DJ Kasa')).toBeTruthy();
  expect(screen.getByText('Highlife Kings')).toBeTruthy();
  expect(screen.queryByText('MC Ama')).toBeNull();
});

test('offline with nothing saved, the search says so', async () => {
  renderOffline(<JobsPage />, '/jobs?q=plumb', {});
  expect(await screen.findByText('Not saved on this phone')).toBeTruthy();
});
