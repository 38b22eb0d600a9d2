/**
 * What a test of the real server makes and must not leave behind: a temporary folder and a
 * server process, each undone when the test ends, pass or fail (the server first).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import {
  killServer,
  type ServerProcess,
  type StartServerOptions,
  startServer,
} from '../../scripts/lib/server-process.ts';

/** A new temporary folder, removed when the test ends. */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The real server as a child process, killed (SIGKILL) when the test ends if still running. */
export async function serverForTest(options: StartServerOptions): Promise<ServerProcess> {
  const server = await startServer(options);
  // Finished hooks run last-registered first: the server goes before its folder.
  onTestFinished(() => killServer(server));
  return server;
}
