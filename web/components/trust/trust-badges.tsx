import { t } from '../../lib/i18n/translate.ts';
import { Badge } from '../ui/badge.tsx';
import { PhoneIcon, ShieldIcon } from '../ui/icons.tsx';

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
