import { t } from '../../lib/i18n/translate.ts';
import { EmptyState } from './empty-state.tsx';
import { OfflineIcon } from './icons.tsx';

/** Offline, asked for something this phone never saw: say so rather than "not found". */
export function NotSavedOffline({ what }: { what: string }) {
  return (
    <EmptyState
      icon={<OfflineIcon />}
      title={t('Not saved on this phone')}
      text={t("{what} will load when you're back online.", { what })}
    />
  );
}
