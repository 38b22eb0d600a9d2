import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const PERFORMANCE_DOC = join(import.meta.dirname, '../../docs/PERFORMANCE.md');

/** docs/PERFORMANCE.md is a short reference (issue 25): a bench that would make it longer fails. */
export const PERFORMANCE_DOC_MAX_BYTES = 20_000;

/** Where the section under `heading` (a "## " line) starts and ends in `text`, or null. */
function sectionBounds(text: string, heading: string): { start: number; end: number } | null {
  const at = text.startsWith(`${heading}\n`) ? 0 : text.indexOf(`\n${heading}\n`);
  if (at === -1) return null;
  const start = at === 0 ? 0 : at + 1;
  const next = text.indexOf('\n## ', start + heading.length);
  return { start, end: next === -1 ? text.length : next + 1 };
}

/** The section under `heading`, its "### " parts included, up to the next "## " line. */
export function readSection(text: string, heading: string): string | null {
  const bounds = sectionBounds(text, heading);
  return bounds ? text.slice(bounds.start, bounds.end) : null;
}

/**
 * `text` with the section under `heading` replaced by `section`. A bench writes only sections the
 * document already has: an unknown heading throws, so a renamed heading is caught rather than
 * appended at the end.
 */
export function replaceSection(text: string, heading: string, section: string): string {
  if (!section.startsWith(`${heading}\n`)) {
    throw new Error(`The section for "${heading}" does not start with its heading`);
  }
  const bounds = sectionBounds(text, heading);
  if (!bounds) {
    throw new Error(
      `docs/PERFORMANCE.md has no section "${heading}": add it by hand (or fix the heading) first`,
    );
  }
  const rest = text.slice(bounds.end);
  return `${text.slice(0, bounds.start)}${section.trimEnd()}\n${rest ? `\n${rest}` : ''}`;
}

/** The section under `heading` in docs/PERFORMANCE.md as it is now, or null. */
export function readPerformanceSection(heading: string, doc = PERFORMANCE_DOC): string | null {
  return readSection(readFileSync(doc, 'utf8'), heading);
}

/**
 * Replaces the section under `heading` of docs/PERFORMANCE.md (a "## " line, up to the next
 * one) and keeps everything else as it is. Throws, writing nothing, when the document has no
 * such section or would grow past PERFORMANCE_DOC_MAX_BYTES.
 */
export function writePerformanceSection(
  heading: string,
  section: string,
  doc = PERFORMANCE_DOC,
): void {
  const text = replaceSection(readFileSync(doc, 'utf8'), heading, section);
  const bytes = Buffer.byteLength(text);
  if (bytes > PERFORMANCE_DOC_MAX_BYTES) {
    throw new Error(
      `docs/PERFORMANCE.md would be ${bytes} bytes with the new "${heading}" (at most ${PERFORMANCE_DOC_MAX_BYTES}): ` +
        'keep the section short, the detail belongs in the bench output',
    );
  }
  writeFileSync(doc, text);
}
