// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, expect, test, vi } from 'vitest';
import type { Role } from '../../../contracts/auth.ts';
import { paths } from '../../../contracts/paths.ts';
import { renderWithApp } from '../../../tests/helpers/web-harness.tsx';
import { SeekerDashboard } from './seeker-dashboard.tsx';

function Where() {
  const location = useLocation();
  return <p>At {`${location.pathname}${location.search}`}</p>;
}

function openAs(role: Role, address: string) {
  vi.stubGlobal('fetch', async () => Response.json([]));
  renderWithApp(
    <MemoryRouter initialEntries={[address]}>
      <Routes>
        <Route path={paths.dashboard} element={<SeekerDashboard />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
    { user: { role } },
  );
}

afterEach(() => vi.unstubAllGlobals());

test("an SMS's short link to My Bookings or the Wallet opens the same tab of the reader's own dashboard", async () => {
  openAs('employer', '/dashboard?tab=bookings');
  expect(await screen.findByText(`At ${paths.employerDashboard}?tab=bookings`)).toBeTruthy();
});

test('an employer following a refund SMS lands on their own Wallet', async () => {
  openAs('employer', '/dashboard?tab=wallet');
  expect(await screen.findByText(`At ${paths.employerDashboard}?tab=wallet`)).toBeTruthy();
});

test("an artist's booking link opens My Bookings on the artist dashboard", async () => {
  openAs('artist', '/dashboard?tab=bookings');
  expect(await screen.findByText(`At ${paths.artistDashboard}?tab=my-bookings`)).toBeTruthy();
});

test('a job seeker stays on their own dashboard', async () => {
  openAs('job_seeker', '/dashboard?tab=bookings');
  expect(await screen.findByRole('heading', { name: 'My Dashboard' })).toBeTruthy();
});
