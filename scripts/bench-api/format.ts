/** Settings every part of the API benchmark measures with, and how its figures are written. */
import { cpus } from 'node:os';
import type { Measured } from './load.ts';

export const ACCEPT_ENCODING = 'br, gzip';
/** The server's own compression settings (api/app.ts): brotli quality 4, gzip defaults. */
export const SERVER_BROTLI_QUALITY = 4;
const MOBILE_BITS_PER_SECOND = 400_000;

export const fmtInt = (n: number) => Math.round(n).toLocaleString('en-US');
export const fmtKb = (bytes: number) =>
  bytes >= 100_000 ? `${(bytes / 1_000_000).toFixed(2)} MB` : `${(bytes / 1000).toFixed(1)} kB`;
export const seconds = (bytes: number) => (bytes * 8) / MOBILE_BITS_PER_SECOND;
export const fmtRatio = (large: number, small: number) =>
  small > 0 ? (large / small).toFixed(2) : large > 0 ? 'inf' : '1.00';
export const ratioOf = (large: number, small: number) =>
  small > 0 ? large / small : large > 0 ? Number.POSITIVE_INFINITY : 1;

/** Rows where other processes took a real share of the CPUs: their figures understate the server. */
export const NOISY_CORES = 0.25;

export function noiseNote(results: Measured[]): string[] {
  const noisy = results.filter((r) => (r.otherCores ?? 0) > NOISY_CORES);
  if (noisy.length === 0) return [];
  return [
    '',
    `Other processes used more than ${NOISY_CORES} of the ${cpus().length} cores during ${noisy.length} of the ${results.length} measurements ` +
      '(column "Other CPU"): those rows understate what the server can do; rerun on a quiet machine to compare.',
  ];
}
