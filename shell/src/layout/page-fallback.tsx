import { Spinner } from '@campus/ui/spinner';
import styles from './page-fallback.module.css';

/** Shown while a screen's code loads: reserves the space, announces the wait. */
export function PageFallback() {
  return (
    <div className={styles.fallback}>
      <Spinner size="lg" label="Loading page" />
    </div>
  );
}
