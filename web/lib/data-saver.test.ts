// @vitest-environment happy-dom
import { onlineManager, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { SAVER_PAGE_SIZE } from '../../contracts/data-saver.ts';
import { isDataSaverOn, setDataSaver, withPageSize } from './data-saver.ts';
import { restoreQueryCache } from './persist-cache.ts';
import { createQueryClient } from './query-client.ts';

function phoneSaysSaveData(saveData: boolean | undefined) {
  Object.defineProperty(navigator, 'connection', {
    configurable: true,
    value: saveData === undefined ? undefined : { saveData },
  });
}

beforeEach(() => {
  localStorage.clear();
  phoneSaysSaveData(undefined);
});
afterEach(() => onlineManager.setOnline(true));

test('on by default when the phone asks to save data, off otherwise', () => {
  phoneSaysSaveData(true);
  expect(isDataSaverOn()).toBe(true);
  phoneSaysSaveData(false);
  expect(isDataSaverOn()).toBe(false);
  phoneSaysSaveData(undefined); // a browser without the Network Information API
  expect(isDataSaverOn()).toBe(false);
});

test("the person's choice is remembered on the phone and wins over the phone's setting", async () => {
  phoneSaysSaveData(true);
  setDataSaver(false);
  expect(isDataSaverOn()).toBe(false);
  expect(localStorage.getItem('data-saver')).toBe('off');
  // The server reads the same choice when it builds a cold visit's page.
  expect(document.cookie).toContain('data-saver=off');

  // A later visit (the module loaded afresh) remembers it.
  vi.resetModules();
  const later = await import('./data-saver.ts');
  expect(later.isDataSaverOn()).toBe(false);

  phoneSaysSaveData(false);
  later.setDataSaver(true);
  vi.resetModules();
  expect((await import('./data-saver.ts')).isDataSaverOn()).toBe(true);
  expect(document.cookie).toContain('data-saver=on');
});

test('lists ask for smaller pages while it is on, and as before while it is off', () => {
  setDataSaver(true);
  expect(SAVER_PAGE_SIZE).toBe(10);
  expect(withPageSize('/api/jobs')).toBe('/api/jobs?limit=10');
  expect(withPageSize('/api/jobs?region=Central&cursor=abc')).toBe(
    '/api/jobs?region=Central&cursor=abc&limit=10',
  );
  expect(withPageSize('/api/jobs?limit=5')).toBe('/api/jobs?limit=5');
  setDataSaver(false);
  expect(withPageSize('/api/jobs?cursor=abc')).toBe('/api/jobs?cursor=abc');
});

/** How many times a stale query on screen fetches when the connection drops and returns. */
async function fetchesOnReconnect(): Promise<number> {
  const queryClient = createQueryClient();
  queryClient.mount(); // listens for the connection, as the app's provider does
  const queryFn = vi.fn(async () => 'fresh');
  queryClient.setQueryData(['jobs'], 'saved');
  await queryClient.invalidateQueries({ queryKey: ['jobs'], refetchType: 'none' });
  const observer = new QueryObserver(queryClient, { queryKey: ['jobs'], queryFn });
  const unsubscribe = observer.subscribe(() => undefined);
  // Shown, it refreshes once; then a write of the person's makes it stale again.
  await vi.waitFor(() => expect(queryClient.getQueryData(['jobs'])).toBe('fresh'));
  await queryClient.invalidateQueries({ queryKey: ['jobs'], refetchType: 'none' });
  onlineManager.setOnline(false);
  onlineManager.setOnline(true);
  await new Promise((resolve) => setTimeout(resolve, 20));
  unsubscribe();
  queryClient.unmount();
  return queryFn.mock.calls.length - 1;
}

test('no refresh when the connection returns while it is on; one while it is off', async () => {
  setDataSaver(true);
  expect(await fetchesOnReconnect()).toBe(0);
  setDataSaver(false);
  expect(await fetchesOnReconnect()).toBe(1);
});

test('data saved from an earlier visit is shown as saved while it is on, marked stale while off', async () => {
  for (const on of [true, false]) {
    setDataSaver(on);
    const queryClient = createQueryClient();
    queryClient.setQueryData(['jobs'], ['saved job']);
    await restoreQueryCache(queryClient);
    expect(queryClient.getQueryState(['jobs'])?.isInvalidated).toBe(!on);
  }
});
