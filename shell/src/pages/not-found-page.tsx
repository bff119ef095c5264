import { ButtonLink } from '@campus/ui/button';
import { usePageTitle } from '@campus/web-kit/use-page-title';
import styles from './not-found-page.module.css';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <section className={styles.notFound} aria-labelledby="not-found-title">
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className={styles.title}>
        Page not found
      </h1>
      <p className={styles.text}>The page you asked for does not exist or has moved.</p>
      <div className={styles.actions}>
        <ButtonLink href="/feature">Go to Home</ButtonLink>
        <ButtonLink href="/" variant="secondary">
          Landing page
        </ButtonLink>
      </div>
    </section>
  );
}
