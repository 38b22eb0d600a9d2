/**
 * Whether this browser had a session the last time it asked. It tells a visitor (landing page
 * at /) from a user whose session ended (the Unauthorized toast and /login). See
 * docs/decisions/ on the signed-out home screen.
 */
const KEY = 'ghana-gigs:had-session';

export function rememberSession(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(KEY, '1');
  } catch {
    // Storage can be unavailable (private mode): the landing page is the safe default.
  }
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
