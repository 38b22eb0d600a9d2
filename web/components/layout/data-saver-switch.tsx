import { useQueryClient } from '@tanstack/react-query';
import { setDataSaver, useDataSaver } from '../../lib/data-saver.ts';
import { t } from '../../lib/i18n/translate.ts';
import { DataSaverIcon } from '../ui/icons.tsx';

/**
 * The Data saver switch of the header; its text says whether it is on. Turning it off brings
 * what is on screen up to date, since nothing refreshed by itself while it was on.
 */
export function DataSaverSwitch() {
  const on = useDataSaver();
  const queryClient = useQueryClient();
  const toggle = () => {
    setDataSaver(!on);
    if (on) void queryClient.invalidateQueries();
  };
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-label={t('Data saver')}
      className={`btn btn-sm data-saver-switch${on ? ' is-on' : ''}`}
      onClick={toggle}
      title={on ? t('Pictures load when tapped; nothing refreshes by itself') : undefined}
    >
      <DataSaverIcon size={18} />
      <span className="data-saver-label" aria-hidden="true">
        {on ? t('Data saver on') : t('Data saver off')}
      </span>
    </button>
  );
}
