// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { expect, test } from 'vitest';
import { JOB_MESSAGES } from '../../../../contracts/jobs.ts';
import { MODERATION_MESSAGES } from '../../../../contracts/moderation.ts';
import { renderWithApp } from '../../../../tests/helpers/web-harness.tsx';
import { fakeServer } from '../../../lib/outbox/outbox-fakes.ts';
import { PostJobPage } from './post-job-page.tsx';

function renderWizard(options: Parameters<typeof renderWithApp>[1] = {}) {
  return renderWithApp(
    <MemoryRouter initialEntries={['/post-job']}>
      <Routes>
        <Route path="/post-job" element={<PostJobPage />} />
        <Route path="/jobs" element={<p>The job lists</p>} />
        <Route path="/dashboard/employer" element={<p>The employer dashboard</p>} />
      </Routes>
    </MemoryRouter>,
    options,
  );
}

const step = (name: string) => screen.getByRole('heading', { level: 2, name });
const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** Fills steps 1 to 3 with a valid hourly job and stops on the review. */
function fillValidJob(title = 'Electrician to rewire a shop') {
  fireEvent.click(screen.getByRole('radio', { name: /Skilled Trades/ }));
  next();
  type('Job Title', title);
  type('Description', 'Rewire a small shop in Adum: new sockets and a distribution board.');
  type('Required Skills', 'Wiring, , Solar ');
  next();
  type('Region', 'Ashanti');
  type('Hourly Rate (GHS)', '45');
  next();
}

test('Next checks only the step on screen; Previous goes back keeping what was typed', () => {
  renderWizard();
  expect(step('Step 1 of 4: Category')).toBeTruthy();
  next();
  expect(screen.getByText(JOB_MESSAGES.category)).toBeTruthy();
  expect(step('Step 1 of 4: Category')).toBeTruthy();

  fireEvent.click(screen.getByRole('radio', { name: /Skilled Trades/ }));
  next();
  expect(step('Step 2 of 4: Details')).toBeTruthy();
  next();
  expect(screen.getByText(JOB_MESSAGES.title)).toBeTruthy();
  expect(screen.getByText(JOB_MESSAGES.description)).toBeTruthy();
  // The next step's rules are not this step's business.
  expect(screen.queryByText(JOB_MESSAGES.region)).toBeNull();

  type('Job Title', 'Electrician to rewire a shop');
  type('Description', 'Rewire a small shop in Adum: new sockets and a distribution board.');
  next();
  expect(step('Step 3 of 4: Location & Rate')).toBeTruthy();
  // With a fixed price the rate message shows under the field on screen.
  fireEvent.click(screen.getByRole('radio', { name: 'Fixed Price' }));
  next();
  expect(screen.getByText(JOB_MESSAGES.region)).toBeTruthy();
  expect(screen.getByLabelText('Fixed Price (GHS)').getAttribute('aria-invalid')).toBe('true');
  expect(screen.getByText(JOB_MESSAGES.rate)).toBeTruthy();

  fireEvent.click(screen.getByRole('button', { name: /Previous/ }));
  expect(step('Step 2 of 4: Details')).toBeTruthy();
  expect(screen.getByLabelText<HTMLInputElement>('Job Title').value).toBe(
    'Electrician to rewire a shop',
  );
  // Going back clears the messages rather than checking anything.
  expect(screen.queryByText(JOB_MESSAGES.region)).toBeNull();
});

test('the review shows the job as it will be posted, and Publish posts it and goes to the lists', async () => {
  const server = fakeServer({ replies: [{ status: 201, body: { id: 99 } }] });
  const { toasts } = renderWizard({ server });
  fillValidJob();
  expect(step('Step 4 of 4: Review')).toBeTruthy();
  expect(screen.getByText('GHS 45.00/hr')).toBeTruthy();
  expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toContain('Solar');

  fireEvent.click(screen.getByRole('button', { name: 'Publish Job' }));
  expect(await screen.findByText('The job lists')).toBeTruthy();
  expect(server.calls).toMatchObject([
    {
      method: 'POST',
      url: '/api/jobs',
      body: {
        title: 'Electrician to rewire a shop',
        category: 'skilled_trades',
        region: 'Ashanti',
        jobType: 'hourly',
        hourlyRate: '45',
        fixedPrice: null,
        requiredSkills: ['Wiring', 'Solar'],
      },
    },
  ]);
  expect(toasts.map((toast) => toast.title)).toEqual(['Job Posted Successfully!']);
});

test("a job the server refuses keeps the wizard as it was, with the server's reason", async () => {
  const server = fakeServer({
    replies: [{ status: 422, body: { message: 'You can post at most 20 jobs a day' } }],
  });
  const { toasts } = renderWizard({ server });
  fillValidJob();
  fireEvent.click(screen.getByRole('button', { name: 'Publish Job' }));
  await waitFor(() => expect(toasts).toHaveLength(1));
  expect(toasts[0]).toEqual({
    variant: 'destructive',
    title: 'Error Posting Job',
    description: 'You can post at most 20 jobs a day',
  });
  expect(step('Step 4 of 4: Review')).toBeTruthy();
  expect(screen.queryByText('The job lists')).toBeNull();
});

test('offline, Publish keeps the job for later and shows the dashboard where it waits', async () => {
  const { toasts, server, storage } = renderWizard({ online: false });
  fillValidJob('Carpenter for shop shelves');
  fireEvent.click(screen.getByRole('button', { name: 'Publish Job' }));
  expect(await screen.findByText('The employer dashboard')).toBeTruthy();
  expect(toasts.map((toast) => toast.title)).toEqual([
    "Saved. It will be sent when you're back online.",
  ]);
  expect(server.calls).toEqual([]);
  expect([...storage.items.values()]).toMatchObject([
    { kind: 'job', state: 'pending', title: 'Job post: Carpenter for shop shelves' },
  ]);
});

test('a post asking applicants for money is flagged before Publish, and the poster is told it is held', async () => {
  const server = fakeServer({ replies: [{ status: 201, body: { id: 99, moderation: 'held' } }] });
  const { toasts } = renderWizard({ server });
  fireEvent.click(screen.getByRole('radio', { name: /General Labor/ }));
  next();
  type('Job Title', 'Shop attendants wanted');
  type('Description', 'Sell provisions. Pay a registration fee of GHS 50 before the interview.');
  type('Required Skills', 'Sales');
  next();
  type('Region', 'Greater Accra');
  fireEvent.change(screen.getByLabelText(/^Town or Area/), { target: { value: '  Madina ' } });
  fireEvent.click(screen.getByRole('radio', { name: 'Fixed Price' }));
  type('Fixed Price (GHS)', '600');
  next();
  expect(screen.getByText('Madina, Greater Accra')).toBeTruthy();
  expect(screen.getByRole('note').textContent).toBe(
    MODERATION_MESSAGES.heldTitle + MODERATION_MESSAGES.held,
  );

  fireEvent.click(screen.getByRole('button', { name: 'Publish Job' }));
  // Held: to the dashboard, where the job shows as held, not to the lists.
  expect(await screen.findByText('The employer dashboard')).toBeTruthy();
  expect(server.calls).toMatchObject([{ body: { town: 'Madina', region: 'Greater Accra' } }]);
  expect(toasts).toEqual([
    { title: MODERATION_MESSAGES.heldTitle, description: MODERATION_MESSAGES.held },
  ]);
});

test('an honest post shows no warning', () => {
  renderWizard();
  fillValidJob();
  expect(screen.queryByRole('note')).toBeNull();
});
