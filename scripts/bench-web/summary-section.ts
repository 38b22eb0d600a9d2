/**
 * The summary at the top of docs/PERFORMANCE.md (issue 26): first content of every screen on a
 * cold phone, its goals, and whether any screen fell back to the app shell.
 */
import { type Cell, firstContentMarkdown, medianVisit } from './first-content.ts';

export const SUMMARY_HEADING = '## Summary: first content on a cold phone (npm run bench:web)';

/** Issue 26: first content within 2 s on every screen, 1.5 s for `/jobs`, at 256 kbit/s. */
const GOAL_MS = 2_000;
const JOBS_GOAL_MS = 1_500;
const GOAL_LINK = '256 kbit/s';

export interface FirstContentRun {
  command: string;
  /** When it ended, "YYYY-MM-DD HH:MM UTC". */
  date: string;
  minutes: number;
  /** 1-minute load average at the start and the end. */
  load: [number, number];
  cores: number;
  runs: number;
  cells: Cell[];
}

/** The screens whose every setting at GOAL_LINK met its goal, by label. */
function screensMeetingGoals(cells: Cell[]): { met: string[]; all: string[] } {
  const screens = [...new Set(cells.map((cell) => cell.screen))];
  const met = screens.filter((screen) => {
    const limit = screen.path === '/jobs' ? JOBS_GOAL_MS : GOAL_MS;
    const measured = cells.filter(
      (cell) => cell.screen === screen && cell.link.label === GOAL_LINK,
    );
    return (
      measured.length > 0 && measured.every((cell) => medianVisit(cell.visits).contentMs <= limit)
    );
  });
  return { met: met.map((screen) => screen.label), all: screens.map((screen) => screen.label) };
}

const and = (items: string[]) =>
  items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

export function summarySection(run: FirstContentRun): string {
  const { met, all } = screensMeetingGoals(run.cells);
  const verdict =
    met.length === all.length
      ? 'met by every screen'
      : met.length === 0
        ? '**not met** by any screen'
        : `met by ${and(met)} only`;
  const shells = run.cells.filter((cell) => !medianVisit(cell.visits).drawn).length;
  const drawn =
    shells === 0
      ? 'Every screen is drawn by the server in every language and with data saver (none fell back to the shell).'
      : `**${shells} of ${run.cells.length} medians fell back to the app shell** (marked (shell) above).`;
  return [
    SUMMARY_HEADING,
    '',
    `\`${run.command}\` (${run.date}, ${run.minutes.toFixed(0)} min; load average ` +
      `${run.load[0].toFixed(1)} at the start, ${run.load[1].toFixed(1)} at the end, ` +
      `on ${run.cores} cores shared with other work: figures are noisy).`,
    '',
    firstContentMarkdown(run.cells, run.runs),
    '',
    `Goals (issue 26): at most ${(GOAL_MS / 1000).toFixed(1)} s everywhere and ${(JOBS_GOAL_MS / 1000).toFixed(1)} s ` +
      `for \`/jobs\` at ${GOAL_LINK}: ${verdict}. ${drawn}`,
    '',
  ].join('\n');
}
