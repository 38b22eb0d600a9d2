/**
 * Preloaded with `node --import` after tsx: writes the URL of every module of this project that
 * the process resolves (node_modules left out), one a line, to the file MODULE_RECORD names.
 * tests/production-start.test.ts reads it to prove what a start loads.
 */
import { register } from 'node:module';

register(new URL('./module-record-hooks.mjs', import.meta.url), {
  data: { file: process.env.MODULE_RECORD },
});
