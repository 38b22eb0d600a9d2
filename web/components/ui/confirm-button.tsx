import { type ReactNode, useState } from 'react';
import { Dialog } from './dialog.tsx';
import { DialogActions } from './form-buttons.tsx';

/**
 * A button for a step that cannot be taken back (reject, close, remove, release money): one tap
 * asks first, in a small dialog that says what follows, and only its confirm button acts.
 */
export function ConfirmButton({
  children,
  className = 'btn btn-outline btn-sm',
  disabled,
  title,
  description,
  confirmLabel,
  tone = 'danger',
  onConfirm,
}: {
  /** The button's own label. */
  children: ReactNode;
  className?: string;
  disabled?: boolean;
  /** The question: "Reject Kofi Boateng?" */
  title: string;
  /** What happens, and that it is final. */
  description: ReactNode;
  confirmLabel: string;
  /** Red for a loss (reject, remove), green for a final yes (confirming work done). */
  tone?: 'danger' | 'primary';
  onConfirm: () => void;
}) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className}
        disabled={disabled}
        onClick={() => setAsking(true)}
      >
        {children}
      </button>
      <Dialog
        open={asking}
        onClose={() => setAsking(false)}
        title={title}
        description={description}
      >
        <DialogActions onCancel={() => setAsking(false)}>
          <button
            type="button"
            className={`btn btn-${tone}`}
            onClick={() => {
              setAsking(false);
              onConfirm();
            }}
          >
            {confirmLabel}
          </button>
        </DialogActions>
      </Dialog>
    </>
  );
}
