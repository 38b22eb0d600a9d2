import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const PERFORMANCE_DOC = join(import.meta.dirname, '../../docs/PERFORMANCE.md');

const INTRO =
  '# Performance\n\nFigures in this file come from the commands named in each section heading; run one to refresh its section.\n';

/**
 * Replaces the section under `heading` (a "## " line, up to the next one) of
 * docs/PERFORMANCE.md, or adds it at the end (at the top, after the introduction, with
 * `atTop`), and keeps everything else as it is.
 */
export function writePerformanceSection(
  heading: string,
  section: string,
  { atTop = false }: { atTop?: boolean } = {},
): void {
  mkdirSync(dirname(PERFORMANCE_DOC), { recursive: true });
  let text = existsSync(PERFORMANCE_DOC) ? readFileSync(PERFORMANCE_DOC, 'utf8') : INTRO;
  const start = text.indexOf(`\n${heading}\n`);
  if (start === -1 && atTop) {
    // A new summary goes first, after the file's introduction.
    const firstSection = text.indexOf('\n## ');
    const at = firstSection === -1 ? text.length : firstSection + 1;
    text = `${text.slice(0, at)}${section.trimEnd()}\n\n${text.slice(at)}`;
  } else if (start === -1) {
    text = `${text.trimEnd()}\n\n${section.trimEnd()}\n`;
  } else {
    const after = text.indexOf('\n## ', start + 1);
    const rest = after === -1 ? '' : text.slice(after + 1);
    text = `${text.slice(0, start + 1)}${section.trimEnd()}\n${rest ? `\n${rest}` : ''}`;
  }
  writeFileSync(PERFORMANCE_DOC, text);
}
