import { t } from '../../lib/i18n/translate.ts';
import { Badge } from '../ui/badge.tsx';
import { AlertIcon, PhoneIcon, ShieldIcon } from '../ui/icons.tsx';

/** "Phone verified": the person signed in with a code sent to their phone. */
export function PhoneVerifiedBadge({ verified }: { verified: boolean }) {
  if (!verified) return null;
  return (
    <Badge tone="green">
      <PhoneIcon size={14} /> {t('Phone verified')}
    </Badge>
  );
}

/**
 * "Paid through Ghana Gigs: 12 gigs": engagements someone took part in whose escrow was
 * released through the platform; none below one.
 */
export function PaidGigsBadge({ count }: { count: number }) {
  if (count < 1) return null;
  return (
    <Badge tone="blue">
      <ShieldIcon size={14} />{' '}
      {count === 1
        ? t('Paid through Ghana Gigs: 1 gig')
        : t('Paid through Ghana Gigs: {count} gigs', { count })}
    </Badge>
  );
}

/**
 * "Cancelled 2 bookings": accepted bookings the artist called off, or did not show for (an
 * operator decided), shown beside the paid gigs so a client weighs both; none below one.
 */
export function CancelledByArtistBadge({ count }: { count: number }) {
  if (count < 1) return null;
  return (
    <Badge tone="red">
      <AlertIcon size={14} />{' '}
      {count === 1 ? t('Cancelled 1 booking') : t('Cancelled {count} bookings', { count })}
    </Badge>
  );
}
