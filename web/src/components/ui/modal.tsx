import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent, type ReactNode, type SyntheticEvent } from 'react';
import { FOCUSABLE_SELECTOR, keepTabInside } from '../../lib/focus.ts';
import { Icon } from './icon.tsx';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** Shown under the title and used as the dialog's description. */
  description?: ReactNode;
  children: ReactNode;
  size?: 'small' | 'medium';
  /** Whether Escape and clicks outside close it (the default). */
  dismissible?: boolean;
  /** Changing it while open moves focus as if the dialog had just opened (content swapped). */
  focusKey?: string;
}

function focusInitial(dialog: HTMLDialogElement): void {
  const preferred = dialog.querySelector<HTMLElement>('[data-autofocus]');
  (preferred ?? dialog.querySelector<HTMLElement>(FOCUSABLE_SELECTOR))?.focus();
}

/**
 * Puts the focus back on the control that opened the dialog, unless it has gone or the user has
 * already moved on. Done as the dialog closes rather than on its close event: that event comes a
 * task later, when the user may be on another control.
 */
function returnFocus(dialog: HTMLDialogElement, target: Element | null): void {
  const active = document.activeElement;
  const focusLeft = !active || active === document.body || dialog.contains(active);
  if (focusLeft && target instanceof HTMLElement && target.isConnected) target.focus();
}

/**
 * A modal dialog on the native <dialog>: the page behind is inert, Tab cycles inside, Escape and a
 * click outside close it, and focus returns to where it was. Content mounts only while open, so
 * forms start fresh every time.
 */
export function Modal({ open, onClose, title, description, children, size = 'small', dismissible = true, focusKey }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocusRef = useRef<Element | null>(null);
  const pressStartedOnBackdrop = useRef(false);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocusRef.current = document.activeElement;
      dialog.showModal();
      focusInitial(dialog);
    } else if (!open && dialog.open) {
      dialog.close();
      returnFocus(dialog, returnFocusRef.current);
      returnFocusRef.current = null;
    }
  }, [open]);

  const lastFocusKey = useRef(focusKey);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (lastFocusKey.current === focusKey) return;
    lastFocusKey.current = focusKey;
    if (dialog?.open) focusInitial(dialog);
  }, [focusKey]);

  useEffect(() => {
    const dialog = dialogRef.current;
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);

  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    if (dismissible) onClose();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => keepTabInside(event, event.currentTarget);

  const onMouseDown = (event: MouseEvent<HTMLDialogElement>) => {
    pressStartedOnBackdrop.current = event.target === event.currentTarget;
  };

  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (dismissible && pressStartedOnBackdrop.current && event.target === event.currentTarget) onClose();
    pressStartedOnBackdrop.current = false;
  };

  return (
    <dialog
      ref={dialogRef}
      className={`modal modal--${size}`}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={onCancel}
      onKeyDown={onKeyDown}
      onMouseDown={onMouseDown}
      onClick={onClick}
    >
      {open && (
        <div className="modal__panel">
          <header className="modal__header">
            <h2 id={titleId} className="modal__title">
              {title}
            </h2>
            {dismissible && (
              <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
                <Icon name="close" />
              </button>
            )}
          </header>
          {description && (
            <div id={descriptionId} className="modal__description">
              {description}
            </div>
          )}
          <div className="modal__body">{children}</div>
        </div>
      )}
    </dialog>
  );
}

interface ModalFormActionsProps {
  onCancel: () => void;
  cancelLabel?: string;
  submitLabel: string;
  /** Said on the submit button while the form is being sent. */
  busyLabel?: string;
  busy: boolean;
  /** For forms whose submit destroys or refuses something. */
  danger?: boolean;
}

/** The buttons under a modal's form: one that closes it, and the submit. */
export function ModalFormActions({ onCancel, cancelLabel = 'Cancel', submitLabel, busyLabel, busy, danger = false }: ModalFormActionsProps) {
  return (
    <div className="modal__actions">
      <button type="button" className="button button--ghost" onClick={onCancel}>
        {cancelLabel}
      </button>
      <button type="submit" className={danger ? 'button button--danger' : 'button button--primary'} disabled={busy}>
        {busy && busyLabel ? busyLabel : submitLabel}
      </button>
    </div>
  );
}
