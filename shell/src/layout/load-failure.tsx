import { Button } from '@campus/ui/button';
import { BackLink } from '@campus/ui/back-link';
import styles from './load-failure.module.css';

export interface LoadFailureProps {
  /** What could not load, in the user's words ("The library"). */
  subject?: string;
  onRetry(): void;
}

/** The friendly replacement for a part of the page that failed to load: never a blank screen. */
export function LoadFailure({ subject, onRetry }: LoadFailureProps) {
  return (
    <section className={styles.failure} role="alert" aria-labelledby="load-failure-title">
      <svg className={styles.icon} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <circle cx="24" cy="24" r="22" fill="var(--color-warning-soft)" />
        <path d="M24 13v14" stroke="var(--color-warning-text)" strokeWidth="4" strokeLinecap="round" />
        <circle cx="24" cy="34" r="2.6" fill="var(--color-warning-text)" />
      </svg>
      <h1 id="load-failure-title" className={styles.title}>
        This part could not load
      </h1>
      <p className={styles.text}>
        {subject ? `${subject} did not load` : 'Something did not load'}, probably a network hiccup. The rest
        of Campus Connect still works.
      </p>
      <div className={styles.actions}>
        <Button onClick={onRetry}>Retry</Button>
        <BackLink href="/feature">Back to Home</BackLink>
      </div>
    </section>
  );
}
