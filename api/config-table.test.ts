import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { configurationTable } from './config-table.ts';

test('docs/CONFIGURATION.md is the table api/config.ts gives (run npm run docs:config)', () => {
  const committed = readFileSync(new URL('../docs/CONFIGURATION.md', import.meta.url), 'utf8');
  expect(committed).toBe(configurationTable());
});
