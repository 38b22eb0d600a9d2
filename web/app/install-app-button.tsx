import { useSyncExternalStore } from 'react';
import { DownloadIcon } from '../components/ui/icons.tsx';
import { canInstall, promptInstall, subscribeToInstallPrompt } from '../lib/install-prompt.ts';

/** Shown only where the browser offers installation (Chrome's beforeinstallprompt). */
export function InstallAppButton({ className = 'btn btn-outline' }: { className?: string }) {
  const available = useSyncExternalStore(subscribeToInstallPrompt, canInstall, () => false);
  if (!available) return null;
  return (
    <button type="button" className={className} onClick={() => void promptInstall()}>
      <DownloadIcon size={18} /> Install app
    </button>
  );
}
