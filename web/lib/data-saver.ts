/**
 * Data saver: for people who pay for every megabyte. While it is on, pictures wait for a tap,
 * lists ask for smaller pages, and nothing refreshes by itself (saved data shows until the
 * person asks for fresh data); writes waiting in the outbox are still sent the moment the
 * connection returns. It starts on when the phone asks sites to save data (Chrome's
 * `navigator.connection.saveData`, the same switch that sends `Save-Data: on`), and the
 * person's own choice is remembered on this phone from then on.
 */
import { useSyncExternalStore } from 'react';
import { DATA_SAVER_COOKIE, SAVER_PAGE_SIZE } from '../../contracts/data-saver.ts';
import { dataSaverOfDrawnPage, onServer } from './drawn-page.ts';
import { rememberInCookie } from './preference-cookie.ts';

const STORAGE_KEY = 'data-saver';

type Choice = 'on' | 'off';

function storedChoice(): Choice | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return value === 'on' || value === 'off' ? value : null;
  } catch {
    return null; // storage blocked: the phone's own setting decides
  }
}

function phoneAsksToSaveData(): boolean {
  const connection = (navigator as { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}

/** The choice for this visit when storage refused to keep it. */
let unsaved: boolean | undefined;

/** The person's choice on this phone, else what the phone asks for. */
export function isDataSaverOn(): boolean {
  if (onServer) return dataSaverOfDrawnPage();
  const choice = storedChoice();
  if (choice) return choice === 'on';
  return unsaved ?? phoneAsksToSaveData();
}

const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

export function setDataSaver(on: boolean): void {
  const choice: Choice = on ? 'on' : 'off';
  try {
    localStorage.setItem(STORAGE_KEY, choice);
  } catch {
    unsaved = on; // not remembered, but it holds for this visit
  }
  rememberInCookie(DATA_SAVER_COOKIE, choice);
  notify();
}

export function subscribeToDataSaver(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab flipped the switch: this one follows.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEY) notify();
  });
}

export function useDataSaver(): boolean {
  // The server draws with the phone's setting (ADR 031); hydration reads the one it drew with.
  return useSyncExternalStore(subscribeToDataSaver, isDataSaverOn, dataSaverOfDrawnPage);
}

/** A list URL with the smaller page size while data saver is on; as it was otherwise. */
export function withPageSize(url: string): string {
  if (!isDataSaverOn() || /[?&]limit=/.test(url)) return url;
  return `${url}${url.includes('?') ? '&' : '?'}limit=${SAVER_PAGE_SIZE}`;
}
