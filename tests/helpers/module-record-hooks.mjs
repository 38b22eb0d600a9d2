/** The module hooks of module-record.mjs, run on Node's loader thread. */
import { appendFileSync } from 'node:fs';

/** @type {string | undefined} */
let file;

/** @param {{ file?: string }} data */
export function initialize(data) {
  file = data.file;
}

/**
 * Registered last, so this runs first and sees every import, static or dynamic, as the hooks
 * under it (tsx's) resolve it.
 * @param {string} specifier
 * @param {object} context
 * @param {(specifier: string, context: object) => Promise<{ url: string }>} nextResolve
 */
export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (file && resolved.url.startsWith('file:') && !resolved.url.includes('/node_modules/')) {
    appendFileSync(file, `${resolved.url}\n`);
  }
  return resolved;
}
