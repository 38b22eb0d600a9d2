import { type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  ARTIST_MESSAGES,
  type Artist,
  type ArtistDetail,
  type AvailabilityEntry,
  isBookable,
  PERFORMANCE_TYPE_LABELS,
  upcomingAvailability,
} from '../../../../contracts/artists.ts';
import { CANCELLATION_POLICY_SENTENCES } from '../../../../contracts/engagements.ts';
import { paths } from '../../../../contracts/paths.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { CalendarIcon, PinIcon, StarIcon } from '../../../components/ui/icons.tsx';
import { Picture } from '../../../components/ui/picture.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { useUser } from '../../../lib/auth.ts';
import { formatLongDate, formatMoney, todayIso } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/translate.ts';
import { ratingSummary } from '../../../lib/rating-summary.ts';
import { useAvailability } from '../api/get-availability.ts';
import { ArtistImage } from './artist-avatar.tsx';
import { ArtistTrust } from './artist-trust.tsx';

type ProfileTab = 'about' | 'portfolio' | 'availability' | 'reviews';

function rateLines(artist: Artist): string[] {
  const lines: string[] = [];
  if (artist.hourlyRate !== null)
    lines.push(t('{amount}/hr', { amount: formatMoney(artist.hourlyRate) }));
  if (artist.eventRate !== null)
    lines.push(t('{amount}/event', { amount: formatMoney(artist.eventRate) }));
  return lines;
}

/**
 * The next dates the Availability tab lists: the artist's free dates, and the days already
 * booked (whether listed or not) marked as taken, soonest first.
 */
function upcomingDays(
  entries: readonly AvailabilityEntry[],
  bookedDays: readonly string[],
  today: string,
) {
  const booked = new Set(bookedDays);
  const free = entries
    .filter((entry) => !booked.has(entry.date))
    .map((entry) => ({ ...entry, booked: false }));
  const taken = bookedDays.map((date) => ({ date, timeSlot: null, booked: true }));
  return upcomingAvailability([...free, ...taken], today);
}

/**
 * An artist's public profile: header with rates and the Book Now button, then About, Portfolio,
 * Availability and Reviews (the reviews list comes from the page: features do not import each
 * other).
 */
export function ArtistProfile({
  artist,
  bookedDays = [],
  onBook,
  reviews,
}: {
  artist: ArtistDetail;
  /** Days ('YYYY-MM-DD') the artist already has an accepted booking: shown as taken. */
  bookedDays?: readonly string[];
  onBook: () => void;
  reviews: ReactNode;
}) {
  const { user } = useUser();
  const [tab, setTab] = useState<ProfileTab>('about');
  const availability = useAvailability(artist.id);
  const rating = ratingSummary(artist.rating, artist.reviewCount);
  const rates = rateLines(artist);
  const upcoming = upcomingDays(availability.data ?? [], bookedDays, todayIso());

  return (
    <>
      <section className="card profile-header">
        <ArtistImage
          src={artist.portfolioImages[0]}
          stageName={artist.stageName}
          className="profile-image"
        />
        <div className="profile-info">
          <h1 className="detail-title">{artist.stageName}</h1>
          <ul className="badge-list" aria-label={t('Performance types')}>
            {artist.performanceTypes.map((type) => (
              <li key={type}>
                <Badge tone="gold">{t(PERFORMANCE_TYPE_LABELS[type])}</Badge>
              </li>
            ))}
          </ul>
          <ul className="meta-list">
            {rating ? (
              <li className="rating">
                <StarIcon size={16} /> {rating}
                <span className="visually-hidden"> {t('rating')}</span>
              </li>
            ) : null}
            <li className="meta">
              <PinIcon size={16} /> {artist.region}
            </li>
          </ul>
          <ArtistTrust artist={artist} />
          {rates.length > 0 ? (
            <p className="price profile-rates">
              {rates.map((rate) => (
                <span key={rate}>{rate}</span>
              ))}
            </p>
          ) : null}
          <p className="hint profile-policy">
            {t(CANCELLATION_POLICY_SENTENCES[artist.cancellationPolicy])}
          </p>
        </div>
        <div className="profile-cta">
          {!isBookable(artist) ? (
            <p className="card muted" role="note">
              {t('{reason}, so bookings are not open yet.', { reason: t(ARTIST_MESSAGES.noRate) })}
            </p>
          ) : user?.role ? (
            <button type="button" className="btn btn-primary btn-lg" onClick={onBook}>
              {t('Book Now')}
            </button>
          ) : (
            <Link to={paths.login} className="btn btn-primary btn-lg">
              {t('Sign In to Book')}
            </Link>
          )}
        </div>
      </section>

      <Tabs<ProfileTab>
        label={t('Artist profile')}
        value={tab}
        onChange={setTab}
        items={[
          {
            value: 'about',
            label: t('About'),
            panel: (
              <div className="card stack">
                <div>
                  <h2 className="section-subtitle">{t('Bio')}</h2>
                  <p className="pre-line">{artist.bio || t('No bio available.')}</p>
                </div>
                <div>
                  <h2 className="section-subtitle">{t('Performance Types')}</h2>
                  <ul className="badge-list">
                    {artist.performanceTypes.map((type) => (
                      <li key={type}>
                        <Badge tone="gold">{t(PERFORMANCE_TYPE_LABELS[type])}</Badge>
                      </li>
                    ))}
                  </ul>
                </div>
                <div>
                  <h2 className="section-subtitle">{t('Rates')}</h2>
                  <dl className="summary-list">
                    {artist.hourlyRate !== null ? (
                      <div>
                        <dt>{t('Hourly Rate')}</dt>
                        <dd className="price">
                          {t('{amount}/hr', { amount: formatMoney(artist.hourlyRate) })}
                        </dd>
                      </div>
                    ) : null}
                    {artist.eventRate !== null ? (
                      <div>
                        <dt>{t('Event Rate')}</dt>
                        <dd className="price">
                          {t('{amount}/event', { amount: formatMoney(artist.eventRate) })}
                        </dd>
                      </div>
                    ) : null}
                  </dl>
                </div>
              </div>
            ),
          },
          {
            value: 'portfolio',
            label: t('Portfolio'),
            panel:
              artist.portfolioImages.length > 0 ? (
                <div className="portfolio-grid">
                  {artist.portfolioImages.map((src, index) => (
                    <Picture
                      key={src}
                      src={src}
                      alt={t('{stageName} portfolio {number}', {
                        stageName: artist.stageName,
                        number: index + 1,
                      })}
                    />
                  ))}
                </div>
              ) : (
                <div className="card">
                  <p className="muted">{t('No portfolio images available yet.')}</p>
                </div>
              ),
          },
          {
            value: 'availability',
            label: t('Availability'),
            panel: (
              <div className="card">
                {availability.isPending ? (
                  <Spinner label={t('Loading availability...')} />
                ) : upcoming.length === 0 ? (
                  <p className="muted">
                    {t(
                      'No upcoming availability. Please contact the artist for booking inquiries.',
                    )}
                  </p>
                ) : (
                  <ul className="availability-list">
                    {upcoming.map((entry) =>
                      entry.booked ? (
                        <li key={`${entry.date}-booked`} className="booked-day">
                          <CalendarIcon size={18} />
                          <span>{formatLongDate(entry.date)}</span>
                          <Badge tone="red">{t('Booked')}</Badge>
                        </li>
                      ) : (
                        <li key={`${entry.date}-${entry.timeSlot ?? ''}`}>
                          <CalendarIcon size={18} />
                          <span>{formatLongDate(entry.date)}</span>
                          {entry.timeSlot ? <Badge tone="green">{entry.timeSlot}</Badge> : null}
                        </li>
                      ),
                    )}
                  </ul>
                )}
              </div>
            ),
          },
          { value: 'reviews', label: t('Reviews'), panel: reviews },
        ]}
      />
    </>
  );
}
