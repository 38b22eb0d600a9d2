import type { ArtistDetail } from '../../../../contracts/artists.ts';
import { ReportButton } from '../../../components/trust/report-button.tsx';
import { PaidGigsBadge, PhoneVerifiedBadge } from '../../../components/trust/trust-badges.tsx';

/** What vouches for an artist (phone verified, gigs paid through Ghana Gigs), and Report. */
export function ArtistTrust({ artist }: { artist: ArtistDetail }) {
  return (
    <div className="trust-row">
      <PhoneVerifiedBadge verified={artist.phoneVerified} />
      <PaidGigsBadge count={artist.paidGigs} />
      <ReportButton targetType="artist" targetId={artist.id} ownerId={artist.userId} />
    </div>
  );
}
