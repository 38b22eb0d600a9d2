// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, expect, test, vi } from 'vitest';
import { type AdminQueue, MODERATION_MESSAGES } from '../../../../contracts/moderation.ts';
import { renderWithApp } from '../../../../tests/helpers/web-harness.tsx';
import { AdminPage } from './admin-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const person = (id: number, name: string) => ({
  id,
  name,
  phoneNumber: `+23324000000${id}`,
  suspended: false,
});

const QUEUE: AdminQueue = {
  heldJobs: [
    {
      id: 11,
      title: 'Shop attendants wanted',
      description: 'Pay a registration fee of GHS 50.',
      region: 'Greater Accra',
      town: 'Madina',
      createdAt: '2026-11-20T10:00:00.000Z',
      poster: person(3, 'Owusu Provisions'),
      reason: 'Names a fee applicants pay: "registration fee"',
    },
  ],
  reported: [
    {
      targetType: 'artist',
      targetId: 4,
      title: 'DJ Fake',
      owner: person(4, 'Kofi Fake'),
      moderation: 'under_review',
      reports: [{ reason: 'fake', details: 'Not a real DJ', createdAt: '2026-11-21T10:00:00Z' }],
    },
  ],
  disputes: [
    {
      paymentId: 9,
      engagementType: 'booking',
      engagementId: 21,
      amount: '300.00',
      serviceFee: '15.00',
      disputedAt: '2026-11-22T10:00:00.000Z',
      disputedBy: 'payer',
      reason: 'The DJ never came',
      payer: person(5, 'Ama Owusu'),
      payee: person(6, 'Kofi Kasa'),
    },
  ],
  frozen: [
    {
      paymentId: 12,
      engagementType: 'application',
      engagementId: 31,
      status: 'held',
      amount: '400.00',
      serviceFee: '20.00',
      frozenAt: '2026-11-23T10:00:00.000Z',
      payer: person(7, 'Kwesi Appiah'),
      payee: { ...person(8, 'Esi Mensah'), suspended: true },
    },
  ],
};

/** The operator API at the edge: the queue on GET, scripted answers to decisions. */
function adminApi(decisions: { status: number; body: unknown }[] = []) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({
      method,
      url: String(input),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    if (method === 'GET') return Response.json(QUEUE);
    const answer = decisions.shift() ?? { status: 500, body: {} };
    return Response.json(answer.body, { status: answer.status });
  });
  return calls;
}

const renderPage = (isAdmin = true) =>
  renderWithApp(
    <MemoryRouter>
      <AdminPage />
    </MemoryRouter>,
    { user: { isAdmin } },
  );

test('someone who is not an operator is told so, and the queue is never asked for', () => {
  const calls = adminApi();
  renderPage(false);
  expect(screen.getByText(MODERATION_MESSAGES.notAdmin)).toBeTruthy();
  expect(calls).toEqual([]);
});

test('an operator sees held posts with why they were held, reports and disputes', async () => {
  adminApi();
  renderPage();
  expect(await screen.findByRole('heading', { name: 'Held posts (1)' })).toBeTruthy();
  expect(screen.getByText('Names a fee applicants pay: "registration fee"')).toBeTruthy();
  expect(screen.getByRole('heading', { name: 'Reports (1)' })).toBeTruthy();
  expect(screen.getByText('Not a real DJ')).toBeTruthy();
  expect(screen.getByRole('heading', { name: 'Payment disputes (1)' })).toBeTruthy();
  expect(screen.getByText('The DJ never came')).toBeTruthy();
});

test('Publish goes at once; Suspend asks first and sends nothing until confirmed', async () => {
  const calls = adminApi([
    { status: 200, body: { moderation: 'published', message: MODERATION_MESSAGES.published } },
    { status: 200, body: { moderation: 'suspended', message: MODERATION_MESSAGES.suspendedDone } },
  ]);
  renderPage();
  await screen.findByRole('heading', { name: 'Held posts (1)' });
  const posts = () => calls.filter((call) => call.method === 'POST');

  fireEvent.click(screen.getAllByRole('button', { name: 'Publish' })[0] as HTMLElement);
  expect(await screen.findByText(MODERATION_MESSAGES.published)).toBeTruthy();
  expect(posts()).toEqual([
    {
      method: 'POST',
      url: '/api/admin/moderation',
      body: { targetType: 'job', targetId: 11, action: 'publish' },
    },
  ]);

  fireEvent.click(screen.getAllByRole('button', { name: 'Suspend' })[1] as HTMLElement);
  const dialog = screen.getByRole('dialog', { name: 'Suspend Kofi Fake?' });
  expect(posts()).toHaveLength(1);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
  expect(await screen.findByText(MODERATION_MESSAGES.suspendedDone)).toBeTruthy();
  expect(posts()[1]).toEqual({
    method: 'POST',
    url: '/api/admin/moderation',
    body: { targetType: 'artist', targetId: 4, action: 'suspend' },
  });
});

test("a refused decision shows the server's reason in its dialog", async () => {
  const calls = adminApi([
    { status: 409, body: { message: 'Payment 9 is released, not disputed' } },
  ]);
  renderPage();
  await screen.findByRole('heading', { name: 'Payment disputes (1)' });
  const dispute = screen.getByText('The DJ never came').closest('li') as HTMLElement;
  fireEvent.click(within(dispute).getByRole('button', { name: 'Refund payer' }));
  const dialog = screen.getByRole('dialog', { name: 'Refund Ama Owusu in full?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Refund payer' }));
  await waitFor(() =>
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Payment 9 is released, not disputed',
    ),
  );
  expect(calls.filter((call) => call.method === 'POST')).toEqual([
    { method: 'POST', url: '/api/admin/disputes/9', body: { decision: 'refund' } },
  ]);
});

test("a payment frozen by its payee's suspension: Release and Refund go by the operator's payment path; Lift suspension by moderation", async () => {
  const calls = adminApi([
    { status: 200, body: { paymentId: 12, status: 'refunded' } },
    {
      status: 200,
      body: { moderation: 'published', message: MODERATION_MESSAGES.unsuspendedDone },
    },
  ]);
  renderPage();
  expect(await screen.findByRole('heading', { name: 'Frozen payments (1)' })).toBeTruthy();
  const item = screen.getByText('Job application #31: GHS 400.00').closest('li') as HTMLElement;
  expect(within(item).getByText('Frozen')).toBeTruthy();
  expect(within(item).getByRole('button', { name: 'Release to payee' })).toBeTruthy();
  fireEvent.click(within(item).getByRole('button', { name: 'Refund payer' }));
  const dialog = screen.getByRole('dialog', { name: 'Refund Kwesi Appiah in full?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Refund payer' }));
  await waitFor(() =>
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/admin/disputes/12', body: { decision: 'refund' } },
    ]),
  );
  fireEvent.click(within(item).getByRole('button', { name: 'Lift suspension' }));
  const lift = screen.getByRole('dialog', { name: 'Lift the suspension of Esi Mensah?' });
  fireEvent.click(within(lift).getByRole('button', { name: 'Lift suspension' }));
  expect(await screen.findByText(MODERATION_MESSAGES.unsuspendedDone)).toBeTruthy();
  expect(calls.filter((call) => call.method === 'POST')[1]).toEqual({
    method: 'POST',
    url: '/api/admin/moderation',
    body: { targetType: 'user', targetId: 8, action: 'unsuspend' },
  });
});
