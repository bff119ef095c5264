import { useRef, type FormEvent, type ReactNode } from 'react';
import { Button, type ButtonVariant } from './button';
import { Modal } from './modal';
import styles from './confirm-dialog.module.css';

export interface ConfirmDialogProps {
  open: boolean;
  /** The question, as the dialog's heading: "Decline “Operating Systems notes”?" */
  title: ReactNode;
  /** What will happen, and anything to fill in first (e.g. an optional reason field). */
  children?: ReactNode;
  /** Names the action, never "OK": "Decline", "Delete post". */
  confirmLabel: string;
  cancelLabel?: string;
  /** 'danger' for what cannot be undone (the default), 'primary' otherwise. */
  tone?: Extract<ButtonVariant, 'danger' | 'primary'>;
  /** The action is running: the confirm button shows a spinner and neither button can be pressed. */
  busy?: boolean;
  busyLabel?: string;
  onConfirm: () => void;
  /** Cancel, Escape, the backdrop and the close button. */
  onCancel: () => void;
}

/**
 * Asks before an action that cannot be undone (a decline, a delete). Focus starts on Cancel, so an
 * Enter pressed out of habit changes nothing; the confirm button names the action. The body is a
 * form: Enter in a text field inside it confirms. Focus returns to the button that opened it.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  tone = 'danger',
  busy = false,
  busyLabel,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onConfirm();
  };
  return (
    <Modal
      open={open}
      onClose={() => {
        if (!busy) onCancel();
      }}
      title={title}
      size="sm"
      initialFocusRef={cancelRef}
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        {children}
        <div className={styles.actions}>
          <Button ref={cancelRef} type="button" variant="secondary" disabled={busy} onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button type="submit" variant={tone} loading={busy} loadingLabel={busyLabel ?? confirmLabel}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
