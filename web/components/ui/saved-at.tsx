import { formatDateTime } from '../../lib/format.ts';
import { t } from '../../lib/i18n/translate.ts';

/** When this page opened: data older than that came from the phone's storage. */
const OPENED_AT = Date.now();

/** "Last updated ..." under a list shown from storage, until fresh data replaces it. */
export function SavedAt({ updatedAt }: { updatedAt: number }) {
  if (!updatedAt || updatedAt >= OPENED_AT) return null;
  return (
    <p className="saved-at">
      {t('Last updated {time}', { time: formatDateTime(new Date(updatedAt).toISOString()) })}
    </p>
  );
}
