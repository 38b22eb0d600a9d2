// @vitest-environment happy-dom
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { setDataSaver } from '../../lib/data-saver.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { SavedAt } from './saved-at.tsx';

beforeEach(() => localStorage.clear());
afterEach(cleanup);

const YESTERDAY = Date.now() - 24 * 60 * 60 * 1000;

/** A list on screen whose data came from the phone's storage, saved yesterday. */
function renderSavedList() {
  const queryClient = createQueryClient();
  queryClient.setQueryData(['jobs'], ['saved job'], { updatedAt: YESTERDAY });
  const queryFn = vi.fn(async () => ['fresh job']);
  function List() {
    const query = useQuery({ queryKey: ['jobs'], queryFn });
    return <SavedAt updatedAt={query.dataUpdatedAt} />;
  }
  render(
    <QueryClientProvider client={queryClient}>
      <List />
    </QueryClientProvider>,
  );
  return queryFn;
}

test('with data saver on, saved data says when it was saved and refreshes when asked', async () => {
  setDataSaver(true);
  const queryFn = renderSavedList();
  expect(screen.getByText(/^Last updated/)).toBeTruthy();
  expect(queryFn).not.toHaveBeenCalled();
  fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
  await vi.waitFor(() => expect(queryFn).toHaveBeenCalledTimes(1));
  // Fresh data replaces the saved: the line goes.
  await vi.waitFor(() => expect(screen.queryByText(/^Last updated/)).toBeNull());
});

test('with data saver off there is no Refresh: saved data refreshes by itself', () => {
  setDataSaver(false);
  renderSavedList();
  expect(screen.getByText(/^Last updated/)).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();
});
