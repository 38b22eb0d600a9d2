import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '../../../contracts/languages.ts';
import { useUser } from '../../lib/auth.ts';
import { chooseLanguage } from '../../lib/i18n/language.ts';
import { t } from '../../lib/i18n/translate.ts';
import { useLanguage } from '../../lib/i18n/use-language.ts';
import { GlobeIcon } from '../ui/icons.tsx';

/**
 * A native select with each language by its own name. The choice applies at once (offline too,
 * once the service worker holds the catalogs) and is remembered on the phone and the account.
 */
export function LanguagePicker({ className = '', label }: { className?: string; label?: string }) {
  const language = useLanguage();
  const { user } = useUser();
  const queryClient = useQueryClient();
  const [failed, setFailed] = useState(false);
  return (
    <span className={`language-picker ${className}`}>
      {label ? <GlobeIcon size={18} /> : null}
      <select
        className="input language-select"
        aria-label={label ?? t('Language')}
        value={language}
        onChange={(event) => {
          const next = event.target.value;
          if (!isLanguage(next)) return;
          setFailed(false);
          chooseLanguage(next).then(
            () => {
              if (!user) return;
              void import('../../lib/i18n/account-language-save.ts')
                .then(({ saveAccountLanguage }) => saveAccountLanguage(queryClient, next))
                .catch(() => undefined);
            },
            () => setFailed(true),
          );
        }}
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
      {failed ? (
        <span role="alert" className="language-error">
          {t("That language isn't saved on this phone yet. Try again when you're online.")}
        </span>
      ) : null}
    </span>
  );
}
