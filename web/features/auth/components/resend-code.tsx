import { useEffect, useId, useState } from 'react';
import { RESEND_CODE_AFTER_SECONDS } from '../../../../contracts/sign-in.ts';
import { t } from '../../../lib/i18n/translate.ts';

/**
 * Resend Code, counting down from the last send: the server refuses a second code within a
 * minute, so the button waits as long. What the server says when it still refuses (its hourly
 * and daily limits) stays under the button, where the person is looking.
 */
export function ResendCode({
  sentAt,
  pending,
  error,
  onResend,
}: {
  /** When the last code was sent (ms since the epoch). */
  sentAt: number;
  pending: boolean;
  error: string | undefined;
  onResend: () => void;
}) {
  const errorId = useId();
  // From the send, not the clock: a screen the server drew after a form post hydrates with the
  // same countdown it was drawn with, and the first tick corrects it.
  const [now, setNow] = useState(sentAt);
  // Clamped: right after a resend `now` is a tick old.
  const secondsLeft = Math.min(
    RESEND_CODE_AFTER_SECONDS,
    Math.max(0, Math.ceil((sentAt + RESEND_CODE_AFTER_SECONDS * 1000 - now) / 1000)),
  );
  const waiting = secondsLeft > 0;
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [waiting]);

  return (
    <div className="resend-code">
      <button
        type="button"
        className="btn btn-ghost btn-block"
        disabled={pending || secondsLeft > 0}
        onClick={onResend}
        aria-describedby={error ? errorId : undefined}
      >
        {pending
          ? t('Sending...')
          : secondsLeft > 0
            ? t('Resend code in {secondsLeft}s', { secondsLeft })
            : t('Resend Code')}
      </button>
      {error ? (
        <p id={errorId} role="alert" className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
