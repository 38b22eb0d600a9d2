// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { expect, test } from 'vitest';
import type { ArtistDetail } from '../../../../contracts/artists.ts';
import { CANCELLATION_POLICY_SENTENCES } from '../../../../contracts/engagements.ts';
import { anArtist } from '../../../../tests/helpers/web-fixtures.ts';
import { renderWithApp } from '../../../../tests/helpers/web-harness.tsx';
import { availabilityQueryOptions } from '../api/get-availability.ts';
import { ArtistProfile } from './artist-profile.tsx';

const artist: ArtistDetail = { ...anArtist(), paidGigs: 0, cancelledByArtist: 0 };

test('a booked day shows as taken in Availability, listed free or not', () => {
  renderWithApp(
    <MemoryRouter>
      <ArtistProfile
        artist={artist}
        bookedDays={['2099-03-14', '2099-03-20']}
        onBook={() => undefined}
        reviews={null}
      />
    </MemoryRouter>,
    {
      queries: [
        [
          availabilityQueryOptions(artist.id).queryKey,
          [
            { date: '2099-03-14', timeSlot: '18:00 - 23:00' },
            { date: '2099-03-15', timeSlot: null },
          ],
        ],
      ],
    },
  );
  fireEvent.click(screen.getByRole('tab', { name: 'Availability' }));
  const days = screen
    .getAllByRole('listitem')
    .filter((item) => /2099/.test(item.textContent ?? ''));
  expect(days.map((day) => day.textContent)).toEqual([
    'Saturday, 14 March 2099Booked',
    'Sunday, 15 March 2099',
    'Friday, 20 March 2099Booked',
  ]);
  expect(within(days[0] as HTMLElement).queryByText('18:00 - 23:00')).toBeNull();
});

test('the profile says the cancellation policy in one sentence, and the bookings the artist cancelled beside the paid gigs', () => {
  renderWithApp(
    <MemoryRouter>
      <ArtistProfile
        artist={{ ...artist, paidGigs: 12, cancelledByArtist: 2, cancellationPolicy: 'strict' }}
        bookedDays={[]}
        onBook={() => undefined}
        reviews={null}
      />
    </MemoryRouter>,
  );
  expect(screen.getByText(CANCELLATION_POLICY_SENTENCES.strict)).toBeTruthy();
  expect(screen.getByText('Paid through Ghana Gigs: 12 gigs')).toBeTruthy();
  expect(screen.getByText('Cancelled 2 bookings')).toBeTruthy();
});
