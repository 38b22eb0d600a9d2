/**
 * Whether this browser had a session the last time it asked. It tells a visitor (landing page
 * at /) from a user whose session ended (the Unauthorized toast and /login). See
 * docs/decisions/ on the signed-out home screen.
 */
import { useSyncExternalStore } from 'react';
import { SIGNED_IN_COOKIE } from '../../contracts/auth.ts';

const KEY = 'ghana-gigs:had-session';
const SIGNED_IN_HINT = new RegExp(`(?:^|;\\s*)(?:__Host-)?${SIGNED_IN_COOKIE}=1(?:;|$)`);

/**
 * Whether the server may hold a session for this browser: false only when the readable hint
 * the server sets with every session is missing, so visitors are never asked for one.
 */
export function mayBeSignedIn(): boolean {
  return SIGNED_IN_HINT.test(document.cookie);
}

export function rememberSession(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(KEY, '1');
  } catch {
    // Storage can be unavailable (private mode): the landing page is the safe default.
  }
}

const noChanges = () => () => undefined;

/**
 * hadSession() for rendering: false while a page the server rendered is being hydrated (the
 * server cannot read this phone's storage), then what this phone remembers.
 */
export function useHadSession(): boolean {
  return useSyncExternalStore(noChanges, hadSession, () => false);
}

export function hadSession(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function forgetSession(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing to forget.
  }
}
