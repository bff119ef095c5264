import type { CSSProperties } from 'react';
import { classNames } from './class-names';
import styles from './skeleton.module.css';

export interface SkeletonProps {
  /** 'lines': a paragraph placeholder; 'card': a card-shaped placeholder with a title and lines. */
  variant?: 'lines' | 'card';
  /** Number of text lines (default 3). */
  lines?: number;
  /** Announced to screen readers while the placeholder shows. */
  label?: string;
  className?: string;
}

function Lines({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, index) => (
        <span
          key={index}
          className={styles.line}
          // The last line is shorter, like the end of a paragraph.
          style={{ '--line-width': index === count - 1 && count > 1 ? '60%' : '100%' } as CSSProperties}
        />
      ))}
    </>
  );
}

/** A shimmering placeholder for content that is loading. */
export function Skeleton({ variant = 'lines', lines = 3, label = 'Loading...', className }: SkeletonProps) {
  return (
    <div role="status" aria-live="polite" className={classNames(styles.skeleton, styles[variant], className)}>
      <span className={styles.visuallyHidden}>{label}</span>
      <span className={styles.shapes} aria-hidden="true">
        {variant === 'card' && <span className={styles.heading} />}
        <Lines count={lines} />
      </span>
    </div>
  );
}
