import type { ArtistDetail } from '../../../../contracts/artists.ts';
import { ReportButton } from '../../../components/trust/report-button.tsx';
import {
  CancelledByArtistBadge,
  PaidGigsBadge,
  PhoneVerifiedBadge,
} from '../../../components/trust/trust-badges.tsx';

/**
 * What vouches for an artist (phone verified, gigs paid through Ghana Gigs), the bookings they
 * cancelled beside them, and Report.
 */
export function ArtistTrust({ artist }: { artist: ArtistDetail }) {
  return (
    <div className="trust-row">
      <PhoneVerifiedBadge verified={artist.phoneVerified} />
      <PaidGigsBadge count={artist.paidGigs} />
      <CancelledByArtistBadge count={artist.cancelledByArtist} />
      <ReportButton targetType="artist" targetId={artist.id} ownerId={artist.userId} />
    </div>
  );
}
