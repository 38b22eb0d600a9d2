import { PHONE_VERIFIED_LABEL, paidGigsLabel } from '../../../contracts/moderation.ts';
import { Badge } from '../ui/badge.tsx';
import { PhoneIcon, ShieldIcon } from '../ui/icons.tsx';

/** "Phone verified": the person signed in with a code sent to their phone. */
export function PhoneVerifiedBadge({ verified }: { verified: boolean }) {
  if (!verified) return null;
  return (
    <Badge tone="green">
      <PhoneIcon size={14} /> {PHONE_VERIFIED_LABEL}
    </Badge>
  );
}

/** "Paid through Ghana Gigs: 12 gigs": engagements whose escrow was released; none below one. */
export function PaidGigsBadge({ count }: { count: number }) {
  const label = paidGigsLabel(count);
  if (!label) return null;
  return (
    <Badge tone="blue">
      <ShieldIcon size={14} /> {label}
    </Badge>
  );
}
