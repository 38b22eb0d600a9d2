import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { t } from '../../lib/i18n/translate.ts';
import { CloseIcon } from './icons.tsx';

/** Whether a dialog is open, and what closes it: what a screen passes to a dialog it opens. */
export interface DialogState {
  open: boolean;
  onClose: () => void;
}

/**
 * A modal on the native <dialog>: focus trapping, Escape and the top layer come from the browser.
 * `onClose` runs however it closes (Escape, the close button, a backdrop click, Cancel).
 *
 * One drawn open by the server (a page with its form open, ADR 031) carries the `open`
 * attribute, so it shows with no script, and its close button closes it as a `method="dialog"`
 * form does; once the script runs it becomes the modal. The attribute is the first render's
 * and never changes after: the browser's calls open and close it from then on.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
}: DialogState & {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const closeFormId = useId();
  const [drawnOpen] = useState(open);
  const showingDrawn = useRef(open);

  // A click on the backdrop lands on the <dialog> itself, outside its padded panel. Keyboard
  // users have Escape and the Close button, so this mouse-only extra lives outside JSX.
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onClick = (event: MouseEvent) => {
      if (event.target === dialog) onClose();
    };
    dialog.addEventListener('click', onClick);
    return () => dialog.removeEventListener('click', onClick);
  }, [onClose]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Open as drawn, not as a modal: the modal takes over (removing the attribute fires nothing).
    if (showingDrawn.current && open && dialog.open) dialog.removeAttribute('open');
    showingDrawn.current = false;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="dialog"
      open={drawnOpen || undefined}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={onClose}
    >
      {open ? (
        <div className="dialog-panel">
          <div className="dialog-header">
            <h2 id={titleId} className="dialog-title">
              {title}
            </h2>
            {/* With no script, the empty form below closes the dialog. */}
            <button
              type="submit"
              form={closeFormId}
              className="icon-button"
              onClick={(event) => {
                event.preventDefault();
                onClose();
              }}
              aria-label={t('Close')}
            >
              <CloseIcon size={18} />
            </button>
            <form id={closeFormId} method="dialog" hidden />
          </div>
          {description ? (
            <p id={descriptionId} className="muted">
              {description}
            </p>
          ) : null}
          {children}
        </div>
      ) : null}
    </dialog>
  );
}
