import { spawnSync } from 'node:child_process';
import { expect } from '@playwright/test';

/** npm run admin:grant on the server's own database, as an operator would run it. */
export function grantOperator(phone: string) {
  const databasePath = process.env.E2E_DATABASE_PATH;
  if (!databasePath) throw new Error('E2E_DATABASE_PATH is set by playwright.config.ts');
  const granted = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/admin-grant.ts', phone],
    {
      env: { ...process.env, DATABASE_PATH: databasePath, NODE_ENV: 'test', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    },
  );
  expect(granted.stderr).toBe('');
  expect(granted.status).toBe(0);
}
