import { t } from '../../lib/i18n/translate.ts';
import { CheckIcon } from '../ui/icons.tsx';

/** The small tick beside a name on a card or a listing: "Phone verified" to a screen reader. */
export function VerifiedMark({ verified }: { verified: boolean }) {
  if (!verified) return null;
  return (
    <span className="verified-mark" title={t('Phone verified')}>
      <CheckIcon size={14} />
      <span className="visually-hidden">{t('Phone verified')}</span>
    </span>
  );
}
