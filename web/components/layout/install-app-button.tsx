import { useSyncExternalStore } from 'react';
import { t } from '../../lib/i18n/translate.ts';
import { canInstall, promptInstall, subscribeToInstallPrompt } from '../../lib/install-prompt.ts';
import { DownloadIcon } from '../ui/icons.tsx';

/** Shown only where the browser offers installation (Chrome's beforeinstallprompt). */
export function InstallAppButton({ className = 'btn btn-outline' }: { className?: string }) {
  const available = useSyncExternalStore(subscribeToInstallPrompt, canInstall, () => false);
  if (!available) return null;
  return (
    <button type="button" className={className} onClick={() => void promptInstall()}>
      <DownloadIcon size={18} /> {t('Install app')}
    </button>
  );
}
