// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { CANCELLATION_POLICY_SENTENCES } from '../../../../contracts/engagements.ts';
import { PRICE_FLOOR_MESSAGES } from '../../../../contracts/money.ts';
import { anArtist } from '../../../../tests/helpers/web-fixtures.ts';
import { renderWithApp } from '../../../../tests/helpers/web-harness.tsx';
import { ArtistProfileEditor } from './artist-profile-editor.tsx';

const artist = anArtist();

afterEach(() => {
  vi.unstubAllGlobals();
});

test('rates under their floors are refused on the form before anything is sent, with the floor', () => {
  const fetch = vi.fn();
  vi.stubGlobal('fetch', fetch);
  renderWithApp(<ArtistProfileEditor artist={artist} />);
  fireEvent.change(screen.getByLabelText(/Hourly Rate/), { target: { value: '4.99' } });
  fireEvent.change(screen.getByLabelText(/Event Rate/), { target: { value: '0.01' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
  expect(screen.getByText(PRICE_FLOOR_MESSAGES.hourlyRate)).toBeTruthy();
  expect(screen.getByText('Event rate must be at least GHS 20.00')).toBeTruthy();
  expect(fetch).not.toHaveBeenCalled();
});

test('the artist chooses a cancellation policy, said in one sentence each, and it is sent', async () => {
  const fetch = vi.fn(async () => Response.json({ ...artist, cancellationPolicy: 'strict' }));
  vi.stubGlobal('fetch', fetch);
  renderWithApp(<ArtistProfileEditor artist={artist} />);
  const moderate = screen.getByRole('radio', { name: CANCELLATION_POLICY_SENTENCES.moderate });
  expect((moderate as HTMLInputElement).checked).toBe(true);
  fireEvent.click(screen.getByRole('radio', { name: CANCELLATION_POLICY_SENTENCES.strict }));
  fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
  await waitFor(() => expect(fetch).toHaveBeenCalled());
  const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
  expect(url).toBe('/api/artists/me');
  expect(JSON.parse(String(init.body))).toMatchObject({ cancellationPolicy: 'strict' });
});
