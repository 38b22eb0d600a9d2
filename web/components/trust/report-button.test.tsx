// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, expect, test, vi } from 'vitest';
import { MODERATION_MESSAGES } from '../../../contracts/moderation.ts';
import { renderWithApp } from '../../../tests/helpers/web-harness.tsx';
import { USER_QUERY_KEY } from '../../lib/query-client.ts';
import { ReportButton } from './report-button.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** POST /api/reports at the edge: answers in turn, and every call recorded. */
function reportsApi(answers: { status: number; body: unknown }[]) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({
      method: init?.method ?? 'GET',
      url: String(input),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    const answer = answers.shift();
    if (!answer) throw new TypeError('Failed to fetch');
    return Response.json(answer.body, { status: answer.status });
  });
  return calls;
}

const renderButton = (ownerId = 42) =>
  renderWithApp(
    <MemoryRouter>
      <ReportButton targetType="job" targetId={5} ownerId={ownerId} />
    </MemoryRouter>,
  );

const openDialog = () => {
  fireEvent.click(screen.getByRole('button', { name: 'Report this job' }));
  return screen.getByRole('dialog', { name: 'Report this job' });
};

test('a reason and details are sent; the reporter is thanked and the dialog closes', async () => {
  const calls = reportsApi([{ status: 201, body: { id: 1 } }]);
  renderButton();
  const dialog = openDialog();
  fireEvent.click(within(dialog).getByRole('radio', { name: 'Asks for money' }));
  fireEvent.change(within(dialog).getByLabelText(/^Details/), {
    target: { value: '  They asked for GHS 50 by MoMo  ' },
  });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Send Report' }));
  expect(await screen.findByText(MODERATION_MESSAGES.reported)).toBeTruthy();
  expect(calls).toEqual([
    {
      method: 'POST',
      url: '/api/reports',
      body: {
        targetType: 'job',
        targetId: 5,
        reason: 'asks_for_money',
        details: 'They asked for GHS 50 by MoMo',
      },
    },
  ]);
  expect(screen.queryByRole('dialog', { name: 'Report this job' })).toBeNull();
});

test('without a reason nothing is sent, and the dialog says what is missing', () => {
  const calls = reportsApi([]);
  renderButton();
  const dialog = openDialog();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Send Report' }));
  expect(within(dialog).getByRole('alert').textContent).toBe(MODERATION_MESSAGES.reportReason);
  expect(calls).toEqual([]);
});

test("the server's refusal shows inside the open dialog, not under it", async () => {
  reportsApi([{ status: 409, body: { message: MODERATION_MESSAGES.duplicate } }]);
  renderButton();
  const dialog = openDialog();
  fireEvent.click(within(dialog).getByRole('radio', { name: 'Fake or misleading' }));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Send Report' }));
  await waitFor(() =>
    expect(within(dialog).getByRole('alert').textContent).toBe(MODERATION_MESSAGES.duplicate),
  );
  expect(screen.getByRole('dialog', { name: 'Report this job' })).toBeTruthy();
});

test('the owner of a listing gets no Report button; a guest is sent to sign in', async () => {
  const owner = renderButton(7);
  expect(screen.queryByRole('button', { name: /Report/ })).toBeNull();
  owner.unmount();
  const guest = renderButton();
  act(() => guest.queryClient.setQueryData(USER_QUERY_KEY, null));
  const link = await screen.findByRole('link', { name: 'Report' });
  expect(link.getAttribute('href')).toBe('/login');
});
