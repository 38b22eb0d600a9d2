import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { Artist } from '../../../contracts/artists.ts';
import { paths } from '../../../contracts/paths.ts';
import { SiteHeader } from '../../components/layout/site-header.tsx';
import { OutboxStatus } from '../../components/outbox-status.tsx';
import { underReviewMessage } from '../../components/trust/under-review.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { AlertIcon, ArrowLeftIcon } from '../../components/ui/icons.tsx';
import { NotSavedOffline } from '../../components/ui/not-saved-offline.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useArtist } from '../../features/artists/api/get-artist.ts';
import { ArtistProfile } from '../../features/artists/components/artist-profile.tsx';
import { requestBooking } from '../../features/bookings/api/create-booking.ts';
import { useBookedDays } from '../../features/bookings/api/get-booked-days.ts';
import { BookingDialog } from '../../features/bookings/components/booking-dialog.tsx';
import { useArtistReviews } from '../../features/engagements/api/reviews.ts';
import { ReviewsList } from '../../features/engagements/components/reviews-list.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { t } from '../../lib/i18n/translate.ts';

/** An artist's profile (the artists feature) with its booking requests (the bookings feature). */
export function ArtistProfilePage() {
  const id = Number(useParams().id);
  const query = useArtist(id);
  const artist = query.data;
  const [booking, setBooking] = useState(false);
  const underReview = underReviewMessage(query.error, 'artist');
  const bookedDays = useBookedDays(id).data;

  return (
    <>
      <SiteHeader />
      <main id="main" className="container page">
        <Link to={paths.artists} className="back-link">
          <ArrowLeftIcon size={16} /> {t('Back to Artists')}
        </Link>
        <OutboxStatus kind={requestBooking} about={id} />
        {query.isLoading ? (
          <Spinner label={t('Loading artist...')} />
        ) : query.isPending && query.fetchStatus === 'paused' ? (
          <NotSavedOffline what={t('This artist')} />
        ) : underReview ? (
          <EmptyState
            icon={<AlertIcon />}
            title={t('Under Review')}
            text={underReview}
            action={
              <Link to={paths.artists} className="btn btn-primary">
                {t('Browse All Artists')}
              </Link>
            }
          />
        ) : query.isError &&
          !artist &&
          !(query.error instanceof ApiError && query.error.status === 404) ? (
          <EmptyState
            icon={<AlertIcon />}
            title={t('Failed to fetch artist')}
            text={t('Please try again later.')}
          />
        ) : !artist ? (
          <EmptyState
            icon={<AlertIcon />}
            title={t('Artist Not Found')}
            text={t("The artist you're looking for doesn't exist or has been removed")}
            action={
              <Link to={paths.artists} className="btn btn-primary">
                {t('Browse All Artists')}
              </Link>
            }
          />
        ) : (
          <>
            <ArtistProfile
              artist={artist}
              bookedDays={bookedDays}
              onBook={() => setBooking(true)}
              reviews={<ArtistReviews artistId={id} artist={artist} />}
            />
            <BookingDialog artist={artist} open={booking} onClose={() => setBooking(false)} />
          </>
        )}
      </main>
    </>
  );
}

/** The profile's Reviews tab: the reviews of the artist's performances, read when opened. */
function ArtistReviews({ artistId, artist }: { artistId: number; artist: Artist }) {
  const query = useArtistReviews(artistId);
  return <ReviewsList query={query} rating={artist.rating} reviewCount={artist.reviewCount} />;
}
