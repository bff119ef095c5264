import { useId, type ReactNode, type RefObject } from 'react';
import { classNames } from './class-names';
import { DialogCloseButton, DialogLayer } from './dialog-layer';
import styles from './slide-in-panel.module.css';

export interface SlideInPanelProps {
  open: boolean;
  /** Called on Escape, a backdrop click and the close button. */
  onClose: () => void;
  /** The panel's heading, e.g. "Create New Post". */
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  side?: 'right' | 'left';
  closeLabel?: string;
  initialFocusRef?: RefObject<HTMLElement | null>;
  className?: string;
}

/** A side sheet (full width on a phone) with the same focus trap and close behaviour as Modal. */
export function SlideInPanel({
  open,
  onClose,
  title,
  children,
  footer,
  side = 'right',
  closeLabel = 'Close',
  initialFocusRef,
  className,
}: SlideInPanelProps) {
  const titleId = useId();
  return (
    <DialogLayer
      open={open}
      onClose={onClose}
      labelledBy={titleId}
      initialFocusRef={initialFocusRef}
      layerClassName={styles[side]}
      panelClassName={classNames(styles.panel, className)}
    >
      <div className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <DialogCloseButton onClose={onClose} label={closeLabel} />
      </div>
      <div className={styles.body}>{children}</div>
      {footer && <div className={styles.footer}>{footer}</div>}
    </DialogLayer>
  );
}
