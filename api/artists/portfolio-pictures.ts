import { PORTFOLIO_LIMITS, type PortfolioPicture } from '../../contracts/artists.ts';
import type { Db } from '../db/database.ts';
import { NotFound, RuleBroken } from '../lib/domain-errors.ts';
import type { PictureStore } from '../storage/picture-store.ts';
import { encodePicture } from './picture-encoder.ts';
import { discardPicture, storeNewPicture, uploadNameOf, uploadUrl } from './portfolio-files.ts';
import { addPicture, countPictures, removePicture } from './portfolio-repository.ts';

interface PortfolioStore {
  db: Db;
  /** Where the pictures themselves are kept. */
  pictures: PictureStore;
}

const full = () => new RuleBroken(`You can show at most ${PORTFOLIO_LIMITS.maxImages} pictures`);

/**
 * Adds an uploaded picture to the artist's portfolio: checked and re-encoded, stored, then its
 * row inserted, which is where the cap is decided. Once this returns, the picture is both a
 * committed row and a durably stored picture.
 */
export async function addPortfolioPicture(
  { db, pictures }: PortfolioStore,
  artistId: number,
  upload: Buffer,
): Promise<PortfolioPicture> {
  // Spares the decoding when the portfolio is already full; the insert below decides.
  if ((await countPictures(db, artistId)) >= PORTFOLIO_LIMITS.maxImages) throw full();
  const picture = await encodePicture(upload);
  const name = await storeNewPicture(pictures, picture);
  // Should the insert fail, the picture stays: whether the row committed is then not certain,
  // and the orphan sweep removes the picture later if it did not.
  const added = await addPicture(db, artistId, uploadUrl(name));
  if (!added) {
    await discardPicture(pictures, name);
    throw full();
  }
  return added;
}

/** Deletes one of the artist's pictures by id: its row, then the stored picture. */
export async function removePortfolioPicture(
  { db, pictures }: PortfolioStore,
  artistId: number,
  pictureId: number,
): Promise<void> {
  const url = await removePicture(db, artistId, pictureId);
  if (url === null) throw new NotFound('Picture not found');
  const name = uploadNameOf(url);
  if (name) await discardPicture(pictures, name);
}
