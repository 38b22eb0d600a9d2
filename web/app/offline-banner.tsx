import { OfflineIcon } from '../components/ui/icons.tsx';
import { t } from '../lib/i18n/translate.ts';
import { useOnline } from '../lib/use-online.ts';

/** Says once, politely, that there is no connection; the live region is always there to speak. */
export function OfflineBanner() {
  const online = useOnline();
  return (
    <div role="status" className="offline-region">
      {online ? null : (
        <p className="offline-banner">
          <OfflineIcon size={16} /> {t("You're offline. Showing saved data.")}
        </p>
      )}
    </div>
  );
}
