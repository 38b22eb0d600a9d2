/**
 * Draws the app icons for the web app manifest from the logo mark (the flag's stripes and the
 * Black Star) with sharp: 192 and 512 px icons, a 512 px maskable one whose star stays inside
 * the safe zone, and a 180 px touch icon. Run once after changing the mark; the PNGs are
 * committed: `npx tsx scripts/make-icons.ts`.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';

const OUT = resolve(import.meta.dirname, '../web/public/icons');
const STAR = 'm16 8.5 2.1 4.8 5.2.5-3.9 3.5 1.1 5.1-4.5-2.7-4.5 2.7 1.1-5.1-3.9-3.5 5.2-.5z';
const STRIPES =
  '<rect width="32" height="11" fill="#ce1126"/><rect y="11" width="32" height="10" fill="#f2b705"/><rect y="21" width="32" height="11" fill="#0b6e4f"/>';

/** The mark as on screen: rounded corners, star at full size. */
const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><clipPath id="c"><rect width="32" height="32" rx="7"/></clipPath><g clip-path="url(#c)">${STRIPES}</g><path d="${STAR}" fill="#111"/></svg>`;

/** Full bleed (the launcher cuts the shape); the star shrunk into the central 80% circle. */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${STRIPES}<g transform="translate(16 16.2) scale(0.78) translate(-16 -16.2)"><path d="${STAR}" fill="#111"/></g></svg>`;

const icons: [name: string, svg: string, size: number][] = [
  ['icon-192.png', rounded, 192],
  ['icon-512.png', rounded, 512],
  ['maskable-512.png', maskable, 512],
  ['apple-touch-icon.png', maskable, 180],
];

mkdirSync(OUT, { recursive: true });
for (const [name, svg, size] of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(resolve(OUT, name));
  console.log(`web/public/icons/${name}`);
}
