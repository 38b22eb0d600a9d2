/** The production build of the web app that the browser benchmarks measure (dist/). */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './server-process.ts';

export const BUILT_INDEX = join(REPO_ROOT, 'dist/index.html');

/**
 * Runs `npm run build` unless `build` is false, then makes sure dist/ holds an app; throws with
 * the build's output when it fails.
 */
export function ensureWebBuild({ build, log }: { build: boolean; log: (line: string) => void }) {
  if (build) {
    log('building (npm run build)');
    const result = spawnSync('npm', ['run', 'build'], { cwd: REPO_ROOT, encoding: 'utf8' });
    if (result.status !== 0) {
      console.error(result.stdout, result.stderr);
      throw new Error(`npm run build failed (exit ${result.status})`);
    }
  }
  if (!existsSync(BUILT_INDEX)) {
    throw new Error('dist/index.html is missing: run without --no-build');
  }
}
