// Writes docs/CONFIGURATION.md from api/config.ts (names, defaults) and api/config-table.ts (words).
import { writeFileSync } from 'node:fs';
import { configurationTable } from '../api/config-table.ts';

const target = new URL('../docs/CONFIGURATION.md', import.meta.url);
writeFileSync(target, configurationTable());
console.log(`wrote ${target.pathname}`);
