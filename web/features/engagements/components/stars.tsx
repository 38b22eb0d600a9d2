import { REVIEW_RULES } from '../../../../contracts/reviews.ts';
import { StarIcon } from '../../../components/ui/icons.tsx';
import { t } from '../../../lib/i18n/translate.ts';

const STAR_VALUES = Array.from(
  { length: REVIEW_RULES.maxRating },
  (_, index) => index + REVIEW_RULES.minRating,
);

const starsLabel = (rating: number) =>
  t('{rating} out of {max} stars', { rating, max: REVIEW_RULES.maxRating });

/** A review's stars, filled up to its rating; read as "4 out of 5 stars". */
export function Stars({ rating }: { rating: number }) {
  return (
    <span className="stars" role="img" aria-label={starsLabel(rating)}>
      {STAR_VALUES.map((value) => (
        <StarIcon key={value} size={16} className={value <= rating ? 'star-on' : 'star-off'} />
      ))}
    </span>
  );
}

/**
 * Choosing 1 to 5 stars: native radio buttons (arrow keys, a screen reader reads "4 out of 5
 * stars"), each star a 44-pixel target; the stars up to the chosen one fill.
 */
export function StarsInput({
  value,
  onChange,
  error,
}: {
  value: number | undefined;
  onChange: (rating: number) => void;
  error?: string | undefined;
}) {
  return (
    <fieldset className="fieldset">
      <legend className="label">{t('Your rating')}</legend>
      <div className="stars-input">
        {STAR_VALUES.map((star) => (
          <label key={star} className="star-choice">
            <input
              type="radio"
              name="rating"
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              aria-invalid={error ? true : undefined}
            />
            <StarIcon
              size={30}
              className={value !== undefined && star <= value ? 'star-on' : 'star-off'}
            />
            <span className="visually-hidden">{starsLabel(star)}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
