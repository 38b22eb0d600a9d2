/** An event's day as people read it in messages: "14 Mar 2026" (UTC, as stored). */
export const dayLabel = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * An instant as people in Ghana read it in a message: "14 Mar 2026, 18:05 GMT". Ghana keeps
 * GMT (UTC) all year, so the label is the same for everyone who reads it; seconds are dropped,
 * so an instant that must not be understated is rounded up to a minute first (ceilToMinute).
 */
export const timeLabel = (iso: string) => `${dayLabel(iso)}, ${clockTime(iso)} GMT`;

/**
 * A moment a few days ahead, as short as an SMS needs it: "14 Mar 18:05 GMT" (the year goes
 * without saying within days).
 */
export const soonTimeLabel = (iso: string) =>
  `${new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' })} ${clockTime(iso)} GMT`;

const clockTime = (iso: string) => {
  const date = new Date(iso);
  return `${String(date.getUTCHours()).padStart(2, '0')}:${String(date.getUTCMinutes()).padStart(2, '0')}`;
};

/** The instant, or the next whole minute after it. */
export const ceilToMinute = (instant: Date): Date =>
  new Date(Math.ceil(instant.getTime() / 60_000) * 60_000);
