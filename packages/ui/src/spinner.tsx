import { classNames } from './class-names';
import styles from './spinner.module.css';

export type SpinnerSize = 'sm' | 'md' | 'lg';

export interface SpinnerProps {
  size?: SpinnerSize;
  /** Announced to screen readers. Omit it when the spinner sits next to visible text (decorative). */
  label?: string;
  className?: string;
}

export function Spinner({ size = 'md', label, className }: SpinnerProps) {
  const circle = <span className={classNames(styles.spinner, styles[size], className)} aria-hidden="true" />;
  if (!label) return circle;
  return (
    <span role="status" className={styles.labelled}>
      {circle}
      <span className={styles.visuallyHidden}>{label}</span>
    </span>
  );
}
