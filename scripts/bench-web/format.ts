/** How the web benchmark writes its figures. */

export const ms = (value: number | null) => (value === null ? 'n/a' : `${Math.round(value)} ms`);
export const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;
export const cls = (value: number | null) => (value === null ? 'n/a' : value.toFixed(3));
export const kb = (value: number | null) =>
  value === null ? 'n/a' : `${(value / 1024).toFixed(1)} KB`;
export const num = (value: number | null) => (value === null ? 'n/a' : String(value));
export const met = (ok: boolean) => (ok ? 'met' : '**not met**');
export const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export const log = (message: string) => console.log(`[bench:web] ${message}`);
