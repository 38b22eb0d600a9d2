import { useEffect, useId, useState } from 'react';
import { RESEND_CODE_AFTER_SECONDS } from '../../../../contracts/auth.ts';

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
  const [now, setNow] = useState(Date.now);
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
          ? 'Sending...'
          : secondsLeft > 0
            ? `Resend code in ${secondsLeft}s`
            : 'Resend Code'}
      </button>
      {error ? (
        <p id={errorId} role="alert" className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
