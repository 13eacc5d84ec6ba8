import type { ReactNode } from 'react';
import { Modal } from './modal.tsx';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description?: ReactNode;
  /** Anything to show between the description and the buttons (an option to tick). */
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** A red confirm button, for what cannot be undone. */
  danger?: boolean;
  /** Disables the confirm button while its work is under way. */
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** A question before an action, answered with its confirm button or Cancel (which has the focus). */
export function ConfirmDialog({
  open, title, description, children, confirmLabel, cancelLabel = 'Cancel', danger = false, busy = false, onConfirm, onClose,
}: ConfirmDialogProps) {
  return (
    <Modal open={open} onClose={onClose} title={title} description={description}>
      {children}
      <div className="modal__actions">
        <button type="button" className="button button--ghost" onClick={onClose} data-autofocus>
          {cancelLabel}
        </button>
        <button type="button" className={danger ? 'button button--danger' : 'button button--primary'} disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
