// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { EventDetails } from './event-details.tsx';

afterEach(cleanup);

const LONG =
  'Wedding reception for 250 guests.\nHighlife and Afrobeats until midnight, then a slow set. ' +
  'Please bring your own speakers; the hall has power at the back wall only.';

test('an artist can open the whole request, and close it again', () => {
  render(<EventDetails text={LONG} />);
  const text = screen.getByText(/Wedding reception/);
  expect(text.className).toBe('clamp-2');
  const more = screen.getByRole('button', { name: 'Read the whole request' });
  expect(more.getAttribute('aria-expanded')).toBe('false');
  fireEvent.click(more);
  expect(text.className).toBe('pre-line');
  expect(text.textContent).toBe(LONG);
  const less = screen.getByRole('button', { name: 'Show less' });
  expect(less.getAttribute('aria-expanded')).toBe('true');
  fireEvent.click(less);
  expect(text.className).toBe('clamp-2');
});

test('details that fit two lines are shown whole, with nothing to open', () => {
  render(<EventDetails text="Birthday party, 40 guests." />);
  expect(screen.getByText('Birthday party, 40 guests.').className).toBe('pre-line');
  expect(screen.queryByRole('button')).toBeNull();
});
