import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useDataSaver } from '../../lib/data-saver.ts';
import { formatDateTime } from '../../lib/format.ts';
import { t } from '../../lib/i18n/translate.ts';

/** When this page opened: data older than that came from the phone's storage. */
const OPENED_AT = Date.now();

/**
 * "Last updated ..." under a list shown from storage, until fresh data replaces it. Data saver
 * never refreshes it by itself, so Refresh brings the screen up to date when the person asks.
 */
export function SavedAt({ updatedAt }: { updatedAt: number }) {
  const saver = useDataSaver();
  if (!updatedAt || updatedAt >= OPENED_AT) return null;
  return (
    <p className="saved-at">
      {t('Last updated {time}', { time: formatDateTime(new Date(updatedAt).toISOString()) })}
      {saver ? <RefreshButton /> : null}
    </p>
  );
}

function RefreshButton() {
  const queryClient = useQueryClient();
  const refreshing = useIsFetching() > 0;
  return (
    <button
      type="button"
      className="btn btn-ghost btn-sm saved-at-refresh"
      disabled={refreshing}
      onClick={() => void queryClient.refetchQueries({ type: 'active' })}
    >
      {refreshing ? t('Refreshing...') : t('Refresh')}
    </button>
  );
}
