import sharp from 'sharp';
import { Busy, InvalidInput, TooLarge, UnsupportedMedia } from '../lib/domain-errors.ts';
import { WorkQueue } from '../lib/work-queue.ts';

/** What an uploaded picture may be, and what is kept of it. */
const PICTURE_RULES = {
  /** Judged by the file's content, whatever type the request declares. */
  formats: ['jpeg', 'png', 'webp'] as const,
  /** 24 megapixels: a 6000 x 4000 phone photo. A bigger one would only be shrunk anyway. */
  maxPixels: 24_000_000,
  /** The longest side kept: pictures are shown at most 640 px wide on a phone. */
  maxEdge: 640,
} as const;

// libvips' operation cache speeds up repeated work on the same image; uploads never repeat, so
// it would only hold memory. One libvips thread per picture: two pictures at once fill two cores
// with half the per-thread buffers of two threads each.
sharp.cache(false);
sharp.concurrency(1);

/**
 * Decoding is what costs memory (a picture's pixels, not its bytes: about 70 MB for one of 24
 * megapixels), so at most two decode at once and a dozen more wait; a burst beyond that is
 * refused at once (Busy) instead of holding its bodies in memory.
 */
const decodes = new WorkQueue(2, 12);

const unusable = () =>
  new InvalidInput("That file isn't a picture we can use", {
    image: "That file isn't a picture we can use",
  });

/**
 * Checks an uploaded picture by its content (JPEG, PNG or WebP only; never SVG, GIF, TIFF or
 * AVIF, whatever the request says) and size in pixels, then re-encodes it as a small WebP, so
 * nothing but pixels is kept: no metadata, no script, no second image hidden in the file.
 */
export async function encodePicture(upload: Buffer): Promise<Buffer> {
  let format: string | undefined;
  let pixels: number;
  try {
    // Reads the header only: cheap whatever the dimensions claim.
    const meta = await sharp(upload).metadata();
    format = meta.format;
    pixels = (meta.width ?? 0) * (meta.height ?? 0);
  } catch {
    throw unusable();
  }
  if (!(PICTURE_RULES.formats as readonly (string | undefined)[]).includes(format)) {
    throw new UnsupportedMedia('Upload a JPEG, PNG or WebP picture');
  }
  if (pixels > PICTURE_RULES.maxPixels) {
    throw new TooLarge('That picture is too large: at most 24 megapixels', {
      image: 'That picture is too large: at most 24 megapixels',
    });
  }
  const result = await decodes.run(async () => {
    try {
      return await sharp(upload, { limitInputPixels: PICTURE_RULES.maxPixels })
        .rotate()
        .resize({
          width: PICTURE_RULES.maxEdge,
          height: PICTURE_RULES.maxEdge,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .webp({ quality: 70 })
        .toBuffer();
    } catch {
      throw unusable();
    }
  });
  if (result.busy) {
    throw new Busy(
      'Too many pictures are being uploaded right now. Please try again in a moment.',
      5,
    );
  }
  return result.value;
}
