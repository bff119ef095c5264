import type { HTMLAttributes } from 'react';
import styles from './visually-hidden.module.css';

/** Text for assistive tech only (e.g. a heading the design does not show). */
export function VisuallyHidden(props: HTMLAttributes<HTMLSpanElement>) {
  return <span className={styles.visuallyHidden} {...props} />;
}

export interface SkipLinkProps {
  /** The id of the main content, without '#'. */
  targetId: string;
  children?: string;
}

/** The first focusable element of the page: jumps keyboard users past the nav bar. */
export function SkipLink({ targetId, children = 'Skip to main content' }: SkipLinkProps) {
  return (
    <a className={styles.skipLink} href={`#${targetId}`}>
      {children}
    </a>
  );
}
