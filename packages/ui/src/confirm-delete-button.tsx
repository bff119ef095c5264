import { useState, type ReactNode } from 'react';
import { Button, type ButtonProps } from './button';
import { ConfirmDialog } from './confirm-dialog';

export interface ConfirmDeleteButtonProps extends Omit<
  ButtonProps,
  'onClick' | 'children' | 'loading' | 'loadingLabel'
> {
  /** The question, a full sentence: "Delete this job post?" */
  question: ReactNode;
  /** Names what goes, and says it cannot be undone: "“SDE Intern at Acme” will be removed for everyone. This cannot be undone." */
  consequence: ReactNode;
  /** The confirm button, naming the action: "Delete job post". */
  confirmLabel: string;
  /** Runs the delete; the dialog shows it running and closes once it settles (its failure is the caller's toast). */
  onConfirm: () => Promise<unknown>;
  /** The button's visible text. */
  children?: ReactNode;
}

/**
 * The one way to delete something: a danger button that asks first (ConfirmDialog: focus starts on
 * Cancel, Escape cancels, the confirm button names the action), shows the delete running in the
 * dialog, and closes once it is done. Nothing goes on a single tap.
 */
export function ConfirmDeleteButton({
  question,
  consequence,
  confirmLabel,
  onConfirm,
  children = 'Delete',
  variant = 'danger',
  size = 'sm',
  ...buttonProps
}: ConfirmDeleteButtonProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = () => {
    setBusy(true);
    onConfirm()
      .catch(() => undefined)
      .finally(() => {
        setBusy(false);
        setOpen(false);
      });
  };
  return (
    <>
      <Button {...buttonProps} variant={variant} size={size} loading={busy} onClick={() => setOpen(true)}>
        {children}
      </Button>
      <ConfirmDialog
        open={open}
        title={question}
        confirmLabel={confirmLabel}
        busy={busy}
        busyLabel="Deleting..."
        onConfirm={confirm}
        onCancel={() => setOpen(false)}
      >
        <p>{consequence}</p>
      </ConfirmDialog>
    </>
  );
}
