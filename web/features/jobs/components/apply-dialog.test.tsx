// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { APPLICATION_MESSAGES } from '../../../../contracts/applications.ts';
import type { Job } from '../../../../contracts/jobs.ts';
import { renderWithApp } from '../../../../tests/helpers/web-harness.tsx';
import { fakeServer } from '../../../lib/outbox/outbox-fakes.ts';
import { ApplyDialog } from './apply-dialog.tsx';

const job = {
  id: 3,
  title: 'Plumber needed in Kumasi',
  description: 'Fix leaking pipes and install a new water heater in a family house.',
  category: 'skilled_trades',
  region: 'Ashanti',
  jobType: 'hourly',
  hourlyRate: '45.00',
  fixedPrice: null,
  estimatedHours: 8,
  requiredSkills: ['Plumbing'],
  startDate: null,
  isActive: true,
  createdAt: '2026-11-22T10:00:00.000Z',
  employerId: 40,
  applicationCount: 0,
} as unknown as Job;

const write = (text: string) =>
  fireEvent.change(screen.getByLabelText('Cover Letter'), { target: { value: text } });

test("the server's refusal is shown inside the open dialog, with the letter kept", async () => {
  const server = fakeServer({
    replies: [{ status: 409, body: { message: APPLICATION_MESSAGES.duplicate } }],
  });
  const onClose = vi.fn();
  const { toasts } = renderWithApp(<ApplyDialog job={job} open onClose={onClose} />, { server });
  write('I have fixed pipes for 10 years.');
  fireEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
  const alert = await within(screen.getByRole('dialog', { hidden: true })).findByRole('alert');
  expect(alert.textContent).toBe(`Application Failed${APPLICATION_MESSAGES.duplicate}`);
  expect(alert.closest('dialog')).not.toBeNull();
  expect(toasts).toEqual([]);
  expect(onClose).not.toHaveBeenCalled();
  expect(screen.getByLabelText<HTMLTextAreaElement>('Cover Letter').value).toBe(
    'I have fixed pipes for 10 years.',
  );
});

test('a second application to a job whose first waits offline is refused in the dialog', async () => {
  const onClose = vi.fn();
  const { storage } = renderWithApp(<ApplyDialog job={job} open onClose={onClose} />, {
    online: false,
    server: fakeServer({ user: 'network', replies: Array(9).fill('network') }),
  });
  write('First letter.');
  fireEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
  await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  write('Second letter.');
  fireEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
  expect(
    (await within(screen.getByRole('dialog', { hidden: true })).findByRole('alert')).textContent,
  ).toContain(APPLICATION_MESSAGES.waiting);
  expect([...storage.items.values()].map((item) => item.body)).toEqual([
    { jobId: 3, coverLetter: 'First letter.' },
  ]);
});
