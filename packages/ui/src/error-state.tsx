import type { ReactNode } from 'react';
import { Button } from './button';
import { classNames } from './class-names';
import styles from './error-state.module.css';

export interface ErrorStateProps {
  /** The message, e.g. "Failed to load interview details.". */
  message: ReactNode;
  title?: ReactNode;
  /** Shows the retry button when given. */
  onRetry?: () => void;
  retryLabel?: string;
  className?: string;
}

/** A failed load: announced to screen readers, with a "Try Again" button. */
export function ErrorState({
  message,
  title,
  onRetry,
  retryLabel = 'Try Again',
  className,
}: ErrorStateProps) {
  return (
    <div role="alert" className={classNames(styles.errorState, className)}>
      <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="10" fill="var(--color-danger-soft)" />
        <path d="M12 7v6" stroke="var(--color-danger-text)" strokeWidth="2.2" strokeLinecap="round" />
        <circle cx="12" cy="16.6" r="1.3" fill="var(--color-danger-text)" />
      </svg>
      <div className={styles.body}>
        {title && <p className={styles.title}>{title}</p>}
        <p className={styles.message}>{message}</p>
        {onRetry && (
          <Button variant="secondary" size="sm" onClick={onRetry} className={styles.retry}>
            {retryLabel}
          </Button>
        )}
      </div>
    </div>
  );
}
