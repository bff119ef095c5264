import { useId, type ReactNode, type RefObject } from 'react';
import { classNames } from './class-names';
import { DialogCloseButton, DialogLayer } from './dialog-layer';
import styles from './modal.module.css';

export interface ModalProps {
  open: boolean;
  /** Called on Escape, a backdrop click and the close button. */
  onClose: () => void;
  /** Names the dialog; shown as its heading unless `hideTitle`. */
  title: ReactNode;
  hideTitle?: boolean;
  children: ReactNode;
  /** Actions at the bottom, e.g. Cancel / Confirm buttons. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /**
   * 'overlay' is the full-screen zoomed view (e.g. an event poster): dark backdrop, no frame, the
   * title hidden unless you show it.
   */
  variant?: 'dialog' | 'overlay';
  closeLabel?: string;
  initialFocusRef?: RefObject<HTMLElement | null>;
  className?: string;
}

/** A modal dialog (or a full-screen overlay) with focus trap, Escape/backdrop close and focus return. */
export function Modal({
  open,
  onClose,
  title,
  hideTitle,
  children,
  footer,
  size = 'md',
  variant = 'dialog',
  closeLabel = 'Close',
  initialFocusRef,
  className,
}: ModalProps) {
  const titleId = useId();
  const titleHidden = hideTitle ?? variant === 'overlay';
  return (
    <DialogLayer
      open={open}
      onClose={onClose}
      labelledBy={titleId}
      initialFocusRef={initialFocusRef}
      layerClassName={styles.layer}
      backdropClassName={variant === 'overlay' ? styles.overlayBackdrop : undefined}
      panelClassName={classNames(styles[variant], variant === 'dialog' && styles[size], className)}
    >
      <div className={classNames(styles.header, titleHidden && styles.headerFloating)}>
        <h2 id={titleId} className={classNames(styles.title, titleHidden && styles.visuallyHidden)}>
          {title}
        </h2>
        <DialogCloseButton onClose={onClose} label={closeLabel} />
      </div>
      <div className={styles.body}>{children}</div>
      {footer && <div className={styles.footer}>{footer}</div>}
    </DialogLayer>
  );
}
