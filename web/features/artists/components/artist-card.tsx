import { Link } from 'react-router-dom';
import { type Artist, PERFORMANCE_TYPE_LABELS } from '../../../../contracts/artists.ts';
import { paths } from '../../../../contracts/paths.ts';
import { VerifiedMark } from '../../../components/trust/verified-mark.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { PinIcon, StarIcon } from '../../../components/ui/icons.tsx';
import { t } from '../../../lib/i18n/translate.ts';
import { ratingSummary } from '../../../lib/rating-summary.ts';
import { artistPriceLine } from '../filters.ts';
import { ArtistImage } from './artist-avatar.tsx';

const MAX_TYPE_BADGES = 2;

/** `eager` for the first cards on screen: the largest picture a phone paints first should not wait. */
export function ArtistCard({ artist, eager = false }: { artist: Artist; eager?: boolean }) {
  const types = artist.performanceTypes.slice(0, MAX_TYPE_BADGES);
  const more = artist.performanceTypes.length - types.length;
  const price = artistPriceLine(artist);
  const rating = ratingSummary(artist.rating, artist.reviewCount);
  return (
    <article className="card artist-card" aria-labelledby={`artist-${artist.id}-name`}>
      <ArtistImage
        src={artist.portfolioImages[0]}
        stageName={artist.stageName}
        className="artist-cover"
        eager={eager}
      />
      <div className="artist-card-body">
        <div className="card-top">
          <h2 id={`artist-${artist.id}-name`} className="card-title">
            {artist.stageName}
          </h2>
          {rating ? (
            <span className="rating" title={t('Rating')}>
              <StarIcon size={16} /> {rating}
            </span>
          ) : null}
        </div>
        <ul className="badge-list" aria-label={t('Performance types')}>
          {types.map((type) => (
            <li key={type}>
              <Badge tone="gold">{t(PERFORMANCE_TYPE_LABELS[type])}</Badge>
            </li>
          ))}
          {more > 0 ? (
            <li>
              <Badge tone="outline">+{more}</Badge>
            </li>
          ) : null}
        </ul>
        {artist.bio ? <p className="muted clamp-2">{artist.bio}</p> : null}
        <div className="card-bottom">
          <div className="job-card-meta">
            <span className="meta">
              <PinIcon size={16} /> {artist.region}
              <VerifiedMark verified={artist.phoneVerified} />
            </span>
            {price ? <span className="price">{price}</span> : null}
          </div>
          <Link
            to={paths.artist(artist.id)}
            className="btn btn-outline btn-block"
            aria-label={t('View Profile: {stageName}', { stageName: artist.stageName })}
          >
            {t('View Profile')}
          </Link>
        </div>
      </div>
    </article>
  );
}
