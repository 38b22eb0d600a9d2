import { formatRating } from '../../contracts/reviews.ts';
import { t } from './i18n/translate.ts';

/** "4.7 (23 reviews)", "5.0 (1 review)" in the language shown; null for someone with no reviews yet. */
export function ratingSummary(rating: number | null, reviewCount: number): string | null {
  const stars = formatRating(rating);
  if (stars === null || reviewCount === 0) return null;
  return reviewCount === 1
    ? t('{rating} (1 review)', { rating: stars })
    : t('{rating} ({count} reviews)', { rating: stars, count: reviewCount });
}
