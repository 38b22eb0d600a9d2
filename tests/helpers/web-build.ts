import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { type TestApp, testAppFor } from './test-app.ts';

const INDEX =
  '<!doctype html><html><head><title>Ghana Gigs</title></head><body><div id="root"></div></body></html>';

/**
 * One test app for the whole file, serving a web build of its own: an index.html, the `files`
 * given (named as in dist/, `index.html` among them to replace the plain one), and `renderer` as its server entry (dist-server/entry-server.js), a
 * stand-in for the build's renderer that writes out what it was asked to draw. The build is
 * written before the app is made and removed after it is closed.
 */
export function testAppWithWebBuild(renderer: string, files: Record<string, string> = {}): TestApp {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'gigs-web-build-'));
    const webRoot = join(dir, 'dist');
    mkdirSync(webRoot, { recursive: true });
    mkdirSync(`${webRoot}-server`, { recursive: true });
    for (const [name, text] of Object.entries({ 'index.html': INDEX, ...files })) {
      mkdirSync(dirname(join(webRoot, name)), { recursive: true });
      writeFileSync(join(webRoot, name), text);
    }
    writeFileSync(join(`${webRoot}-server`, 'entry-server.js'), renderer);
  });
  // Hooks after the tests run last first: the app is closed before its build goes.
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return testAppFor('file', () => ({ webRoot: join(dir, 'dist') }));
}
