import { useState, useSyncExternalStore } from 'react';
import { t } from '../lib/i18n/translate.ts';
import { applyUpdate, isUpdateWaiting, subscribeToUpdate } from '../lib/service-worker.ts';

/**
 * A new version is installed and waiting. It stays until the user taps: nothing reloads by
 * itself, so a form being filled in is never lost.
 */
export function UpdatePrompt() {
  const waiting = useSyncExternalStore(subscribeToUpdate, isUpdateWaiting, () => false);
  const [updating, setUpdating] = useState(false);
  if (!waiting) return null;
  return (
    <section className="update-prompt" aria-label={t('App update')}>
      <p className="update-text">{t('A new version is ready.')}</p>
      <button
        type="button"
        className="btn btn-primary btn-sm"
        disabled={updating}
        onClick={() => {
          setUpdating(true);
          void applyUpdate();
        }}
      >
        {t('Reload to update')}
      </button>
    </section>
  );
}
