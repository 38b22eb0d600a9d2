import { useId } from 'react';
import { useUser } from '../lib/auth.ts';
import { t } from '../lib/i18n/translate.ts';
import { SIGNED_OUT_MESSAGE } from '../lib/outbox/outbox-item.ts';
import { useOutboxItems } from '../lib/outbox/use-outbox.ts';
import type { WriteKind } from '../lib/outbox/write-kind.ts';
import { useOnline } from '../lib/use-online.ts';
import { AlertIcon, ClockIcon } from './ui/icons.tsx';

/**
 * The signed-in user's writes that the server does not have yet ("Waiting to send") or will
 * never take ("Couldn't send": refused, with the server's message, or expired; until
 * dismissed). `kind` and `about` narrow it to one page's own writes, such as the applications
 * to one job.
 */
export function OutboxStatus({ kind, about }: { kind?: WriteKind<never>; about?: number }) {
  const id = useId();
  const { user } = useUser();
  const online = useOnline();
  const { pending, failed, dismiss } = useOutboxItems({ userId: user?.id, kind, ref: about });
  if (pending.length === 0 && failed.length === 0) return null;
  const signedOut = pending.some((item) => item.lastError === SIGNED_OUT_MESSAGE);

  return (
    <div className="outbox-status">
      {pending.length > 0 ? (
        <section className="outbox-card outbox-waiting" aria-labelledby={`${id}-waiting`}>
          <h2 id={`${id}-waiting`} className="outbox-title">
            <ClockIcon size={18} /> {t('Waiting to send ({count})', { count: pending.length })}
          </h2>
          <ul className="outbox-list">
            {pending.map((item) => (
              <li key={item.idempotencyKey}>{item.title}</li>
            ))}
          </ul>
          <p className="outbox-note">
            {signedOut
              ? t('Saved on this phone. Sign in again to send it.')
              : online
                ? t('Saved on this phone. Sending as soon as the connection allows.')
                : t("Saved on this phone. It will be sent when you're back online.")}
          </p>
        </section>
      ) : null}
      {failed.length > 0 ? (
        <section className="outbox-card outbox-failed" aria-labelledby={`${id}-failed`}>
          <h2 id={`${id}-failed`} className="outbox-title">
            <AlertIcon size={18} /> {t("Couldn't send ({count})", { count: failed.length })}
          </h2>
          <ul className="outbox-list">
            {failed.map((item) => (
              <li key={item.idempotencyKey} className="outbox-failed-item">
                <div>
                  <p className="outbox-item-title">{item.title}</p>
                  <p className="outbox-error">{item.lastError ? t(item.lastError) : null}</p>
                </div>
                <button
                  type="button"
                  className="btn btn-outline btn-sm"
                  onClick={() => void dismiss(item.idempotencyKey)}
                >
                  {t('Dismiss')}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
