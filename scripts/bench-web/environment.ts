/** What the web benchmark notes about the build and the browser it measured. */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../lib/server-process.ts';

/** The service worker's precache list (from dist/sw.js) and its size as the server sends it. */
export function precacheSize(): { entries: number; bytes: number } {
  const sw = readFileSync(join(REPO_ROOT, 'dist/sw.js'), 'utf8');
  const urls = [...sw.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1] as string);
  let bytes = 0;
  for (const url of urls) {
    const file = join(REPO_ROOT, 'dist', url);
    // The server sends the brotli copy when there is one (the browser accepts br).
    const sent = [`${file}.br`, file].find((candidate) => existsSync(candidate));
    if (sent) bytes += statSync(sent).size;
  }
  return { entries: urls.length, bytes };
}

export function chromiumVersion(path: string, fallback: string | null): string {
  try {
    const output = execFileSync(path, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const version = output.match(/(\d+\.\d+\.\d+\.\d+)/)?.[1];
    if (version) return `Chromium ${version}`;
  } catch {
    // fall through
  }
  return fallback ? `Chromium ${fallback}` : 'Chromium (unknown version)';
}
