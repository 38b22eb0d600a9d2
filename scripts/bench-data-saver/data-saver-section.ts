/**
 * The "## Data saver" section of docs/PERFORMANCE.md: what one scripted session costs a phone
 * with data saver off and on. The step-by-step table goes to the terminal (bench-data-saver.ts).
 */

export const DATA_SAVER_HEADING = '## Data saver (npm run bench:data-saver)';

export type Mode = 'off' | 'on';

/** Bytes of one session: per step (the first is the cold visit), and in all. */
export interface SessionBytes {
  steps: { down: number; up: number }[];
  down: number;
  up: number;
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const percent = (part: number, whole: number) =>
  whole ? `${Math.round((100 * part) / whole)}%` : 'n/a';

/** Within this share of each other, the two cold visits count as the same. */
const SAME_SHARE = 0.05;

export function dataSaverSection(
  results: Record<Mode, SessionBytes>,
  date = new Date().toISOString().slice(0, 10),
): string {
  const saved = results.off.down - results.on.down;
  const coldOff = results.off.steps[0]?.down ?? 0;
  const coldOn = results.on.steps[0]?.down ?? 0;
  const cold =
    Math.abs(coldOff - coldOn) <= SAME_SHARE * Math.max(coldOff, coldOn)
      ? `${kb(coldOff)}) is the same either way`
      : `${kb(coldOff)} off, ${kb(coldOn)} on)`;
  return [
    DATA_SAVER_HEADING,
    '',
    `\`npm run bench:data-saver\`, ${date}: one scripted session (cold visit, jobs, Load more, a job, ` +
      'artists to the end, a profile and portfolio, signal lost and back, the app opened again), every ' +
      `byte counted by a proxy. Server to phone: **${kb(results.off.down)} with data saver off, ` +
      `${kb(results.on.down)} on (${percent(saved, results.off.down)} less)**: with it, pictures wait for a tap, ` +
      'lists ask for 10 items a page instead of 20, and saved data is not fetched again when the app ' +
      `opens. The cold visit (the app and its precache, ${cold}.`,
    '',
  ].join('\n');
}
