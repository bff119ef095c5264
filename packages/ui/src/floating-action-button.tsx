import type { ComponentPropsWithRef, ReactNode } from 'react';
import { classNames } from './class-names';
import styles from './floating-action-button.module.css';

export interface FloatingActionButtonProps extends Omit<ComponentPropsWithRef<'button'>, 'children'> {
  /** The accessible name, e.g. "Create New Post"; shown as text next to the icon when `showLabel`. */
  label: string;
  /** Decorative icon; a plus by default. */
  icon?: ReactNode;
  showLabel?: boolean;
  /** For a button that opens and closes a panel: sets aria-expanded and turns the plus into a cross. */
  expanded?: boolean;
}

function Plus() {
  return (
    <svg viewBox="0 0 24 24" focusable="false">
      <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}

/** The round button fixed to the bottom-right corner (e.g. the community's "create post"). */
export function FloatingActionButton({
  label,
  icon,
  showLabel = false,
  expanded,
  className,
  type = 'button',
  ...rest
}: FloatingActionButtonProps) {
  return (
    <button
      type={type}
      aria-label={showLabel ? undefined : label}
      aria-expanded={expanded}
      className={classNames(
        styles.fab,
        showLabel && styles.withLabel,
        expanded && icon === undefined && styles.expanded,
        className,
      )}
      {...rest}
    >
      <span className={styles.icon} aria-hidden="true">
        {icon ?? <Plus />}
      </span>
      {showLabel && <span>{label}</span>}
    </button>
  );
}
