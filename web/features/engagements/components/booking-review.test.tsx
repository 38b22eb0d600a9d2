// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { REVIEW_MESSAGES, type Review } from '../../../../contracts/reviews.ts';
import { aBooking, NOT_CONFIRMED } from '../../../../tests/helpers/web-fixtures.ts';
import { renderWithApp } from '../../../../tests/helpers/web-harness.tsx';
import { fakeServer } from '../../../lib/outbox/outbox-fakes.ts';
import { ArtistBookingReview, ClientBookingReview } from './booking-review.tsx';

const DAY = 86_400_000;
const soon = (days: number) => new Date(Date.now() + days * DAY).toISOString();

const completed = aBooking({
  status: 'completed',
  payment: {
    status: 'released',
    amount: '735.00',
    serviceFee: '36.75',
    paidAt: '2026-01-02T10:00:00.000Z',
    releasedAt: '2026-01-12T10:00:00.000Z',
  },
  completion: {
    ...NOT_CONFIRMED,
    payerConfirmedAt: '2026-01-11T10:00:00.000Z',
    payeeConfirmedAt: '2026-01-12T10:00:00.000Z',
  },
  review: { openUntil: soon(20), mine: null, theirs: null },
  allowedActions: ['review'],
});

const review = (fields: Partial<Review> = {}): Review => ({
  id: 31,
  rating: 4,
  comment: 'Kept the dance floor full.',
  reviewer: { firstName: 'Ama' },
  side: 'artist',
  createdAt: new Date(Date.now() - DAY).toISOString(),
  editedAt: null,
  reply: null,
  counted: true,
  notCountedBecause: null,
  ...fields,
});

test('after completion the client leaves stars and a comment through the outbox, and is thanked', async () => {
  const server = fakeServer({ replies: [{ status: 201, body: {} }] });
  const { toasts } = renderWithApp(<ClientBookingReview booking={completed} />, { server });
  fireEvent.click(screen.getByRole('button', { name: 'Leave a review' }));
  const dialog = screen.getByRole('dialog', { name: 'Review DJ Kasa' });
  // No stars chosen: the API's own message, and nothing sent.
  fireEvent.click(within(dialog).getByRole('button', { name: 'Send Review' }));
  expect(within(dialog).getByText(REVIEW_MESSAGES.rating)).toBeTruthy();
  expect(server.calls).toEqual([]);

  fireEvent.click(within(dialog).getByLabelText('4 out of 5 stars'));
  fireEvent.change(within(dialog).getByLabelText(/Comment/), {
    target: { value: '  Kept the dance floor full.  ' },
  });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Send Review' }));
  await waitFor(() => expect(toasts.map((toast) => toast.title)).toEqual(['Review Sent']));
  expect(server.calls).toMatchObject([
    {
      method: 'POST',
      url: '/api/reviews',
      body: { bookingId: 5, rating: 4, comment: 'Kept the dance floor full.' },
    },
  ]);
  expect(server.calls[0]?.key).toBeTruthy();
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
});

test('the review left shows on the card, with Edit for 7 days and not after', () => {
  const mine = { ...review(), editableUntil: soon(6) };
  renderWithApp(
    <ClientBookingReview booking={{ ...completed, review: { ...completed.review, mine } }} />,
  );
  expect(screen.getByText('Your review of DJ Kasa')).toBeTruthy();
  expect(screen.getByRole('img', { name: '4 out of 5 stars' })).toBeTruthy();
  expect(screen.getByText('Kept the dance floor full.')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Leave a review' })).toBeNull();
  expect(screen.getByRole('button', { name: 'Edit review' })).toBeTruthy();

  const old = { ...mine, editableUntil: soon(-1) };
  renderWithApp(
    <ClientBookingReview
      booking={{ ...completed, id: 6, review: { ...completed.review, mine: old } }}
    />,
  );
  expect(screen.getAllByRole('button', { name: 'Edit review' })).toHaveLength(1);
});

test('no Leave a review unless the server allows it: before completion or after the 30 days', () => {
  const { container } = renderWithApp(
    <ClientBookingReview
      booking={{
        ...completed,
        status: 'accepted',
        review: { openUntil: null, mine: null, theirs: null },
        allowedActions: ['confirm', 'dispute'],
      }}
    />,
  );
  expect(container.textContent).toBe('');
  renderWithApp(
    <ClientBookingReview
      booking={{
        ...completed,
        review: { ...completed.review, openUntil: soon(-1) },
        allowedActions: [],
      }}
    />,
  );
  expect(screen.queryByRole('button', { name: 'Leave a review' })).toBeNull();
});

test('the artist reads the review of them and replies once', async () => {
  const server = fakeServer({ replies: [{ status: 200, body: {} }] });
  const theirs = review();
  renderWithApp(
    <ArtistBookingReview
      booking={{ ...completed, review: { openUntil: soon(20), mine: null, theirs } }}
    />,
    {
      server,
    },
  );
  expect(screen.getByText('Their review of you')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Reply' }));
  const dialog = screen.getByRole('dialog', { name: 'Reply to the review' });
  fireEvent.change(within(dialog).getByLabelText('Your reply'), {
    target: { value: 'Medaase!' },
  });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Send Reply' }));
  await waitFor(() =>
    expect(server.calls).toMatchObject([
      { method: 'POST', url: '/api/reviews/31/reply', body: { reply: 'Medaase!' } },
    ]),
  );

  const answered = { ...theirs, reply: { text: 'Medaase!', createdAt: new Date().toISOString() } };
  renderWithApp(
    <ArtistBookingReview
      booking={{
        ...completed,
        id: 9,
        review: { openUntil: soon(20), mine: null, theirs: answered },
      }}
    />,
  );
  expect(screen.getAllByText('Medaase!')).toHaveLength(1);
  // Reply is offered only on the card whose review is unanswered.
  expect(screen.getAllByRole('button', { name: 'Reply' })).toHaveLength(1);
});

test('a review written offline waits on the phone, and the card says so instead of offering it again', async () => {
  renderWithApp(<ClientBookingReview booking={completed} />, { online: false });
  fireEvent.click(screen.getByRole('button', { name: 'Leave a review' }));
  const dialog = screen.getByRole('dialog', { name: 'Review DJ Kasa' });
  fireEvent.click(within(dialog).getByLabelText('5 out of 5 stars'));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Send Review' }));
  expect(await screen.findByText('Saved on this phone; it waits to be sent.')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Leave a review' })).toBeNull();
});
