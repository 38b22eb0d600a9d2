/** An event's day as people read it in messages: "14 Mar 2026" (UTC, as stored). */
export const dayLabel = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
