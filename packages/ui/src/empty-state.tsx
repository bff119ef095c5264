import { useEffect, useRef, type ReactNode } from 'react';
import { classNames } from './class-names';
import styles from './empty-state.module.css';

export interface EmptyStateProps {
  /** The message, e.g. "No books found matching your criteria". */
  title: ReactNode;
  description?: ReactNode;
  /** A decorative illustration or emoji; defaults to an empty-tray drawing. */
  icon?: ReactNode;
  /** A follow-up action, e.g. a ButtonLink. */
  action?: ReactNode;
  className?: string;
  /**
   * Set when the list just became empty under the user (its last item reviewed or removed): the
   * message takes focus if focus was lost with the item, so it never falls to the page.
   */
  takeLostFocus?: boolean;
}

function EmptyTray() {
  return (
    <svg viewBox="0 0 64 48" focusable="false">
      <rect x="6" y="14" width="52" height="30" rx="8" fill="var(--color-primary-soft)" />
      <path
        d="M6 30h14l4 6h16l4-6h14"
        fill="none"
        stroke="var(--color-primary)"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path
        d="M22 8l3 5M32 4v7M42 8l-3 5"
        stroke="var(--color-primary)"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** What a list shows when it has nothing to show. */
export function EmptyState({ title, description, icon, action, className, takeLostFocus }: EmptyStateProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (takeLostFocus && (active === null || active === document.body)) ref.current?.focus();
  }, [takeLostFocus]);
  return (
    <div
      ref={ref}
      className={classNames(styles.emptyState, className)}
      tabIndex={takeLostFocus ? -1 : undefined}
    >
      <div className={styles.icon} aria-hidden="true">
        {icon ?? <EmptyTray />}
      </div>
      <p className={styles.title}>{title}</p>
      {description && <p className={styles.description}>{description}</p>}
      {action && <div className={styles.action}>{action}</div>}
    </div>
  );
}
