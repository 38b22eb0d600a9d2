import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { Artist } from '../../../contracts/artists.ts';
import { paths } from '../../../contracts/paths.ts';
import { SiteHeader } from '../../components/layout/site-header.tsx';
import { OutboxStatus } from '../../components/outbox-status.tsx';
import { ArrowLeftIcon } from '../../components/ui/icons.tsx';
import { listingFallback } from '../../components/ui/listing-fallback.tsx';
import { useArtist } from '../../features/artists/api/get-artist.ts';
import { ArtistProfile } from '../../features/artists/components/artist-profile.tsx';
import { requestBooking } from '../../features/bookings/api/create-booking.ts';
import { useBookedDays } from '../../features/bookings/api/get-booked-days.ts';
import { BookingDialog } from '../../features/bookings/components/booking-dialog.tsx';
import { useArtistReviews } from '../../features/engagements/api/reviews.ts';
import { ReviewsList } from '../../features/engagements/components/reviews-list.tsx';
import { t } from '../../lib/i18n/translate.ts';

/** An artist's profile (the artists feature) with its booking requests (the bookings feature). */
export function ArtistProfilePage() {
  const id = Number(useParams().id);
  const query = useArtist(id);
  const artist = query.data;
  const [booking, setBooking] = useState(false);
  const fallback = listingFallback(query, 'artist', {
    loading: t('Loading artist...'),
    offline: t('This artist'),
    failed: t('Failed to fetch artist'),
    notFound: t('Artist Not Found'),
    notFoundText: t("The artist you're looking for doesn't exist or has been removed"),
    back: { to: paths.artists, label: t('Browse All Artists') },
  });
  const bookedDays = useBookedDays(id).data;

  return (
    <>
      <SiteHeader />
      <main id="main" className="container page">
        <Link to={paths.artists} className="back-link">
          <ArrowLeftIcon size={16} /> {t('Back to Artists')}
        </Link>
        <OutboxStatus kind={requestBooking} about={id} />
        {artist && !fallback ? (
          <>
            <ArtistProfile
              artist={artist}
              bookedDays={bookedDays}
              onBook={() => setBooking(true)}
              reviews={<ArtistReviews artistId={id} artist={artist} />}
            />
            <BookingDialog artist={artist} open={booking} onClose={() => setBooking(false)} />
          </>
        ) : (
          fallback
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
