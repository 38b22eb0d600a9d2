import type { ReactNode } from 'react';
import { t } from '../../lib/i18n/translate.ts';

/**
 * A form's button while its request is out: disabled, and saying what it is doing
 * ("Sending...") instead of what it does ("Send Report"). A submit button unless `onClick`.
 */
export function PendingButton({
  pending,
  pendingLabel,
  children,
  className = 'btn btn-primary',
  disabled = false,
  onClick,
}: {
  pending: boolean;
  pendingLabel: string;
  children: ReactNode;
  className?: string;
  disabled?: boolean;
  onClick?: () => void;
}) {
  return (
    <button
      type={onClick ? 'button' : 'submit'}
      className={className}
      disabled={pending || disabled}
      onClick={onClick}
    >
      {pending ? pendingLabel : children}
    </button>
  );
}

/**
 * The foot of a dialog: Cancel (or `cancelLabel`), which closes it and sends nothing, then the
 * dialog's own buttons.
 */
export function DialogActions({
  onCancel,
  cancelLabel = t('Cancel'),
  children,
}: {
  onCancel: () => void;
  cancelLabel?: string;
  children: ReactNode;
}) {
  return (
    <div className="dialog-actions">
      <button type="button" className="btn btn-outline" onClick={onCancel}>
        {cancelLabel}
      </button>
      {children}
    </div>
  );
}
